// The trace a refused MCP request leaves: one log line per kind of client (why it was refused, its user agent and
// the protocol version it spoke), so an operator can see which clients fail without a line per request. Never the
// request's body or arguments: the reason comes from our own answer, the rest from two headers and the version.
import type { Logger } from "../core/logger.ts";

export interface Refusal {
  /** HTTP status of the refusal. */
  status: number;
  /** Why, in a few words (the JSON-RPC error's message, or ours). */
  reason: string;
  userAgent: string;
  protocolVersion: string;
}

/** Kinds of clients remembered, so a client sending the same refused request again is not logged again. */
const REMEMBERED = 512;
const MAX_TEXT = 160;

const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text);

/** The protocol version a request names: the header, else the 2026-07-28 envelope, else initialize's params. */
export function protocolVersionOf(headers: Headers, body?: unknown): string {
  const header = headers.get("mcp-protocol-version");
  if (header) return header;
  const params = (body as { params?: { protocolVersion?: unknown; _meta?: Record<string, unknown> } } | null)?.params;
  const named = params?._meta?.["io.modelcontextprotocol/protocolVersion"] ?? params?.protocolVersion;
  return typeof named === "string" ? named : "none";
}

/** What a refusal's JSON-RPC body says went wrong (only its error message), or null when it is not that shape. */
export async function reasonOf(response: Response): Promise<string | null> {
  if (!String(response.headers.get("content-type")).includes("json")) return null;
  try {
    const body = (await response.clone().json()) as { error?: { message?: unknown } | string };
    const message = typeof body.error === "string" ? body.error : body.error?.message;
    return typeof message === "string" ? message : null;
  } catch {
    return null;
  }
}

export function refusalLog(log: Logger) {
  const seen = new Set<string>();
  return (refusal: Refusal): void => {
    const entry = { ...refusal, reason: clip(refusal.reason), userAgent: clip(refusal.userAgent), protocolVersion: clip(refusal.protocolVersion) };
    const kind = `${refusal.status}\n${entry.reason}\n${entry.userAgent}\n${entry.protocolVersion}`;
    if (seen.has(kind)) return;
    if (seen.size >= REMEMBERED) seen.delete(seen.values().next().value!);
    seen.add(kind);
    // A 405 is a client probing for what a stateless server does not keep (the v1 SDK client's GET for a stream of
    // server messages, a DELETE ending a session): official clients do it as a matter of course, so it is no warning.
    if (refusal.status === 405) log.info(entry, "mcp client refused");
    else log.warn(entry, "mcp client refused");
  };
}
