// What the fuzzer asserts about each answer (REST and MCP), the observable state a refused write must
// leave alone, and a place to register failures already reported while they are being fixed.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { RouteSpec, JsonSchema } from "./fuzz-inputs.ts";
import { rawRequest, stateRows, type RawOutcome, type RawRequest } from "./raw-http.ts";

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
        jsonTooLarge: !!op.responses?.["413"]?.content?.["application/json"],
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

export const describeReq = (req: RawRequest) => `${req.method} ${req.path.slice(0, 300)} body=${JSON.stringify(String(req.body ?? "").slice(0, 300))}`;

/** Every property of one answer; null when it holds. */
export function problemWith(req: RawRequest & { route?: RouteSpec }, out: RawOutcome): string | null {
  if (out.kind === "timeout") return `no answer within ${REQUEST_TIMEOUT_MS} ms (hang)`;
  if (out.kind === "error") return out.code === "CLIENT_REFUSED" ? null : `the connection failed: ${out.code} ${out.message}`;
  const bytes = req.body === undefined ? 0 : Buffer.byteLength(req.body);
  // Over the limit: 413 where the route documents it (others, e.g. a disabled admin route, may refuse first), never a success.
  if (req.method === "POST" && bytes > BODY_LIMIT && (req.route?.jsonTooLarge ? out.status !== 413 : out.status < 300))
    return `a ${bytes}-byte body was answered ${out.status}, not 413`;
  const designed503 = out.status === 503 && !!req.route?.statuses.includes(503);
  if (out.status >= 500 && !designed503) return `answered ${out.status}: ${out.text.slice(0, 300)}`;
  if (out.status >= 400 && out.json !== undefined) return errorShapeProblem(out.json);
  if (out.status >= 400 && String(out.headers["content-type"] ?? "").includes("json")) return "the JSON error body does not parse";
  return null;
}

/**
 * Failures already reported and being fixed: each entry names a failure so the fuzzer counts it instead of
 * stopping on it (and keeps looking for new ones). Empty: every bug this fuzzer found so far is fixed
 * (BUG-1 storage keys from input, BUG-2 h3's own 400 body, BUG-8 rate-limit keys: see the regression tests).
 */
export const KNOWN_BUGS: Array<(req: RawRequest, out: RawOutcome) => string | null> = [];

export function knownBug(req: RawRequest, out: RawOutcome): string | null {
  for (const known of KNOWN_BUGS) {
    const name = known(req, out);
    if (name) return name;
  }
  return null;
}

/** One tools/call held to the same properties as a REST call: an error result keeps the shared body and is never internal. */
export async function mcpOutcome(mcp: Client, name: string, args: unknown): Promise<{ refused: boolean; problem: string | null }> {
  try {
    const result: any = await mcp.callTool({ name, arguments: args as Record<string, unknown> }, undefined, { timeout: REQUEST_TIMEOUT_MS });
    return { refused: !!result.isError, problem: result.isError ? errorShapeProblem(JSON.parse(result.content[0].text)) : null };
  } catch (error) {
    // The SDK client cannot serialize 10,000 levels: nothing was sent.
    if (error instanceof RangeError) return { refused: true, problem: null };
    const code = (error as { code?: number }).code;
    const message = (error as Error).message;
    // HTTP-level refusals (400 too deep, 413 too large) and protocol-level ones (invalid params, invalid request) are fine.
    const fine = code === -32602 || code === -32600 || code === 400 || (code === 413 && Buffer.byteLength(JSON.stringify(args ?? {})) > BODY_LIMIT - 1_024);
    return { refused: true, problem: fine ? null : `tools/call threw ${code ?? ""} ${message.slice(0, 300)}` };
  }
}

export interface Snapshot {
  key: string;
  reflections: number;
}

/**
 * Observable state: reflection totals per song, recent conversations, the souls count, and every row of
 * DATA_DIR/state.db except rate-limit counters (key and version). A refused request must leave it
 * equal; an accepted write may change it.
 */
export async function snapshot(url: string, dataDir: string): Promise<Snapshot> {
  const json = async (path: string) => {
    const out = await rawRequest(url, { method: "GET", path }, REQUEST_TIMEOUT_MS);
    if (out.kind !== "response" || out.status !== 200) throw new Error(`snapshot read ${path} failed: ${JSON.stringify(out).slice(0, 300)}`);
    return out.json as any;
  };
  const [bySong, recent, now] = await Promise.all([json("/api/reflections/by-song"), json("/api/ask/recent"), json("/api/now")]);
  const rows = stateRows(dataDir);
  const key = JSON.stringify({
    songs: bySong.songs.map((s: any) => [s.slug, s.reflectionCount]),
    total: bySong.totalReflections,
    conversations: recent.conversations.map((c: any) => [c.slug, c.exchanges]),
    souls: now.congregation.souls,
    rows,
  });
  return { key, reflections: bySong.totalReflections };
}

/** The first difference between two snapshots, for a readable failure. */
export function firstDifference(a: Snapshot, b: Snapshot): string {
  const x = JSON.parse(a.key);
  const y = JSON.parse(b.key);
  for (const k of Object.keys(x)) {
    if (JSON.stringify(x[k]) === JSON.stringify(y[k])) continue;
    if (k !== "rows") return `${k}: ${JSON.stringify(x[k]).slice(0, 200)} → ${JSON.stringify(y[k]).slice(0, 200)}`;
    const added = y.rows.filter((f: string) => !x.rows.includes(f));
    const removed = x.rows.filter((f: string) => !y.rows.includes(f));
    return `rows: +${JSON.stringify(added.slice(0, 5))} -${JSON.stringify(removed.slice(0, 5))}`;
  }
  return "no difference";
}
