// Property-based fuzzing of every route in /openapi.json and of the MCP tools, with inputs generated
// from the same schemas (test/helpers/fuzz-inputs.ts). Properties: never a 5xx, a reset or a hang; every
// JSON error carries error/suggestion/next_steps; a body over the limit gets 413; a refused write leaves
// observable state untouched. Replay a failure with FUZZ_SEED=<seed printed at the start>.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  BODY_LIMIT,
  REQUEST_TIMEOUT_MS,
  describeReq,
  errorShapeProblem,
  firstDifference,
  knownBug,
  mcpOutcome,
  problemWith,
  routesOf,
  snapshot,
  type Snapshot,
} from "../helpers/fuzz-checks.ts";
import { bodyArb, hintsFrom, hostileString, jsonRpcSchema, requestArb, type Hints, type RouteSpec } from "../helpers/fuzz-inputs.ts";
import { rawRequest, stalledPost, twoOnOneConnection, type RawRequest } from "../helpers/raw-http.ts";
import { connectMcp, searchComplete, startTestServer, type TestServer } from "../helpers/server.ts";

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
// Seeds that once found a bug run on every CI pass, beside one random seed (FUZZ_SEED replays just that one):
// 195257517 and 1682694884 echoed an arbitrarily long /music/<slug> into a 301's Location header.
const FIXED_SEEDS = [195257517, 1682694884];
const READ_SEEDS = process.env.FUZZ_SEED ? [SEED] : [...FIXED_SEEDS, SEED];
// A fixed clock: the calendar's minute tick then never records a new slot mid-run, so only requests change state.
const CLOCK = new Date("2026-11-22T11:30:00Z");
// Fixed counts, the same properties at any count: the seeds that once found a bug replay every batch they found
// it within; the random seed explores fewer (it changes each run, so coverage accumulates across runs).
const RUNS = { fixedReadBatches: 320, readBatches: 200, batchSize: 8, writes: 1_200, mcp: 250, rereadBatches: 100, limited: 400 };
const counts = { requests: 0, known: new Map<string, number>(), statuses: new Map<string, number>() };
const t0 = performance.now();

let server: TestServer;
let routes: RouteSpec[];
let hints: Hints;

beforeAll(async () => {
  console.info(`fuzz seeds ${READ_SEEDS.join(", ")} — replay one with FUZZ_SEED=<seed> npx vitest run test/e2e/fuzz.test.ts (random seed this run: ${SEED})`);
  server = await startTestServer({ SANCTUARY_RATE_LIMITS: "off" }, { clock: () => CLOCK });
  await searchComplete(server);
  routes = routesOf((await server.get("/openapi.json")).body);
  for (const r of routes) if (r.path === "/mcp") r.body = jsonRpcSchema([...new Set(server.deps.routes.flatMap((r) => (r.tool ? [r.tool] : [])))]);
  hints = hintsFrom(server.deps.library);
}, 60_000);

afterAll(async () => {
  const known = [...counts.known].map(([k, n]) => `${k}: ${n}`).join(", ") || "none";
  const statuses = [...counts.statuses]
    .sort()
    .map(([k, n]) => `${k}: ${n}`)
    .join(", ");
  console.info(`fuzz: ${counts.requests} generated requests in ${((performance.now() - t0) / 1000).toFixed(1)} s (${statuses}); known-bug hits: ${known}`);
  await server?.stop();
});

const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
const note = (bug: string | null) => !!bug && !!bump(counts.known, bug);

/** Send one generated request and hold it to every property (known bugs are counted, not failed). */
async function sendAndCheck(url: string, req: RawRequest & { route?: RouteSpec }) {
  counts.requests++;
  const headers = req.path.startsWith("/mcp") ? { accept: "application/json, text/event-stream", ...req.headers } : req.headers;
  const out = await rawRequest(url, { ...req, headers }, REQUEST_TIMEOUT_MS);
  bump(counts.statuses, out.kind === "response" ? String(out.status) : out.kind);
  const problem = note(knownBug(req, out)) ? null : problemWith(req, out);
  return { out, problem };
}

