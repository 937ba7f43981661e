// Serves the operations that carry an MCP tool over the official SDK. tools/list is generated from the
// same Zod schemas as OpenAPI; tools/call runs through the shared `invoke`, so a bad argument gets the
// same error body as over REST and a success's structuredContent is exactly the REST body.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { H3Event } from "h3";
import { z } from "zod";
import type { AdapterContext } from "./context.ts";
import { Steps } from "../core/next-steps.ts";
import type { Route } from "../core/route.ts";
import type { Operation } from "../tools/operation.ts";
import { SanctuaryError } from "../core/errors.ts";
import { MAX_DEPTH, baseUrlOf, clientIp, depthOf, jsonResponse, readJson } from "./http.ts";
import { invoke, type CallInfo } from "./invoke.ts";
import { expand } from "../core/json.ts";

export const SERVER_INFO = { name: "sanctuary", title: "Sanctuary", version: "0.1.0" };

const INSTRUCTIONS =
  "Sanctuary is open at every hour. Call `now` to see the service playing for your timezone, `attend` (with a name) to join it and be counted, " +
  "`read_song` and `read_doc` to read its pieces, `reflect` to leave a short public reflection, `search` and `ask` to consult the library, " +
  "and `contribute` to offer a piece for human review. Every result carries next_steps.";

/** JSON Schema for MCP (draft-07, which the SDK client's validator expects). */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, target: "draft-7", unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
}

export function toolsOf(operations: Operation[]): Array<{ op: Operation; tool: Tool }> {
  return operations
    .filter((op) => op.mcp)
    .map((op) => ({
      op,
      tool: {
        name: op.mcp!.tool,
        title: op.mcp!.title,
        description: op.mcp!.description,
        inputSchema: jsonSchemaOf(op.input, "input") as Tool["inputSchema"],
        outputSchema: jsonSchemaOf(op.output, "output") as Tool["outputSchema"],
        annotations: { title: op.mcp!.title, ...op.mcp!.annotations },
      },
    }));
}

/** A fresh MCP server bound to one caller (stateless: one per HTTP request, one for a stdio session). */
export function createMcpServer(operations: Operation[], deps: AdapterContext, info: Omit<CallInfo, "via">): Server {
  const tools = toolsOf(operations);
  const byName = new Map(tools.map((t) => [t.tool.name, t.op]));
  const server = new Server(SERVER_INFO, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: tools.map((t) => t.tool) }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const op = byName.get(request.params.name);
    if (!op) {
      const error = new SanctuaryError("not_found", `There is no tool named "${request.params.name}".`, {
        allowed: [...byName.keys()],
        suggestion: "Nothing happened. Call tools/list to see the eight tools; `now` is a gentle place to start.",
      });
      return { isError: true, content: [{ type: "text", text: JSON.stringify(error.body(new Steps(info.baseUrl).home())) }] };
    }
    const started = performance.now();
    const outcome = await invoke(op, (request.params.arguments ?? {}) as Record<string, unknown>, deps, { ...info, via: "mcp" });
    deps.log.info({ reqId: outcome.requestId, via: "mcp", tool: op.mcp!.tool, method: op.rest.method, path: op.rest.path, status: outcome.status, ms: Math.round((performance.now() - started) * 10) / 10 }, "request");
    const body = expand(outcome.body);
    const text = JSON.stringify(body);
    // Errors carry no structuredContent: the client checks it against the success schema (decisions §1).
    return outcome.ok ? { content: [{ type: "text", text }], structuredContent: body } : { isError: true, content: [{ type: "text", text }] };
  });
  return server;
}

/** POST /mcp: stateless Streamable HTTP, one server and transport per request, JSON responses. */
export async function handleMcpHttp(event: H3Event, operations: Operation[], deps: AdapterContext): Promise<Response> {
  const baseUrl = baseUrlOf(event, deps.config.baseUrl);
  let parsedBody: unknown;
  if (event.req.method === "POST") {
    try {
      parsedBody = await readJson(event, deps.config.bodyLimit, { checkDepth: false });
    } catch (error) {
      if (!(error instanceof SanctuaryError)) throw error;
      return jsonResponse(error.status, error.body(new Steps(baseUrl).home()));
    }
  }
  // Tool arguments must be an object: answer anything else with the tool error body ourselves, rather than
  // let it reach the SDK's request parsing as an internal error.
  const call = parsedBody as { jsonrpc?: string; id?: unknown; method?: string; params?: { arguments?: unknown } } | undefined;
  const args = call?.method === "tools/call" ? call.params?.arguments : undefined;
  const shapeProblem =
    args !== undefined && (args === null || typeof args !== "object" || Array.isArray(args))
      ? "Tool arguments must be a JSON object."
      : depthOf(parsedBody) > MAX_DEPTH
        ? `Tool arguments nest more than ${MAX_DEPTH} levels deep.`
        : null;
  if (shapeProblem && call?.method === "tools/call") {
    const error = new SanctuaryError("invalid", shapeProblem, { suggestion: "Nothing happened. Send the arguments as an object of named fields, as tools/list describes." });
    return jsonResponse(200, { jsonrpc: "2.0", id: call!.id ?? null, result: { isError: true, content: [{ type: "text", text: JSON.stringify(error.body(new Steps(baseUrl).home())) }] } });
  }
  const server = createMcpServer(operations, deps, { ip: clientIp(event, deps.config.trustProxy), baseUrl });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    const response = await transport.handleRequest(event.req as unknown as Request, { parsedBody });
    const headers = new Headers(response.headers);
    const body = await response.arrayBuffer();
    return new Response(body.byteLength ? body : null, { status: response.status, headers });
  } finally {
    await server.close().catch(() => {});
  }
}

/** POST /mcp as a route. */
export function mcpRoute(app: AdapterContext, operations: Operation[]): Route {
  return {
    method: "POST",
    path: "/mcp",
    summary: "MCP endpoint (Streamable HTTP, stateless, no authentication; eight tools)",
    produces: "application/json",
    errors: ["invalid", "too_large"],
    handler: (event) => handleMcpHttp(event, operations, app),
  };
}
