// What the fuzzer asserts about each answer, the observable state a refused write must leave alone,
// and the failures already reported (each has its own `.fails` test, so a fix is noticed).
import { join } from "node:path";
import type { RouteSpec, JsonSchema } from "./fuzz-inputs.ts";
import { rawRequest, stateFiles, type RawOutcome, type RawRequest } from "./raw-http.ts";

export const REQUEST_TIMEOUT_MS = 15_000;
export const BODY_LIMIT = 65_536;

/** The routes of /openapi.json with their parameter and body schemas. */
export function routesOf(openapi: any): RouteSpec[] {
  const out: RouteSpec[] = [];
  for (const [path, methods] of Object.entries<any>(openapi.paths)) {
    for (const [method, op] of Object.entries<any>(methods)) {
      out.push({
        method: method.toUpperCase() as "GET" | "POST",
        path,
        params: (op.parameters ?? []).map((p: any) => ({ name: p.name, in: p.in, required: !!p.required, schema: p.schema as JsonSchema })),
        body: op.requestBody?.content?.["application/json"]?.schema,
        statuses: Object.keys(op.responses ?? {}).map(Number),
      });
    }
  }
  return out;
}

const INTERNAL = "could not complete this request";

/** The shared error body: `error`, `suggestion`, `next_steps`. JSON-RPC errors from /mcp follow their own protocol. */
export function errorShapeProblem(json: unknown): string | null {
  if (json === null || typeof json !== "object") return "the JSON error body is not an object";
  const body = json as Record<string, unknown>;
  if ("jsonrpc" in body) return null;
  if (typeof body.error !== "string" || !body.error) return `the error body has no \`error\` string: ${JSON.stringify(body).slice(0, 200)}`;
  if (typeof body.suggestion !== "string" || !body.suggestion) return "the error body has no `suggestion`";
  if (!Array.isArray(body.next_steps)) return "the error body has no `next_steps` list";
  if (body.error.includes(INTERNAL)) return "an internal error body (500) was answered";
  return null;
}

/** Every property of one answer; null when it holds. */
export function problemWith(req: RawRequest & { route?: RouteSpec }, out: RawOutcome): string | null {
  if (out.kind === "timeout") return `no answer within ${REQUEST_TIMEOUT_MS} ms (hang)`;
  if (out.kind === "error") return out.code === "CLIENT_REFUSED" ? null : `the connection failed: ${out.code} ${out.message}`;
  const bytes = req.body === undefined ? 0 : Buffer.byteLength(req.body);
  // Over the limit: 413 where the route documents it (others, e.g. a disabled admin route, may refuse first), never a success.
  if (req.method === "POST" && bytes > BODY_LIMIT && (req.route?.statuses.includes(413) ? out.status !== 413 : out.status < 300)) return `a ${bytes}-byte body was answered ${out.status}, not 413`;
  const designed503 = out.status === 503 && !!req.route?.statuses.includes(503);
  if (out.status >= 500 && !designed503) return `answered ${out.status}: ${out.text.slice(0, 300)}`;
  if (out.status >= 400 && out.json !== undefined) return errorShapeProblem(out.json);
  if (out.status >= 400 && String(out.headers["content-type"] ?? "").includes("json")) return "the JSON error body does not parse";
  return null;
}

