// The eight tools: tools/list from the operations' Zod schemas (compact output schemas), tools/call through
// the shared `invoke`, so a bad argument gets the REST error body and a success's structuredContent is exactly
// the REST body. Recordings ride along as resource_link content.
import { ProtocolError, ProtocolErrorCode, type CallToolResult, type Tool } from "@modelcontextprotocol/server";
import { bytesOf, jsonAndQuoted, type JsonForms } from "../core/json.ts";
import { expand, fieldOf } from "../core/body.ts";
import { BoundedMemo, perObject } from "../core/memo.ts";
import { isTool, type Body, type Operation } from "../tools/operation.ts";
import type { RecordingsOf } from "../tools/mcp-recordings.ts";
import { toolUiMeta } from "../tools/mcp-app.ts";
import type { AdapterContext } from "./context.ts";
import { toolIconsFor } from "./mcp-identity.ts";
import { mcpInputSchema, mcpOutputSchema } from "./mcp-schema.ts";
import { invoke, restPathOf } from "./invoke.ts";
import { logStdioCall } from "./request-log.ts";
import type { MethodCall } from "./mcp-caller.ts";
import { RawJson } from "./mcp-wire.ts";

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
    tools = operations.filter(isTool).map((op) => {
      // now and attend name the MCP App that renders their result (SEP-1865 `_meta.ui.resourceUri`).
      const meta = toolUiMeta(op);
      return {
        op,
        tool: {
          name: op.mcp.tool,
          title: op.mcp.title,
          description: op.mcp.description,
          inputSchema: mcpInputSchema(op),
          outputSchema: mcpOutputSchema(op),
          // The title once, on the tool (an annotation repeating it cost every session a few hundred bytes).
          annotations: op.mcp.annotations,
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

/** Frozen arguments by tool and JSON text: a handful of distinct values (timezones, slugs) is the common case. */
const argumentsByText = new BoundedMemo<Readonly<Record<string, unknown>>>(256);
const SHARED_ARGUMENTS_CHARS = 200;

/**
 * Short flat arguments as one frozen object per distinct value, as a REST query string is (adapters/http.ts
 * `queryObject`): `invoke` then validates each value once, not on every call. Anything nested or long is passed
 * as it came, and so are the arguments of an operation whose input is nearly always new (`inputMostlyNew`:
 * a search's words, a visitor's name), which kept would only turn the memo over, as REST reads their query afresh.
 */
function sharedArguments(op: Operation, args: Record<string, unknown>): Readonly<Record<string, unknown>> {
  if (op.inputMostlyNew) return args;
  for (const key in args) {
    const value = args[key];
    if (value !== null && typeof value === "object") return args;
  }
  const text = JSON.stringify(args);
  if (text.length > SHARED_ARGUMENTS_CHARS) return args;
  return argumentsByText.get(`${op.name} ${text}`, () => Object.freeze({ ...args }));
}

// Feedback is REST's alone (the spec's eight tools hold no ninth): an agent that reaches for it as a tool is told where it is.
const FEEDBACKISH = /feedback|report|bug|issue/i;
const FEEDBACK_BY_REST = " Feedback about the sanctuary goes over REST: POST /api/feedback (GET /api describes it).";

/**
 * tools/call through the shared `invoke`. The result is written from the body's bytes as REST writes them (the
 * shared part of now/attend encoded once): the same text is the text content and, unquoted, structuredContent.
 */
export async function callTool(tools: ListedTool[], name: string, args: Record<string, unknown>, app: AdapterContext, call: MethodCall): Promise<RawJson> {
  const listed = tools.find((t) => t.tool.name === name);
  // An unknown tool is a protocol error, not a tool's (the tools page, "Error Handling": -32602), as an unknown prompt is.
  if (!listed)
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `There is no tool named "${name}"; tools/list names the eight: ${tools.map((t) => t.tool.name).join(", ")}.${FEEDBACKISH.test(name) ? FEEDBACK_BY_REST : ""} \`now\` is a gentle place to start.`,
      { allowed: tools.map((t) => t.tool.name) },
    );
  const { op } = listed;
  const started = performance.now();
  const outcome = await invoke(op, sharedArguments(op, args), app, {
    ip: call.caller.ip,
    baseUrl: call.caller.baseUrl,
    via: "mcp",
    abortSignal: call.abortSignal,
  });
  // Over HTTP the request's own line (adapters/request-log.ts) names the tool, and its REST twin and status are added to
  // it; over stdio there is no request, so the call gets its line here. The twin's real path, its query (like a search's
  // words) never.
  if (call.caller.transport === "stdio") {
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const { method } = op.rest;
    logStdioCall(app.log, { reqId: outcome.requestId, tool: name, client: call.caller.client, method, path: restPathOf(op, args), status: outcome.status, ms });
  } else call.record?.({ rest: `${op.rest.method} ${restPathOf(op, args)}`, restStatus: outcome.status });
  if (!outcome.ok) return new RawJson([JSON.stringify(errorResult(outcome.error))]);
  // resource_link content arrived with 2025-06-18: older clients get the body alone.
  const recordings = call.era.version >= "2025-06-18" ? op.mcp?.recordings : undefined;
  const more = recordings ? linksText(recordings, outcome.body) : "";
  return toolResult(jsonAndQuoted(outcome.body), more);
}

/**
 * Per body's forms kept (an immutable body: a song, a document), the result written out once in one buffer: each call
 * had written its pieces again. Never for a joined body's forms, which last a millisecond (core/json.ts JsonForms).
 */
const keptResults = new WeakMap<JsonForms, { more: string; result: RawJson }>();

/** A success's result: the body quoted as the text content, its recordings' links, the body as structuredContent. */
function toolResult(body: JsonForms, more: string): RawJson {
  const kept = keptResults.get(body);
  if (kept && kept.more === more) return kept.result;
  const pieces = ['{"content":[{"type":"text","text":', ...body.quoted, `}${more}],"structuredContent":`, ...body.text, "}"];
  if (!body.kept) return new RawJson(pieces);
  const result = new RawJson([bytesOf(pieces)], true);
  keptResults.set(body, { more, result });
  return result;
}

// A result's resource_link content as JSON (after a comma), per kind of recordings and the part of the body they are
// read from: never changed once answered (RecordingsOf), so made once per part. A slot's service is the same for
// every visitor, and its links had been read from the whole body expanded on every attend over MCP.
const linksTexts = perObject((recordings: RecordingsOf) =>
  perObject((part: object) => {
    const links = recordings.links(part).map((r) => ({ type: "resource_link" as const, uri: r.uri, name: r.name, title: r.title, mimeType: "audio/mpeg" }));
    return links.length ? `,${JSON.stringify(links).slice(1, -1)}` : "";
  }),
);

function linksText(recordings: RecordingsOf, body: Body<unknown>): string {
  const part = recordings.field ? fieldOf(body, recordings.field) : expand(body);
  return part !== null && typeof part === "object" ? linksTexts(recordings)(part) : "";
}
