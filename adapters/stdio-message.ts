// A stdio line's JSON-RPC message, checked as the SDK's message schema checks it: for a request or a notification in
// the forms clients send, here, without the schema (whose parse cost a 2026-07-28 call over stdio 1–2 µs, copying
// the envelope's objects); anything else goes to the SDK's `parseJSONRPCMessage`, which answers it as before.
import { isObject } from "../core/is-object.ts";

/** The fields a request or a notification may have: the SDK's schemas for them are strict. */
const FIELDS: ReadonlySet<string> = new Set(["jsonrpc", "id", "method", "params"]);
/** Keys of `params._meta` the SDK's schema checks the values of: a message naming one is left to it. */
const CHECKED_META = ["progressToken", "io.modelcontextprotocol/related-task"];

/**
 * The message when it is a request (a string or safe-integer id) or a notification (no id) that the SDK's schema
 * would accept unchanged: `params` absent or an object, its `_meta` absent or an object. Null otherwise: for the
 * SDK to check (and refuse in its own words). Never accepts a message the schema refuses.
 */
export function plainRequestOrNotification(message: unknown): Record<string, unknown> | null {
  if (!isObject(message) || message.jsonrpc !== "2.0" || typeof message.method !== "string") return null;
  for (const key in message) if (!FIELDS.has(key)) return null;
  if ("id" in message && !(typeof message.id === "string" || Number.isSafeInteger(message.id))) return null;
  if (!("params" in message)) return message;
  const { params } = message;
  if (!isObject(params)) return null;
  if (!("_meta" in params)) return message;
  const meta = params._meta;
  if (!isObject(meta) || CHECKED_META.some((key) => key in meta)) return null;
  return message;
}
