// Every MCP method this server answers, as one table made once per process: the stateless dispatch both
// transports share (adapters/mcp-http.ts, adapters/mcp-stdio.ts). A method's answer depends only on its
// params and the caller; what depends on neither (the tool list, the prompts, the templates, discover) is
// encoded once per era and address and answered from ready text (docs/behaviour.md §11).
import { ProtocolError, ProtocolErrorCode, type HandlerResultTypeMap } from "@modelcontextprotocol/server";
import type { Operation } from "../tools/operation.ts";
import type { AdapterContext } from "./context.ts";
import type { MethodCall } from "./mcp-caller.ts";
import { INSTRUCTIONS, serverInfoFor } from "./mcp-identity.ts";
import { complete, getPrompt, listPrompts, type CompleteParams } from "./mcp-prompts.ts";
import { listResourceTemplates, listResources, readResource } from "./mcp-resources.ts";
import { getSkill, isSkillUri, listSkills, readSkill } from "./mcp-skills.ts";
import { callTool, toolsOf } from "./mcp-tools.ts";
import { CAPABILITIES, LEGACY_VERSIONS, PROTOCOL_VERSIONS, RawJson, isObject } from "./mcp-wire.ts";

/** What a method's handler gives back: a result object, or a result already encoded (a tool call's bytes). */
export type MethodResult<R = Record<string, unknown>> = R | RawJson;

export interface Method<R = Record<string, unknown>> {
  /** Whether the params are what the method reads; anything else goes to the SDK, which refuses it in its words. */
  accepts(params: Params): boolean;
  answer(params: Params, call: MethodCall): MethodResult<R> | Promise<MethodResult<R>>;
  /** The same for every caller of an era at one address: encoded once (adapters/mcp-wire.ts). */
  fixed?: boolean;
}

/** The standard methods the SDK's own entry (adapters/mcp.ts) may hand to the table, each with the SDK's result type. */
export const STANDARD = [
  "tools/list",
  "tools/call",
  "resources/list",
  "resources/templates/list",
  "resources/read",
  "prompts/list",
  "prompts/get",
  "completion/complete",
] as const;
export type StandardMethod = (typeof STANDARD)[number];
export type StandardMethods = { [M in StandardMethod]: Method<HandlerResultTypeMap[M]> };

export type Params = Record<string, unknown>;

const isString = (v: unknown): v is string => typeof v === "string";
const any = () => true;
/** A list of one page gives no cursor, so any cursor a client sends is not one this server gave (-32602, as the spec asks). */
const noCursor = (p: Params) => p.cursor === undefined;

/**
 * A method whose params are read once by `read` (null: not what the method reads) and handed to `answer` typed:
 * the check that decides whether the table serves a message is the one that types what the handler gets.
 */
function method<P, R>(
  read: (params: Params) => P | null,
  answer: (p: P, call: MethodCall) => MethodResult<R> | Promise<MethodResult<R>>,
  fixed?: boolean,
): Method<R> {
  const parsed = (params: Params): P => {
    const p = read(params);
    // The dispatch asks `accepts` first; a message that reaches here unread is the SDK's to refuse.
    if (p === null) throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid params");
    return p;
  };
  return { accepts: (params) => read(params) !== null, answer: (params, call) => answer(parsed(params), call), ...(fixed ? { fixed } : {}) };
}

/** A string-to-string record read value by value (prompt arguments); a null value is an argument not given. */
function stringRecord(v: unknown): Record<string, string> | null {
  if (!isObject(v)) return null;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(v)) {
    if (value === null) continue;
    if (!isString(value)) return null;
    out[key] = value;
  }
  return out;
}

/**
 * The methods whose answers need nothing but the operations and the caller (no library, no store): what stdio answers
 * while the services are still starting (adapters/mcp-stdio.ts), and part of the whole table.
 */
export function contextFreeMethods(operations: Operation[]) {
  return {
    "tools/list": {
      accepts: noCursor,
      fixed: true,
      answer: (_: Params, call: MethodCall) => ({ tools: toolsOf(operations, call.base).map((t) => t.tool) }),
    } satisfies StandardMethods["tools/list"],
    "resources/templates/list": { accepts: noCursor, fixed: true, answer: () => listResourceTemplates() } satisfies StandardMethods["resources/templates/list"],
    "prompts/list": { accepts: noCursor, fixed: true, answer: () => listPrompts() } satisfies StandardMethods["prompts/list"],
    initialize: method(
      (p) => (isString(p.protocolVersion) ? p.protocolVersion : null),
      (version, call) => ({
        // The 2025 handshake: the client's version when this server speaks it, else the newest 2025 one it does.
        protocolVersion: LEGACY_VERSIONS.includes(version) ? version : LEGACY_VERSIONS[0],
        capabilities: CAPABILITIES,
        serverInfo: serverInfoFor(call.base),
        instructions: INSTRUCTIONS,
      }),
    ),
    ping: { accepts: any, answer: () => ({}) } satisfies Method,
    // Every revision this dual-era server speaks, as the spec's dual-era example lists them, not only the stateless
    // one.
    "server/discover": {
      accepts: any,
      fixed: true,
      answer: () => ({ supportedVersions: PROTOCOL_VERSIONS, capabilities: CAPABILITIES, instructions: INSTRUCTIONS }),
    } satisfies Method,
  };
}