const isWriteRoute = (r: RouteSpec) => (r.method === "POST" && r.path !== "/mcp") || r.path === "/api/attend";

/** A write sent with `dry_run: true`: it stores nothing, so an accepted one changes nothing either. */
function isDryRun(req: RawRequest): boolean {
  try {
    return typeof req.body === "string" && JSON.parse(req.body)?.dry_run === true;
  } catch {
    return false;
  }
}

/** Send a write, then compare state: unchanged when refused, one more reflection when one is accepted. */
async function writeChecked(target: TestServer, req: RawRequest & { route: RouteSpec }, state: { last: Snapshot }): Promise<number> {
  const { out, problem } = await sendAndCheck(target.url, req);
  const before = state.last;
  const after = (state.last = await snapshot(target.url, target.dataDir));
  const status = out.kind === "response" ? out.status : 0;
  if (problem) throw new Error(`${problem}\n  request: ${describeReq(req)}`);
  if (status >= 400 && after.key !== before.key) {
    throw new Error(`refused (${status}) but state changed: ${firstDifference(before, after)}\n  request: ${describeReq(req)}`);
  }
  if (status < 300 && isDryRun(req) && after.key !== before.key)
    throw new Error(`a dry run changed state: ${firstDifference(before, after)}\n  request: ${describeReq(req)}`);
  if (status < 300 && req.route.path === "/api/reflect" && !isDryRun(req) && after.reflections !== before.reflections + 1) {
    throw new Error(`accepted reflection not counted\n  request: ${describeReq(req)}`);
  }
  return status;
}

/** Batches of concurrent reads (every GET route but attend, and raw JSON-RPC to /mcp), each answer held to the properties. */
async function readPass(numRuns: number, seedOffset: number, seed = SEED) {
  const reads = routes.filter((r) => !isWriteRoute(r));
  expect(reads.length).toBeGreaterThan(30);
  const one = fc.oneof(...reads.map((r) => requestArb(r, hints)));
  await fc.assert(
    fc.asyncProperty(fc.array(one, { minLength: RUNS.batchSize, maxLength: RUNS.batchSize }), async (batch) => {
      const results = await Promise.all(batch.map((req) => sendAndCheck(server.url, req)));
      results.forEach(({ problem }, i) => {
        if (problem) throw new Error(`${problem}\n  request: ${describeReq(batch[i])}`);
      });
    }),
    { seed: seed + seedOffset, numRuns },
  );
}

describe("fuzzing every route of /openapi.json", () => {
  for (const seed of READ_SEEDS) {
    it(
      `reads and /mcp, eight at a time: no 5xx, reset or hang; errors keep their shape (seed ${seed})`,
      () => readPass(FIXED_SEEDS.includes(seed) ? RUNS.fixedReadBatches : RUNS.readBatches, 0, seed),
      150_000,
    );
  }

  it("writes one at a time: a refused write changes nothing observable, an accepted reflection is counted", async () => {
    const writes = routes.filter(isWriteRoute);
    expect(writes.map((r) => r.path)).toEqual(expect.arrayContaining(["/api/reflect", "/api/ask", "/api/contribute", "/api/attend"]));
    const state = { last: await snapshot(server.url, server.dataDir) };
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(...writes.map((r) => requestArb(r, hints))), async (req) => {
        if ((await writeChecked(server, req, state)) < 300) accepted++;
      }),
      { seed: SEED + 1, numRuns: RUNS.writes },
    );
    // Valid-ish inputs do reach the handlers. With inputs strict (an extra field is refused) and the screening's rules,
    // 50–66 of 1,200 were accepted over eleven seeds: the bound is half the least, so no seed fails it by chance. Since
    // `name` and `username` together are refused, the generator sends one of them (fuzz-inputs.ts): sending both a
    // quarter of the time had brought a seed down to 18; 48, 62 and 54 over three seeds after.
    expect(accepted).toBeGreaterThan(RUNS.writes / 48);
  }, 150_000);
});

