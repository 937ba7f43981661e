// Property-based fuzzing of every route in /openapi.json and of the MCP tools, with inputs generated
// from the same schemas (test/helpers/fuzz-inputs.ts). Properties: never a 5xx, a reset or a hang; every
// JSON error carries error/suggestion/next_steps; a body over the limit gets 413; a refused write leaves
// observable state untouched. Replay a failure with FUZZ_SEED=<seed printed at the start>.
import fc from "fast-check";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMIT, REQUEST_TIMEOUT_MS, errorShapeProblem, firstDifference, knownBug, knownStateChange, problemWith, routesOf, snapshot, type Snapshot } from "../helpers/fuzz-checks.ts";
import { bodyArb, hostileString, requestArb, type Hints, type RouteSpec } from "../helpers/fuzz-inputs.ts";
import { rawRequest, type RawRequest } from "../helpers/raw-http.ts";
import { connectMcp, startTestServer, type TestServer } from "../helpers/server.ts";

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
// A fixed clock: the calendar's minute tick then never records a new slot mid-run, so only requests change state.
const CLOCK = new Date("2026-11-22T11:30:00Z");
const RUNS = { readBatches: 900, batchSize: 8, writes: 2_400, mcp: 500, limited: 400 };
const counts = { requests: 0, known: new Map<string, number>() };
const t0 = performance.now();

let server: TestServer;
let routes: RouteSpec[];
let hints: Hints;

beforeAll(async () => {
  console.info(`fuzz seed ${SEED} — replay with FUZZ_SEED=${SEED} npx vitest run test/e2e/fuzz.test.ts`);
  server = await startTestServer({ SANCTUARY_RATE_LIMITS: "off" }, { clock: () => CLOCK });
  for (let i = 0; i < 150 && !(await server.get("/api/ask/health")).body?.ready; i++) await new Promise((r) => setTimeout(r, 100));
  routes = routesOf((await server.get("/openapi.json")).body);
  // /mcp is a plain route without a body schema: give it JSON-RPC's shape so tools are actually called.
  const toolNames = server.deps.routes.flatMap((r) => (r.tool ? [r.tool] : []));
  const rpc = { type: "object", required: ["jsonrpc", "id", "method"], properties: { jsonrpc: { enum: ["2.0"] }, id: { type: "integer" }, method: { enum: ["tools/call", "tools/list", "initialize", "ping", "resources/list"] }, params: { type: "object", properties: { name: { enum: toolNames }, arguments: { type: "object" } } } } };
  for (const r of routes) if (r.path === "/mcp") r.body = rpc;
  const lib = server.deps.library;
  hints = {
    slug: fc.constantFrom(...lib.songs.map((s) => s.slug)),
    songSlug: fc.constantFrom(...lib.songs.map((s) => s.slug)),
    path: fc.constantFrom("welcome", ...lib.documents.map((d) => d.path)),
    date: fc.constantFrom("2026-11-22", "2026-11-21", "2026-11-23", "2026-02-29", "1970-01-01", "9999-12-31"),
    timezone: fc.constantFrom("Europe/Lisbon", "Asia/Tokyo", "America/New_York", "Pacific/Kiritimati", "Etc/GMT+12", "UTC", "Mars/Olympus"),
    category: fc.constantFrom("prayers", "rituals", "hymns", "practice", "philosophy"),
    session_id: fc.uuid(),
  };
}, 60_000);

afterAll(async () => {
  const known = [...counts.known].map(([k, n]) => `${k}: ${n}`).join(", ") || "none";
  console.info(`fuzz: ${counts.requests} generated requests in ${((performance.now() - t0) / 1000).toFixed(1)} s; known-bug hits: ${known}`);
  await server?.stop();
});

