// MCP's wire forms for this server, both eras: the revisions it speaks, its capabilities, and the encoding of a
// JSON-RPC answer as text. A 2026-07-28 result carries `resultType`, cache fields on cacheable methods and the
// server's identity in `_meta`; a 2025 result is the result alone. Results that never change (the tool list,
// discover, …) are encoded once per era and address (docs/behaviour.md §11).
import { PROTOCOL_VERSION_META_KEY, ProtocolErrorCode, SERVER_INFO_META_KEY, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";
import { RawJson, bytesOf, type Bytes, type JsonPieces } from "../core/json.ts";
import { BoundedMemo } from "../core/memo.ts";
import type { Era } from "./mcp-caller.ts";
import { serverInfoFor } from "./mcp-identity.ts";
import { SKILLS_CAPABILITY } from "./mcp-skills.ts";

export { isObject } from "../core/is-object.ts";

/** The stateless revision (the SDK serves it, but exports no constant naming it). */
export const MODERN_PROTOCOL_VERSION = "2026-07-28";

/** The 2025 revisions served after initialize, newest first. */
export const LEGACY_VERSIONS: readonly string[] = [...SUPPORTED_PROTOCOL_VERSIONS]
  .filter((v) => v >= "2025-03-26" && v < MODERN_PROTOCOL_VERSION)
  .sort()
  .reverse();

/** Every revision served, newest first: 2026-07-28 statelessly, 2025-11-25 back to 2025-03-26 after initialize. */
export const PROTOCOL_VERSIONS: string[] = [MODERN_PROTOCOL_VERSION, ...LEGACY_VERSIONS];

export { PROTOCOL_VERSION_META_KEY };

export const CAPABILITIES = {
  tools: { listChanged: false },
  resources: { listChanged: false },
  prompts: { listChanged: false },
  completions: {},
  ...SKILLS_CAPABILITY,
};

export const eraOf = (version: string): Era => ({ version, modern: version >= MODERN_PROTOCOL_VERSION });

/** A result already written as JSON (a tool call reuses its body's encoded bytes, see mcp-tools.ts). */
export { RawJson };

// The 2026-07-28 revision lets clients cache list results; these never change while the process runs. Other
// cacheable methods get the revision's defaults (no caching), as the SDK writes them.
const HOUR = { ttlMs: 3_600_000, cacheScope: "public" };
const NO_CACHE = { ttlMs: 0, cacheScope: "private" };
const CACHE_HINTS: Record<string, typeof HOUR> = { "tools/list": HOUR, "prompts/list": HOUR, "resources/templates/list": HOUR, "server/discover": HOUR };
const CACHEABLE = new Set(["tools/list", "prompts/list", "resources/list", "resources/templates/list", "resources/read", "server/discover"]);

const identities = new BoundedMemo<string>(16);
const identityText = (base: string) => identities.get(base, () => JSON.stringify(serverInfoFor(base)));

/** The fields a 2026-07-28 result ends with, as text after a comma: the same per method and address, so made once. */
const tails = new BoundedMemo<string>(128);
const modernTail = (method: string, base: string): string => tails.get(`${method} ${base}`, () => tailOf(method, base));
function tailOf(method: string, base: string): string {
  const hint = CACHEABLE.has(method) ? (CACHE_HINTS[method] ?? NO_CACHE) : null;
  const cache = hint ? `,"ttlMs":${hint.ttlMs},"cacheScope":"${hint.cacheScope}"` : "";
  return `"resultType":"complete"${cache},"_meta":{"${SERVER_INFO_META_KEY}":${identityText(base)}}`;
}

/** Per kept result (core/json.ts RawJson), its bytes with the era's fields of the last method and address asked. */
const tailed = new WeakMap<RawJson, { method: string; base: string; bytes: Bytes }>();

/** A result object's JSON with the era's fields added (none of our results has its own `resultType` or `_meta`: one would be written twice, and readers keep the last). */
export function resultPieces(method: string, result: Record<string, unknown> | RawJson, era: Era, base: string): JsonPieces {
  const pieces = result instanceof RawJson ? result.pieces : [JSON.stringify(result)];
  if (!era.modern) return pieces;
  if (!(result instanceof RawJson && result.kept)) return withTail(pieces, modernTail(method, base));
  // Compared as they are, not through the tails' memo: its key is made per lookup.
  const last = tailed.get(result);
  if (last && last.method === method && last.base === base) return [last.bytes];
  const bytes = bytesOf(withTail(pieces, modernTail(method, base)));
  tailed.set(result, { method, base, bytes });
  return [bytes];
}

/** The object's closing brace is its last piece's last byte: the era's fields go before it. */
function withTail(pieces: JsonPieces, tail: string): JsonPieces {
  const last = pieces[pieces.length - 1];
  const open = typeof last === "string" ? last.slice(0, -1) : last.subarray(0, last.length - 1);
  const empty = pieces.length === 1 && open.length === 1;
  return [...pieces.slice(0, -1), open, `${empty ? "" : ","}${tail}}`];
}

export type Id = string | number | null;

/** One JSON-RPC answer with a result, as bytes. */
export const resultMessage = (id: Id, result: JsonPieces) => bytesOf([`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":`, ...result, "}"]);

export function errorMessage(id: Id, code: number, message: string, data?: unknown): string {
  return JSON.stringify({ jsonrpc: "2.0", id, error: { code, message, ...(data === undefined ? {} : { data }) } });
}

/** UnsupportedProtocolVersionError (-32022, 2026-07-28 "Versioning"), one form for HTTP and stdio: the versions served, to retry with. */
export function unsupportedVersionMessage(id: Id, requested: unknown): string {
  return errorMessage(
    id,
    ProtocolErrorCode.UnsupportedProtocolVersion,
    `Unsupported protocol version: ${String(requested)} (supported versions: ${PROTOCOL_VERSIONS.join(", ")})`,
    {
      supported: PROTOCOL_VERSIONS,
      requested,
    },
  );
}