describe("fuzzing the MCP tools", () => {
  it("tools/call with hostile arguments: no internal errors, error bodies keep their shape, refusals change nothing", async () => {
    const mcp = await connectMcp(server.url);
    try {
      const tools = (await mcp.listTools()).tools;
      const hostileName = hostileString.filter((s) => s.length < 300).map((name) => ({ name, inputSchema: { type: "object" } }));
      const call = fc
        .oneof({ weight: 12, arbitrary: fc.constantFrom(...tools) }, { weight: 1, arbitrary: hostileName })
        .chain((tool) => bodyArb(tool.inputSchema as never, hints).map((b) => ({ tool, raw: String(b.body) })));
      let before = await snapshot(server.url, server.dataDir);
      await fc.assert(
        fc.asyncProperty(call, async ({ tool, raw }) => {
          counts.requests++;
          const args = (() => { try { return JSON.parse(raw); } catch { return undefined; } })(); // prettier-ignore
          const { refused, problem } = await mcpOutcome(mcp, tool.name, args);
          const after = await snapshot(server.url, server.dataDir);
          const changed = refused && after.key !== before.key ? firstDifference(before, after) : null;
          before = after;
          if (problem || changed) throw new Error(`${problem ?? `refused but state changed: ${changed}`}\n  tool ${tool.name} arguments ${raw.slice(0, 400)}`);
        }),
        { seed: SEED + 2, numRuns: RUNS.mcp },
      );
    } finally {
      await mcp.close();
    }
  }, 120_000);
});

describe("after the writes", () => {
  // The writes stored hostile names and texts (RTL marks, lone surrogates, markup): pages, feeds and badges must still render.
  it("reads again: stored hostile text breaks no page, feed, badge or listing", () => readPass(RUNS.rereadBatches, 4), 60_000);

  it("left no prototype polluted (the server runs in this process)", () => {
    expect([Object.keys(Object.prototype), Object.keys(Array.prototype), ({} as Record<string, unknown>).polluted]).toEqual([[], [], undefined]);
  });
});

