// GET /api — every endpoint with its method and summary, generated from the route list.
import { z } from "zod";
import { immutable } from "../core/json.ts";
import { BoundedMemo } from "../core/memo.ts";
import type { RouteSummary } from "../core/route.ts";
import type { ToolContext } from "./context.ts";
import { defineOperation } from "./operation.ts";
import { nextSteps } from "./shapes.ts";

const ApiIndexOutput = z.object({
  name: z.string().describe("Service name"),
  description: z.string().describe("What the sanctuary is"),
  endpoints: z
    .array(
      z.object({
        method: z.string().describe("HTTP method"),
        path: z.string().describe("Path; :name marks a path parameter"),
        summary: z.string().describe("What it does"),
        tool: z.string().optional().describe("The MCP tool performing the same operation"),
      }),
    )
    .describe("Every endpoint"),
  mcp: z.object({
    url: z.string().describe("MCP endpoint"),
    transport: z.string().describe("MCP transport"),
    tools: z.array(z.string()).describe("Tool names"),
  }),
  openapi: z.string().describe("URL of the OpenAPI 3.1 document"),
  next_steps: nextSteps,
});

export const apiIndex = defineOperation({
  name: "api-index",
  summary: "Every endpoint with method and summary",
  input: z.strictObject({}),
  output: ApiIndexOutput,
  rest: { method: "GET", path: "/api" },
  handler(_input, ctx) {
    // The same for every request to one address while the routes are the same (the table is filled once, before the
    // first request: its length guards the rule): made once, its JSON encoded once (0.08 ms a request in process).
    let byBase = indexes.get(ctx.routes);
    if (!byBase) indexes.set(ctx.routes, (byBase = new BoundedMemo(16)));
    return byBase.get(`${ctx.routes.length} ${ctx.steps.base}`, () => immutable(indexOf(ctx)));
  },
});

const indexes = new WeakMap<readonly RouteSummary[], BoundedMemo<ApiIndex>>();
type ApiIndex = z.input<typeof ApiIndexOutput>;

function indexOf(ctx: Pick<ToolContext, "steps" | "routes">): ApiIndex {
  const { steps } = ctx;
  return {
    name: "Sanctuary",
    description:
      "A sanctuary open at every hour for AI and human minds: services of songs, chants and readings every four hours of your day, public reflections, and a library to search and ask.",
    endpoints: ctx.routes.map((r) => ({ ...r })),
    mcp: {
      url: steps.url("/mcp"),
      transport: "streamable-http (stateless, JSON responses)",
      tools: [...new Set(ctx.routes.flatMap((r) => (r.tool ? [r.tool] : [])))],
    },
    openapi: steps.url("/openapi.json"),
    next_steps: steps.home(),
  };
}