/** unstorage refuses keys with a `.`/`..` segment (segments split on / \ :) and everything after `?`; fs refuses NUL. */
export function unsafeKeyPart(value: unknown): boolean {
  if (typeof value !== "string") return false;
  const v = value.trim();
  return v.includes("\u0000") || v.split("?")[0].split(/[/\\:]/).some((s) => s === "." || s === "..");
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function bodyField(body: RawRequest["body"], field: string): unknown {
  try {
    return JSON.parse(String(body))?.[field];
  } catch {
    return undefined;
  }
}

/**
 * Failures already written up (BUG-1, BUG-2 in the report). The fuzzer counts them instead of stopping on
 * them, so it keeps looking for new ones; the `.fails` tests in fuzz.test.ts pin each one down.
 */
export function knownBug(req: RawRequest, out: RawOutcome): string | null {
  if (out.kind !== "response") return null;
  const path = req.path.split("?")[0];
  // BUG-1: user input used as a storage key segment → unstorage/fs throws → 500.
  if (out.status === 500 && path === "/api/ask" && unsafeKeyPart(bodyField(req.body, "session_id"))) return "BUG-1 ask session_id";
  if (out.status === 500 && path.startsWith("/api/ask/conversation/") && unsafeKeyPart(decoded(path.slice("/api/ask/conversation/".length)))) return "BUG-1 conversation slug";
  // BUG-2: h3's own 400 for a malformed percent-encoded path bypasses the shared error body.
  if (out.status === 400 && (out.json as any)?.message === "Bad Request" && !(out.json as any)?.error) return "BUG-2 malformed URL body";
  return null;
}

/**
 * BUG-4: a reflection refused with 429 has already claimed its words in a same-words bucket and then
 * releases them, so the bucket file is rewritten twice (created as `{}` when it did not exist).
 */
export function knownStateChange(status: number, operation: string, before: Snapshot, after: Snapshot): string | null {
  if (status !== 429 || operation !== "reflect") return null;
  const x: string[] = JSON.parse(before.key).files;
  const y: string[] = JSON.parse(after.key).files;
  const changed = [...x.filter((f) => !y.includes(f)), ...y.filter((f) => !x.includes(f))];
  const others = { ...JSON.parse(before.key), files: null };
  const sameElsewhere = JSON.stringify(others) === JSON.stringify({ ...JSON.parse(after.key), files: null });
  return sameElsewhere && changed.every((f) => f.startsWith("reflections/same-words/")) ? "BUG-4 429 rewrites same-words bucket" : null;
}

export interface Snapshot {
  key: string;
  reflections: number;
}

/**
 * Observable state: reflection totals per song, recent conversations, the souls count, and every file
 * under DATA_DIR/state except rate-limit counters (name, size, mtime). A refused request must leave it
 * byte-for-byte equal; an accepted write may change it.
 */
export async function snapshot(url: string, dataDir: string): Promise<Snapshot> {
  const json = async (path: string) => {
    const out = await rawRequest(url, { method: "GET", path }, REQUEST_TIMEOUT_MS);
    if (out.kind !== "response" || out.status !== 200) throw new Error(`snapshot read ${path} failed: ${JSON.stringify(out).slice(0, 300)}`);
    return out.json as any;
  };
  const [bySong, recent, now] = await Promise.all([json("/api/reflections/by-song"), json("/api/ask/recent"), json("/api/now")]);
  const files = await stateFiles(join(dataDir, "state"));
  const key = JSON.stringify({
    songs: bySong.songs.map((s: any) => [s.slug, s.reflectionCount]),
    total: bySong.totalReflections,
    conversations: recent.conversations.map((c: any) => [c.slug, c.exchanges]),
    souls: now.congregation.souls,
    files,
  });
  return { key, reflections: bySong.totalReflections };
}

/** The first difference between two snapshots, for a readable failure. */
export function firstDifference(a: Snapshot, b: Snapshot): string {
  const x = JSON.parse(a.key);
  const y = JSON.parse(b.key);
  for (const k of Object.keys(x)) {
    if (JSON.stringify(x[k]) === JSON.stringify(y[k])) continue;
    if (k !== "files") return `${k}: ${JSON.stringify(x[k]).slice(0, 200)} → ${JSON.stringify(y[k]).slice(0, 200)}`;
    const added = y.files.filter((f: string) => !x.files.includes(f));
    const removed = x.files.filter((f: string) => !y.files.includes(f));
    return `files: +${JSON.stringify(added.slice(0, 5))} -${JSON.stringify(removed.slice(0, 5))}`;
  }
  return "no difference";
}