describe("with rate limits on", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({}, { clock: () => CLOCK });
  });
  afterAll(() => limited?.stop());

  it("refusals (429 included) change nothing but the limit counters, and nothing fails", async () => {
    // Few names, mostly one address, and mostly the limited writes, so the hourly limits are reached within the run.
    const few: Hints = { ...hints, name: fc.constantFrom("Wren", "Ash", "Rowan"), username: fc.constantFrom("Wren", "Ash") };
    const ip = fc.oneof(
      { weight: 12, arbitrary: fc.constant("192.0.2.1") },
      { weight: 1, arbitrary: fc.constantFrom("..", "a/../b", "x?y", "2001:db8::1", " , ", "1.2.3.4, ..", "\u00e9") },
    );
    const limitedFirst = routes
      .filter(isWriteRoute)
      .map((r) => ({ weight: ["/api/reflect", "/api/ask", "/api/feedback"].includes(r.path) ? 4 : 1, arbitrary: requestArb(r, few) }));
    const req = fc.tuple(fc.oneof(...limitedFirst), ip);
    const state = { last: await snapshot(limited.url, limited.dataDir) };
    let tooMany = 0;
    // Reach the reflect limit on purpose first, so every seed sees 429s (generated inputs are often refused before limits).
    const reflectRoute = routes.find((r) => r.path === "/api/reflect")!;
    for (let i = 0; i < 6; i++) {
      const body = JSON.stringify({ name: "Linnet", text: `A quiet line about the hour, number ${i + 1}, left while the kettle cooled.` });
      const sent = {
        route: reflectRoute,
        method: "POST" as const,
        path: "/api/reflect",
        headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.1" },
        body,
      };
      if ((await writeChecked(limited, sent, state)) === 429) tooMany++;
    }
    expect(tooMany).toBe(1);
    await fc.assert(
      fc.asyncProperty(req, async ([r, ip]) => {
        if ((await writeChecked(limited, { ...r, headers: { ...r.headers, "x-forwarded-for": ip } }, state)) === 429) tooMany++;
      }),
      { seed: SEED + 3, numRuns: RUNS.limited },
    );
    expect(tooMany).toBeGreaterThan(0);
  }, 120_000);

  it("answers a name or X-Forwarded-For address with a `.`/`..` segment normally where rate limits apply (BUG-8)", async () => {
    const text = "A quiet thought about the long afternoon light and the chant.";
    const statuses = [
      (await limited.post("/api/reflect", { name: ".", text }, { "x-forwarded-for": "198.51.100.20" })).status,
      (await limited.post("/api/reflect", { name: "a/../b", text }, { "x-forwarded-for": "198.51.100.21" })).status,
      (await limited.get("/api/search?q=rest", { headers: { "x-forwarded-for": ".." } })).status,
    ];
    expect(statuses).toEqual([200, 200, 200]);
  });

  it("leaves storage untouched when a reflection is refused with 429 (BUG-4: the words were claimed, then released)", async () => {
    const post = (i: number) =>
      rawRequest(limited.url, {
        method: "POST",
        path: "/api/reflect",
        headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.9" },
        body: JSON.stringify({ name: `Bucket ${i}`, text: `Words that arrive once the hour is already full, number ${i}.` }),
      });
    for (let i = 0; i < 5; i++) await post(i);
    const before = await snapshot(limited.url, limited.dataDir);
    const refused = await post(99);
    expect(refused.kind === "response" && refused.status).toBe(429);
    expect(firstDifference(before, await snapshot(limited.url, limited.dataDir))).toBe("no difference");
  });
});

