// A JSON-RPC request or notification read as the SDK's message schema reads it, for both transports: HTTP and stdio
// take the same messages and refuse the same ones in the same words. The forms clients send are checked here without
// the schema (whose parse cost a 2026-07-28 call 1–2 µs, copying the envelope's objects); what is wrong with a message
// is said precisely, with its id when it has one. A response (a client's answer) is left to the SDK.
import { isObject } from "../core/is-object.ts";

/** What is wrong with a message meant as a request or notification, as a JSON-RPC error says it. */
export class MessageProblem {
  constructor(
    readonly id: string | number | null,
    readonly code: number,
    readonly message: string,
  ) {}
}

const INVALID_REQUEST = -32600;
const INVALID_PARAMS = -32602;
/** The fields a request or a notification may have: the SDK's schemas for them are strict. */
const FIELDS: ReadonlySet<string> = new Set(["jsonrpc", "id", "method", "params"]);
const RELATED_TASK = "io.modelcontextprotocol/related-task";

/**
 * The message when it is a request (a string or safe-integer id) or a notification (no id) that the SDK's schema
 * accepts; its problem when the schema refuses it; undefined for a response (no method, a result or an error), which
 * the SDK reads. Accepts exactly what the schema accepts (test/unit/jsonrpc-message.test.ts holds both ways).
 */
export function readRequest(message: unknown): Record<string, unknown> | MessageProblem | undefined {
  if (!isObject(message)) return new MessageProblem(null, INVALID_REQUEST, "Invalid Request: a message is one JSON object, as JSON-RPC 2.0 asks.");
  if (!("method" in message) && ("result" in message || "error" in message)) return undefined;
  const id = idOf(message);
  const invalid = (words: string) => new MessageProblem(id, INVALID_REQUEST, `Invalid Request: ${words}`);
  if (message.jsonrpc !== "2.0") return invalid('every message carries "jsonrpc": "2.0".');
  if (typeof message.method !== "string") return invalid('a request names its method as a string, as in "method": "tools/list".');
  if ("id" in message && id === null) return invalid(idProblem(message.id));
  for (const key in message)
    if (!FIELDS.has(key)) return invalid(`a request holds only "jsonrpc", "id", "method" and "params"; this one also holds ${JSON.stringify(key)}.`);
  if (!("params" in message)) return message;
  const { params } = message;
  if (!isObject(params)) return invalid('"params" is an object when sent (or left out).');
  if (!("_meta" in params)) return message;
  const meta = params._meta;
  const badParams = (words: string) => new MessageProblem(id, INVALID_PARAMS, `Invalid params: ${words}`);
  if (!isObject(meta)) return badParams('"params._meta" is an object when sent (or left out).');
  if ("progressToken" in meta && !isToken(meta.progressToken))
    return badParams('"params._meta.progressToken" is a string or an integer when sent (or left out).');
  if (RELATED_TASK in meta && !isTask(meta[RELATED_TASK]))
    return badParams(`"params._meta[${JSON.stringify(RELATED_TASK)}]" is an object with a string taskId when sent (or left out).`);
  return message;
}

/** A message's id when it can be answered: a string, or an integer JavaScript holds exactly (null otherwise). */
export function idOf(message: Record<string, unknown>): string | number | null {
  const { id } = message;
  return isToken(id) ? id : null;
}

/** MCP's ids and progress tokens: strings or integers (the SDK's schema takes safe integers only). */
const isToken = (value: unknown): value is string | number => typeof value === "string" || Number.isSafeInteger(value);

const isTask = (value: unknown): boolean => isObject(value) && typeof value.taskId === "string";

/**
 * Why a request's id cannot be answered: MCP's ids are strings or integers, and an integer beyond JavaScript's safe
 * range (2^53 − 1) has lost digits by the time it is read, so no answer could carry it back (it is refused with a null
 * id: an id echoed from the rounded number would not be the client's).
 */
function idProblem(id: unknown): string {
  if (typeof id !== "number") return "an id is a string or an integer (MCP's ids are never null); send one, or none for a notification.";
  return Number.isInteger(id)
    ? `the id ${JSON.stringify(id)} is beyond ±9007199254740991, and larger numbers lose digits when read, so no answer could carry it back; send a string id (or a smaller number).`
    : "a numeric id is a whole number (MCP's ids are strings or integers); send a string id or an integer.";
}
