// What the fuzzer asserts about each answer, the observable state a refused write must leave alone,
// and the failures already reported (each has its own `.fails` test, so a fix is noticed).
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
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
  // BUG-8: rate-limit keys are built from the raw name and client address (X-Forwarded-For) → same unstorage failure.
  const subjects = [bodyField(req.body, "name"), bodyField(req.body, "username"), req.headers?.["x-forwarded-for"]?.split(",").pop()?.trim()];
  if (out.status === 500 && subjects.some((v) => typeof v === "string" && unsafeKeyPart(v.normalize("NFKC").toLowerCase()))) return "BUG-8 rate-limit key";
  // BUG-2: h3's own 400 for a malformed percent-encoded path bypasses the shared error body.
  if (out.status === 400 && (out.json as any)?.message === "Bad Request" && !(out.json as any)?.error) return "BUG-2 malformed URL body";
  return null;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** One tools/call held to the same properties as a REST call; known bugs are named instead of failed. */
export async function mcpOutcome(mcp: Client, name: string, args: unknown): Promise<{ refused: boolean; problem: string | null; known: string | null }> {
  const field = (k: string) => (args && typeof args === "object" ? (args as Record<string, unknown>)[k] : undefined);
  try {
    const result: any = await mcp.callTool({ name, arguments: args as Record<string, unknown> }, undefined, { timeout: REQUEST_TIMEOUT_MS });
    const problem = result.isError ? errorShapeProblem(JSON.parse(result.content[0].text)) : null;
    const internal = !!problem?.includes("internal error");
    // BUG-1 over MCP; BUG-9: a lone surrogate in a path parameter breaks restPathOf's encodeURIComponent.
    if (internal && name === "ask" && unsafeKeyPart(field("session_id"))) return { refused: true, problem: null, known: "BUG-1 ask session_id (mcp)" };
    if (internal && ["path", "slug"].some((k) => LONE_SURROGATE.test(String(field(k) ?? "")))) return { refused: true, problem: null, known: "BUG-9 lone surrogate in a path parameter (mcp)" };
    return { refused: !!result.isError, problem, known: null };
  } catch (error) {
    // The SDK client cannot serialize 10,000 levels: nothing was sent.
    if (error instanceof RangeError) return { refused: true, problem: null, known: null };
    const code = (error as { code?: number }).code;
    const message = (error as Error).message;
    // BUG-5: arguments that are not an object are answered -32603 Internal error, not -32602 Invalid params.
    if (code === -32603 && /"arguments"[\s\S]*expected record/.test(message)) return { refused: true, problem: null, known: "BUG-5 mcp non-object arguments" };
    // HTTP-level refusals (400 too deep, 413 too large) and protocol-level ones (invalid params, invalid request) are fine.
    const fine = code === -32602 || code === -32600 || code === 400 || (code === 413 && Buffer.byteLength(JSON.stringify(args ?? {})) > BODY_LIMIT - 1_024);
    return { refused: true, problem: fine ? null : `tools/call threw ${code ?? ""} ${message.slice(0, 300)}`, known: null };
  }
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
