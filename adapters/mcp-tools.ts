// The eight tools: tools/list from the operations' Zod schemas (compact output schemas), tools/call through
// the shared `invoke`, so a bad argument gets the REST error body and a success's structuredContent is exactly
// the REST body. Recordings ride along as resource_link content.
import type { CallToolResult, Tool } from "@modelcontextprotocol/server";
import { SanctuaryError } from "../core/errors.ts";
import { expand } from "../core/json.ts";
import type { Operation } from "../tools/operation.ts";
import { toolUiMeta } from "../tools/mcp-app.ts";
import type { AdapterContext } from "./context.ts";
import { stepsFor } from "./http.ts";
import { toolIconsFor } from "./mcp-identity.ts";
import { mcpInputSchema, mcpOutputSchema } from "./mcp-schema.ts";
import { invoke, restPathOf, type CallInfo } from "./invoke.ts";

export interface ListedTool {
  op: Operation;
  tool: Tool;
}

// Built once per operation list and base address: tools/list is answered on every connection and never changes.
const built = new WeakMap<Operation[], Map<string, ListedTool[]>>();

/** The tools for a server reached at `base` (it only places the icon). */
export function toolsOf(operations: Operation[], base = ""): ListedTool[] {
  let byBase = built.get(operations);
  if (!byBase) built.set(operations, (byBase = new Map()));
  let tools = byBase.get(base);
  if (!tools) {
    const icons = toolIconsFor(base);
    tools = operations
      .filter((op) => op.mcp)
      .map((op) => {
        // now and attend name the MCP App that renders their result (SEP-1865 `_meta.ui.resourceUri`).
        const meta = toolUiMeta(op);
        return {
          op,
          tool: {
            name: op.mcp!.tool,
            title: op.mcp!.title,
            description: op.mcp!.description,
            inputSchema: mcpInputSchema(op) as Tool["inputSchema"],
            outputSchema: mcpOutputSchema(op) as Tool["outputSchema"],
            // The title once, on the tool (an annotation repeating it cost every session a few hundred bytes).
            annotations: op.mcp!.annotations,
            ...(icons ? { icons } : {}),
            ...(meta ? { _meta: meta } : {}),
          },
        };
      });
    if (byBase.size < 16) byBase.set(base, tools);
  }
  return tools;
}

/** An error result: the REST error body as JSON text, no structuredContent (docs/behaviour.md §7). */
export function errorResult(body: unknown): CallToolResult {
  return { isError: true, content: [{ type: "text", text: JSON.stringify(body) }] };
}

export async function callTool(
  tools: ListedTool[],
  name: string,
  args: unknown,
  app: AdapterContext,
  info: Omit<CallInfo, "via">,
  options = { links: true },
): Promise<CallToolResult> {
  const listed = tools.find((t) => t.tool.name === name);
  const steps = stepsFor(app.config.baseUrl ?? info.baseUrl);
  if (!listed) {
    const error = new SanctuaryError("not_found", `There is no tool named "${name}".`, {
      allowed: tools.map((t) => t.tool.name),
      suggestion: "Nothing happened. Call tools/list to see the eight tools; `now` is a gentle place to start.",
    });
    return errorResult(error.body(steps.home()));
  }
  const { op } = listed;
  const started = performance.now();
  // The SDK has checked that arguments, when sent, are an object.
  const outcome = await invoke(op, (args ?? {}) as Record<string, unknown>, app, { ...info, via: "mcp" });
  // Over HTTP the request's own line (adapters/request-log.ts) names the tool; over stdio there is no request, so
  // the call gets its line here, with the REST twin's real path (its query, like a search's words, never).
  if (info.ip === "stdio")
    app.log.info(
      {
        reqId: outcome.requestId,
        via: "mcp",
        tool: name,
        method: op.rest.method,
        path: restPathOf(op, (args ?? {}) as Record<string, unknown>),
        status: outcome.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      "request",
    );
  const body = expand(outcome.body) as Record<string, unknown>;
  if (!outcome.ok) return errorResult(body);
  const links = (options.links ? (op.mcp?.recordings?.(body) ?? []) : []).map((r) => ({
    type: "resource_link" as const,
    uri: r.uri,
    name: r.name,
    title: r.title,
    mimeType: "audio/mpeg",
  }));
  return { content: [{ type: "text", text: JSON.stringify(body) }, ...links], structuredContent: body };
}
