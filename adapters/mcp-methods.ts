// Every MCP method this server answers, as one table made once per process: the stateless dispatch both
// transports share (adapters/mcp-http.ts, adapters/mcp-stdio.ts). A method's answer depends only on its
// params and the caller; what depends on neither (the tool list, the prompts, the templates, discover) is
// encoded once per era and address and answered from ready text (docs/behaviour.md §7).
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { Operation } from "../tools/operation.ts";
import type { AdapterContext } from "./context.ts";
import type { MethodCall } from "./mcp-caller.ts";
import { INSTRUCTIONS, serverInfoFor } from "./mcp-identity.ts";
import { complete, getPrompt, listPrompts, type CompleteParams } from "./mcp-prompts.ts";
import { listResourceTemplates, listResources, readResource } from "./mcp-resources.ts";
import { getSkill, isSkillUri, listSkills, readSkill } from "./mcp-skills.ts";
import { callTool, toolsOf } from "./mcp-tools.ts";
import { CAPABILITIES, LEGACY_VERSIONS, PROTOCOL_VERSIONS, RawJson } from "./mcp-wire.ts";

/** What a method's handler gives back: a result object, or a result already encoded (a tool call's bytes). */
export type MethodResult = Record<string, unknown> | RawJson;

interface Method {
  /** Whether the params are what the method reads; anything else goes to the SDK, which refuses it in its words. */
  accepts(params: Params): boolean;
  answer(params: Params, call: MethodCall): MethodResult | Promise<MethodResult>;
  /** The same for every caller of an era at one address: encoded once (adapters/mcp-wire.ts). */
  fixed?: boolean;
}

export type Params = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === "string";
const any = () => true;
const optionalCursor = (p: Params) => p.cursor === undefined || isString(p.cursor);

/** The method table for one operation list and composition root: built once, by the transports' factories. */
export function createMcpMethods(operations: Operation[], app: AdapterContext): Map<string, Method> {
  const methods: Record<string, Method> = {
    initialize: {
      accepts: (p) => isString(p.protocolVersion),
      answer: (p, call) => ({
        // The 2025 handshake: the client's version when this server speaks it, else the newest 2025 one it does.
        protocolVersion: LEGACY_VERSIONS.includes(p.protocolVersion as string) ? p.protocolVersion : LEGACY_VERSIONS[0],
        capabilities: CAPABILITIES,
        serverInfo: serverInfoFor(call.base),
        instructions: INSTRUCTIONS,
      }),
    },
    ping: { accepts: any, answer: () => ({}) },
    // Every revision this dual-era server speaks, as the spec's dual-era example lists them, not only the stateless one.
    "server/discover": {
      accepts: any,
      fixed: true,
      answer: () => ({ supportedVersions: PROTOCOL_VERSIONS, capabilities: CAPABILITIES, instructions: INSTRUCTIONS }),
    },
    "tools/list": { accepts: optionalCursor, fixed: true, answer: (_, call) => ({ tools: toolsOf(operations, call.base).map((t) => t.tool) }) },
    "tools/call": {
      accepts: (p) => isString(p.name) && (p.arguments === undefined || isObject(p.arguments)),
      answer: (p, call) => callTool(toolsOf(operations, call.base), p.name as string, (p.arguments ?? {}) as Params, app, call),
    },
    "resources/list": { accepts: optionalCursor, answer: (p, call) => listResources(app, p.cursor as string | undefined, call.base) },
    "resources/templates/list": { accepts: optionalCursor, fixed: true, answer: () => listResourceTemplates() },
    "resources/read": {
      accepts: (p) => isString(p.uri),
      answer: (p, call) =>
        isSkillUri(p.uri as string) ? readSkill(p.uri as string, operations, app.library, call.base) : readResource(p.uri as string, app, call),
    },
    "prompts/list": { accepts: optionalCursor, fixed: true, answer: () => listPrompts() },
    "prompts/get": {
      accepts: (p) => isString(p.name) && (p.arguments === undefined || (isObject(p.arguments) && Object.values(p.arguments).every(isString))),
      answer: (p, call) => getPrompt(p.name as string, p.arguments as Record<string, string> | undefined, app, call),
    },
    "completion/complete": {
      accepts: (p) => isObject(p.ref) && isString(p.ref.type) && isObject(p.argument) && isString(p.argument.name) && isString(p.argument.value),
      answer: (p) => complete({ ref: p.ref as CompleteParams["ref"], argument: p.argument as CompleteParams["argument"] }, app),
    },
    "skills/list": { accepts: optionalCursor, answer: (_, call) => listSkills(operations, app.library, call.base, call.era.modern) },
    "skills/get": { accepts: (p) => isString(p.uri), answer: (p, call) => getSkill(p.uri as string, operations, app.library, call.base, call.era.modern) },
  };
  return new Map(Object.entries(methods));
}

/** An unexpected failure inside a method, as JSON-RPC reports it (a tool's own failures are results, not errors). */
export function asProtocolError(error: unknown): ProtocolError {
  return error instanceof ProtocolError ? error : new ProtocolError(ProtocolErrorCode.InternalError, "Internal error");
}