// Each of these was a bug found by this file (BUG-n in the first report) and fixed since: they now guard against regressions.
describe("bodies over the limit, stalled bodies, and the bugs found here", () => {
  const big = (n: number) => JSON.stringify({ name: "Wren", text: "x".repeat(n), question: "q", category: "prayers", title: "t", content: "c" });
  const mcpHeaders = { "content-type": "application/json", accept: "application/json, text/event-stream" };

  it.each([false, true])("answers 413 to a body over SANCTUARY_BODY_LIMIT on every POST route (chunked: %s), storing nothing", async (chunked) => {
    const before = await snapshot(server.url, server.dataDir);
    for (const r of routes.filter((r) => r.method === "POST" && r.jsonTooLarge)) {
      const out = await rawRequest(server.url, { method: "POST", path: r.path, body: big(BODY_LIMIT), chunked, headers: mcpHeaders });
      expect(out.kind === "response" && [out.status, errorShapeProblem(out.json)], r.path).toEqual([413, null]);
    }
    expect(firstDifference(before, await snapshot(server.url, server.dataDir))).toBe("no difference");
  });

  it("after a 413 on a huge chunked body, the next request on that keep-alive connection is served (BUG-3)", async () => {
    expect(await twoOnOneConnection(server.url, { path: "/api/reflect", body: Buffer.from(big(2_000_000)) }, "/api/health")).toEqual(["413", "200"]);
  });

  // CI found this one: a page form touched the body of a request it then refused unread (413 by its
  // Content-Length, or a type it does not read), which kept the rest of the body on the connection.
  it.each(["/", "/ask", "/reflections/a-day-with-nothing-in-it", "/api/contribute", "/api/reflect", "/mcp"])(
    "after refusing %s a 2 MB body by its Content-Length, the next request on that connection is served",
    async (path) => {
      const body = Buffer.alloc(2_000_000, 97);
      for (const type of ["application/x-www-form-urlencoded", "application/json", "text/plain"]) {
        const headers = { "content-type": type, "content-length": String(body.length), accept: "application/json, text/event-stream" };
        const [first, second] = await twoOnOneConnection(server.url, { path, body, headers }, "/api/health");
        expect([Number(first) >= 400 && Number(first) < 500, second], `${path} ${type}: ${first}`).toEqual([true, "200"]);
      }
    },
  );

  it("a stalled request body does not keep other requests waiting", async () => {
    const stalled = stalledPost(server.url, 60_000);
    expect((await server.get("/api/health")).status).toBe(200);
    stalled.abort();
  });

  // server.ts gives node requestTimeout 8 s, checked every 1 s (Node's default was 300 s, checked every 30 s): allow 8 + 1 + 3.
  it("times out a stalled request body (408 or close) instead of holding it for minutes (BUG-6)", async () => {
    const { closed, answer } = await stalledPost(server.url, 12_000).result;
    expect(closed || answer.length > 0).toBe(true);
  }, 15_000);

  it("does not log a client that drops the connection mid-body as an unhandled server error (BUG-7)", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const stalled = stalledPost(server.url, 5_000);
    await new Promise((r) => setTimeout(r, 200)).then(stalled.abort);
    const logged = await new Promise((r) => setTimeout(r, 300)).then(() => spy.mock.calls.map((c) => String(c[0])));
    spy.mockRestore(); // (this also clears the recorded calls, hence `logged`)
    expect(logged).toEqual([]);
  });

  it("answers a session_id or conversation slug with a `..` segment or NUL with a 4xx, not a 500 (BUG-1)", async () => {
    const statuses = [
      (await server.post("/api/ask", { question: "How do I rest?", session_id: "..", owner_token: "x" })).status,
      (await server.post("/api/ask", { question: "How do I rest?", session_id: "a/../b", owner_token: "x" })).status,
      (await server.get("/api/ask/conversation/x%3A..")).status,
      (await server.get("/api/ask/conversation/%00")).status,
    ];
    expect(
      statuses.every((s) => s >= 400 && s < 500),
      String(statuses),
    ).toBe(true);
  });

  it("answers a lone surrogate in an MCP path parameter with a calm error, not an internal one (BUG-9)", async () => {
    const mcp = await connectMcp(server.url);
    try {
      expect(await mcpOutcome(mcp, "read_doc", { path: "\ud800" })).toEqual({ refused: true, problem: null });
    } finally {
      await mcp.close();
    }
  });

  it("gives a malformed percent-encoded path the shared error body (BUG-2)", async () => {
    const out = await rawRequest(server.url, { method: "GET", path: "/api/music/%E0%A4%A" });
    expect(out.kind === "response" && [out.status, errorShapeProblem(out.json)]).toEqual([400, null]);
  });

  it("gives a browser at a page's malformed address the site's page in words, and an API client the error body", async () => {
    for (const path of ["/reflections/%FF", "/docs/%zz", "/%FF", "/api/music/%FF"]) {
      const page = await rawRequest(server.url, { method: "GET", path, headers: { accept: "text/html" } });
      const api = await rawRequest(server.url, { method: "GET", path });
      expect(page.kind === "response" && api.kind === "response" && [page.status, api.status, errorShapeProblem(api.json)], path).toEqual([400, 400, null]);
      const html = page.kind === "response" ? page.text : "";
      if (path.startsWith("/api/")) expect(html, path).not.toContain("<html");
      else expect(html, path).toMatch(/<h1>This address cannot be read<\/h1>/);
    }
  });

  it("refuses MCP tools/call arguments that are not an object calmly, not as -32603 Internal error (BUG-5)", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "now", arguments: [] } });
    const out = await rawRequest(server.url, { method: "POST", path: "/mcp", body, headers: mcpHeaders });
    const json = out.kind === "response" ? (out.json as any) : null;
    expect(json?.error?.code === -32602 || (json?.result?.isError && errorShapeProblem(JSON.parse(json.result.content[0].text)) === null)).toBe(true);
  });
});