/** The method table for one operation list and composition root: built once, by the transports' factories. */
export function createMcpMethods(operations: Operation[], app: AdapterContext): { all: Map<string, Method>; standard: StandardMethods } {
  const free = contextFreeMethods(operations);
  // Typed by the SDK's result map, so what the SDK's entry gets from the table is what it expects.
  const standard: StandardMethods = {
    "tools/list": free["tools/list"],
    // Its result is always the encoded bytes (RawJson), never an object: the type says which result they encode.
    "tools/call": method<{ name: string; args: Params }, HandlerResultTypeMap["tools/call"]>(
      // Null arguments are none, as a null argument is one not sent (adapters/null-as-absent.ts).
      (p) => (isString(p.name) && (p.arguments == null || isObject(p.arguments)) ? { name: p.name, args: p.arguments ?? {} } : null),
      ({ name, args }, call) => callTool(toolsOf(operations, call.base), name, args, app, call),
    ),
    // Encoded once per library, address and page (RawJson), as a tool call's result is: the type says which result.
    "resources/list": method<{ cursor: string | undefined }, HandlerResultTypeMap["resources/list"]>(
      (p) => (p.cursor === undefined || isString(p.cursor) ? { cursor: p.cursor } : null),
      ({ cursor }, call) => listResources(app.library, cursor, call.base),
    ),
    "resources/templates/list": free["resources/templates/list"],
    "resources/read": method(
      (p) => (isString(p.uri) ? p.uri : null),
      (uri, call) => (isSkillUri(uri) ? readSkill(uri, operations, app.library, call.base) : readResource(uri, app, call)),
    ),
    "prompts/list": free["prompts/list"],
    // Its result is always the encoded bytes (RawJson), as a tool call's is: the type says which result they encode.
    "prompts/get": method<{ name: string; args: Record<string, string> | undefined }, HandlerResultTypeMap["prompts/get"]>(
      (p) => {
        const args = p.arguments == null ? undefined : stringRecord(p.arguments);
        return isString(p.name) && args !== null ? { name: p.name, args } : null;
      },
      ({ name, args }, call) => getPrompt(name, args, app, call),
    ),
    "completion/complete": method(
      (p): CompleteParams | null => {
        const { ref, argument } = p;
        if (!isObject(ref) || !isString(ref.type) || !isObject(argument) || !isString(argument.name) || !isString(argument.value)) return null;
        const named = { ...(isString(ref.name) ? { name: ref.name } : {}), ...(isString(ref.uri) ? { uri: ref.uri } : {}) };
        return { ref: { type: ref.type, ...named }, argument: { name: argument.name, value: argument.value } };
      },
      (params) => complete(params, app),
    ),
  };
  const others: Record<string, Method> = {
    initialize: free.initialize,
    ping: free.ping,
    "server/discover": free["server/discover"],
    "skills/list": { accepts: noCursor, answer: (_, call) => listSkills(operations, app.library, call.base, call.era.modern) },
    "skills/get": method(
      (p) => (isString(p.uri) ? p.uri : null),
      (uri, call) => getSkill(uri, operations, app.library, call.base, call.era.modern),
    ),
  };
  return { all: new Map<string, Method>([...Object.entries(others), ...Object.entries(standard)]), standard };
}

/** What a method's params must be, said when they are not (the SDK would say it as a Zod dump). */
const PARAMS_WANTED: Record<string, string> = {
  "tools/call": "params.name must be a tool's name (tools/list names them) and params.arguments, if given, an object",
  "resources/read": "params.uri must be a resource's URI (resources/list and resources/templates/list give them)",
  "prompts/get": "params.name must be a prompt's name (prompts/list names them) and params.arguments, if given, an object of strings",
  "completion/complete": "params.ref must be a ref/prompt or ref/resource, and params.argument an object with a name and a value",
  "skills/get": "params.uri must be a skill's URI (skills/list gives them)",
  "resources/list": "params.cursor, if given, must be a cursor this server gave (a string)",
  initialize: "params.protocolVersion must be a protocol revision such as 2025-11-25, beside params.capabilities and params.clientInfo",
};

/** -32602's message for a known method whose params cannot be read. */
export function invalidParamsMessage(method: string): string {
  return `Invalid params for ${method}: ${PARAMS_WANTED[method] ?? "this list is one page, so it takes no params.cursor (a cursor this server never gave)"}.`;
}

/** An unexpected failure inside a method, as JSON-RPC reports it (a tool's own failures are results, not errors). */
export function asProtocolError(error: unknown): ProtocolError {
  return error instanceof ProtocolError ? error : new ProtocolError(ProtocolErrorCode.InternalError, "Internal error");
}