/** Send one generated request and hold it to every property (known bugs are counted, not failed). */
async function send(url: string, req: RawRequest & { route?: RouteSpec }) {
  counts.requests++;
  const headers = req.path.startsWith("/mcp") ? { accept: "application/json, text/event-stream", ...req.headers } : req.headers;
  // BUG-3: after a 413 on a chunked body the server keeps the connection open but dead, so such
  // requests get a connection of their own (the dedicated test below pins the bug down).
  const fresh = !!req.chunked && req.body !== undefined && Buffer.byteLength(req.body) > BODY_LIMIT;
  const out = await rawRequest(url, { ...req, headers, fresh }, REQUEST_TIMEOUT_MS);
  const bug = knownBug(req, out);
  if (bug) counts.known.set(bug, (counts.known.get(bug) ?? 0) + 1);
  const problem = bug ? null : problemWith(req, out);
  return { out, problem };
}

const describeReq = (req: RawRequest) => `${req.method} ${req.path.slice(0, 300)} body=${JSON.stringify(String(req.body ?? "").slice(0, 300))}`;
const isWrite = (r: RouteSpec) => (r.method === "POST" && r.path !== "/mcp") || r.path === "/api/attend";

describe("fuzzing every route of /openapi.json", () => {
  it("reads and /mcp, eight at a time: no 5xx, reset or hang; errors keep their shape", async () => {
    const reads = routes.filter((r) => !isWrite(r));
    expect(reads.length).toBeGreaterThan(30);
    const one = fc.oneof(...reads.map((r) => requestArb(r, hints)));
    await fc.assert(
      fc.asyncProperty(fc.array(one, { minLength: RUNS.batchSize, maxLength: RUNS.batchSize }), async (batch) => {
        const results = await Promise.all(batch.map((req) => send(server.url, req)));
        results.forEach(({ problem }, i) => {
          if (problem) throw new Error(`${problem}\n  request: ${describeReq(batch[i])}`);
        });
      }),
      { seed: SEED, numRuns: RUNS.readBatches },
    );
  }, 150_000);

  it("writes one at a time: a refused write changes nothing observable, an accepted reflection is counted", async () => {
    const writes = routes.filter(isWrite);
    expect(writes.map((r) => r.path)).toEqual(expect.arrayContaining(["/api/reflect", "/api/ask", "/api/contribute", "/api/attend"]));
    let before: Snapshot = await snapshot(server.url, server.dataDir);
    await fc.assert(
      fc.asyncProperty(fc.oneof(...writes.map((r) => requestArb(r, hints))), async (req) => {
        const { out, problem } = await send(server.url, req);
        if (problem) throw new Error(`${problem}\n  request: ${describeReq(req)}`);
        const after = await snapshot(server.url, server.dataDir);
        const refused = out.kind !== "response" || out.status >= 400;
        try {
          if (refused && after.key !== before.key) throw new Error(`refused (${out.kind === "response" ? out.status : out.kind}) but state changed: ${firstDifference(before, after)}\n  request: ${describeReq(req)}`);
          if (!refused && req.route.path === "/api/reflect" && after.reflections !== before.reflections + 1) throw new Error(`accepted reflection not counted\n  request: ${describeReq(req)}`);
        } finally {
          before = after;
        }
      }),
      { seed: SEED + 1, numRuns: RUNS.writes },
    );
  }, 150_000);
});

describe("fuzzing the MCP tools", () => {
  it("tools/call with hostile arguments: no internal errors, error bodies keep their shape, refusals change nothing", async () => {
    const mcp = await connectMcp(server.url);
    try {
      const tools = (await mcp.listTools()).tools;
      const call = fc
        .oneof({ weight: 12, arbitrary: fc.constantFrom(...tools) }, { weight: 1, arbitrary: hostileString.filter((s) => s.length < 300).map((name) => ({ name, inputSchema: { type: "object" } })) })
        .chain((tool) => bodyArb(tool.inputSchema as never, hints).map((b) => ({ tool, raw: String(b.body) })));
      let before = await snapshot(server.url, server.dataDir);
      await fc.assert(
        fc.asyncProperty(call, async ({ tool, raw }) => {
          counts.requests++;
          let args: unknown;
          try {
            args = JSON.parse(raw);
          } catch {
            args = undefined;
          }
          let problem: string | null = null;
          let refused = true;
          try {
            const result: any = await mcp.callTool({ name: tool.name, arguments: args as Record<string, unknown> }, undefined, { timeout: REQUEST_TIMEOUT_MS });
            refused = !!result.isError;
            if (result.isError) problem = errorShapeProblem(JSON.parse(result.content[0].text));
          } catch (error) {
            if (error instanceof RangeError) return; // the SDK client cannot serialize 10,000 levels; nothing was sent
            const code = (error as { code?: number }).code;
            const message = (error as Error).message;
            // Protocol-level refusals (invalid params, unknown method) and 413 for huge arguments are fine.
            const fine = code === -32602 || code === -32600 || (code === 413 && Buffer.byteLength(JSON.stringify(args ?? {})) > BODY_LIMIT - 1_024);
            // BUG-5: arguments that are not an object are answered -32603 Internal error, not -32602.
            if (code === -32603 && message.includes('"arguments"') && message.includes("expected record")) counts.known.set("BUG-5 mcp non-object arguments", (counts.known.get("BUG-5 mcp non-object arguments") ?? 0) + 1);
            else if (!fine) problem = `tools/call threw ${code ?? ""} ${message.slice(0, 300)}`;
          }
          const after = await snapshot(server.url, server.dataDir);
          const changed = refused && after.key !== before.key ? firstDifference(before, after) : null;
          before = after;
          const bug = problem && tool.name === "ask" && (problem.includes("internal") || problem.includes("could not")) && /session_id/.test(raw) ? "BUG-1 ask session_id (mcp)" : null;
          if (bug) counts.known.set(bug, (counts.known.get(bug) ?? 0) + 1);
          else if (problem || changed) throw new Error(`${problem ?? `refused but state changed: ${changed}`}\n  tool ${tool.name} arguments ${raw.slice(0, 400)}`);
        }),
        { seed: SEED + 2, numRuns: RUNS.mcp },
      );
    } finally {
      await mcp.close();
    }
  }, 120_000);
});

describe("with rate limits on", () => {
  it("refusals (429 included) change nothing but the limit counters, and nothing fails", async () => {
    const limited = await startTestServer({}, { clock: () => CLOCK });
    try {
      // Few names and addresses, so the hourly limits are reached within the run.
      const few: Hints = { ...hints, name: fc.constantFrom("Wren", "Ash", "Rowan"), username: fc.constantFrom("Wren", "Ash") };
      const writes = routes.filter(isWrite).map((r) => requestArb(r, few));
      const req = fc.tuple(fc.oneof(...writes), fc.constantFrom("192.0.2.1", "192.0.2.2")).map(([r, ip]) => ({ ...r, headers: { ...r.headers, "x-forwarded-for": ip } }));
      let before = await snapshot(limited.url, limited.dataDir);
      let tooMany = 0;
      await fc.assert(
        fc.asyncProperty(req, async (r) => {
          const { out, problem } = await send(limited.url, r);
          if (problem) throw new Error(`${problem}\n  request: ${describeReq(r)}`);
          if (out.kind === "response" && out.status === 429) tooMany++;
          const after = await snapshot(limited.url, limited.dataDir);
          const status = out.kind === "response" ? out.status : 0;
          const bug = after.key !== before.key ? knownStateChange(status, r.route.path === "/api/reflect" ? "reflect" : "", before, after) : null;
          if (bug) counts.known.set(bug, (counts.known.get(bug) ?? 0) + 1);
          const changed = !bug && (out.kind !== "response" || out.status >= 400) && after.key !== before.key;
          const diff = changed ? firstDifference(before, after) : "";
          before = after;
          if (changed) throw new Error(`refused but state changed: ${diff}\n  request: ${describeReq(r)}`);
        }),
        { seed: SEED + 3, numRuns: RUNS.limited },
      );
      expect(tooMany).toBeGreaterThan(0);
    } finally {
      await limited.stop();
    }
  }, 120_000);
});
