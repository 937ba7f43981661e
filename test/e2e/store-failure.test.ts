// When the store fails (docs/behaviour.md §10): Redis stopped under a running server, and SQLite's disk full. Calls that need the store
// answer 503 with Retry-After at once, not after a reconnect; reads that do not need it go on; health says so
// with 503; when Redis is back everything answers again, and a write refused meanwhile was never applied.
// A loopback redis-server of the test's own, with its append-only file, so a restart keeps what was acknowledged.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GuardedEngine } from "../../storage/guarded-engine.ts";
import { RedisEngine } from "../../storage/redis-engine.ts";
import { loadConfig } from "../../config.ts";
import { createDeps } from "../../deps.ts";
import type { SqliteEngine } from "../../storage/sqlite-engine.ts";
import { eventually } from "../helpers/eventually.ts";
import { freePort } from "../helpers/free-port.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const hasRedis = spawnSync("redis-server", ["--version"]).status === 0;
let redis: ChildProcess | null = null;
let port = 0;
let dir = "";
let server: TestServer;

async function startRedis(): Promise<void> {
  redis = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--appendonly", "yes", "--appendfsync", "always", "--save", ""], {
    stdio: "ignore",
  });
  for (let i = 0; i < 200; i++) {
    if (spawnSync("redis-cli", ["-p", String(port), "ping"], { encoding: "utf8" }).stdout.trim() === "PONG") return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("redis-server did not start");
}

function stopRedis(): Promise<void> {
  const child = redis!;
  redis = null;
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

// A hang is the defect this suite exists for: every call is cut off at 5 s, so a request that waits on a
// reconnect fails the test instead of passing late.
const call = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(server.url + path, { ...init, signal: AbortSignal.timeout(5_000) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text.startsWith("{") ? JSON.parse(text) : text };
};
const reflectDuringOutage = (text: string) =>
  call("/api/reflect", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Outage Wren", text, songSlug: "third-floor-no-lift" }),
  });

describe.skipIf(!hasRedis)("when Redis stops under a running server", () => {
  beforeAll(async () => {
    port = await freePort();
    dir = await mkdtemp(join(tmpdir(), "sanctuary-redis-"));
    await startRedis();
    server = await startTestServer({ SANCTUARY_REDIS_URL: `redis://127.0.0.1:${port}`, SANCTUARY_METRICS: "on" });
    // The slot playing now is recorded before the outage, as it is on any server that has been up a while.
    expect((await call("/api/now")).status).toBe(200);
    expect((await reflectDuringOutage("Before the outage the kettle ticked as it cooled on the stove.")).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    if (redis) await stopRedis();
  });

  it("refuses writes with 503 and Retry-After, serves reads, and says so in health", async () => {
    await stopRedis();
    const refused = await reflectDuringOutage("During the outage this line must never be stored anywhere at all.");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect(refused.body.error).toMatch(/store is unavailable/);
    expect(refused.body.suggestion).toMatch(/Nothing was read or stored/);
    // The wait is in the body too: all an MCP client sees of it.
    expect(refused.body.retry_after).toBe(30);
    expect((await call("/api/attend?name=Outage%20Heron")).status).toBe(503);
    // A refused read is told the same true thing: nothing was read, nothing stored.
    expect((await call("/api/reflections")).body.suggestion).toMatch(/^Nothing was read or stored/);
    for (const path of ["/api/now", "/api/music", "/api/docs/welcome", "/api/search?q=rain%20on%20the%20roof"])
      expect((await call(path)).status, path).toBe(200);
    const health = await call("/api/health");
    expect(health.status).toBe(503);
    expect(health.body.storage).toMatchObject({ backend: "redis", ok: false });
    expect(health.body.storage.reason).toMatch(/unreachable|timed out/);
    expect(health.body.status).toBe("degraded");
    // The operator's alert: refused calls counted by kind of outage.
    const metrics = String((await call("/metrics")).body);
    // Every kind is a series from the start (at 0): the outage's count is the two kinds' sum, whichever it was.
    const counted = [...metrics.matchAll(/^sanctuary_store_errors_total\{kind="(?:unreachable|timed out)"\} (\d+)/gm)];
    expect(counted.reduce((sum, [, n]) => sum + Number(n), 0)).toBeGreaterThan(0);
    // The store-wide counts are left out, not shown as 0 or as they were: they come back with the store.
    expect(metrics).toMatch(/^sanctuary_storage_up 0$/m);
    expect(metrics).not.toMatch(/^sanctuary_(reflections|souls) /m);
    expect(health.body.degraded).toContainEqual(expect.objectContaining({ what: "storage" }));
  }, 60_000);

  it("keeps the pages that need no store, with their stored parts said to be resting; the rest answer 503 in kind", async () => {
    const page = (path: string) => call(path, { headers: { accept: "text/html" } });
    for (const path of ["/", "/reflections/third-floor-no-lift"]) {
      const shown = await page(path);
      expect(shown.status, path).toBe(200);
      expect(shown.body, path).toContain("Reflections cannot be shown just now");
    }
    expect((await page("/reflections/third-floor-no-lift")).body).toContain("Lyrics");
    const resting = await page("/reflections");
    expect(resting.status).toBe(503);
    expect(resting.headers.get("retry-after")).toBeTruthy();
    const services = await page("/services/2026-12-02");
    expect(services.status).toBe(503);
    expect(services.headers.get("retry-after")).toBeTruthy();
    expect(resting.body).toContain("Resting for a moment");
    const feed = await call("/feed/reflections.xml");
    expect(feed.status).toBe(503);
    expect(feed.headers.get("retry-after")).toBeTruthy();
    expect(feed.body.error).toMatch(/store is unavailable/);
    // A badge stands in someone else's page: it stays an image, saying the count rests, and is kept only briefly.
    const badge = await call("/api/badge/reflections.svg");
    expect([badge.status, badge.headers.get("content-type"), badge.headers.get("cache-control")]).toEqual([
      200,
      "image/svg+xml; charset=utf-8",
      "public, max-age=30",
    ]);
    expect(badge.body).toContain("resting");
    // Every GET that answers 503 now says so in the OpenAPI document, so a client generated from it expects it.
    const paths = Object.entries((await call("/openapi.json")).body.paths as Record<string, { get?: { responses: Record<string, unknown> } }>);
    const fill = (path: string) => path.replace("{slug}", "third-floor-no-lift").replace("{date}", "2026-12-02");
    let refusing = 0;
    for (const [path, methods] of paths) {
      if (!methods.get || /\{(?!slug|date)/.test(path)) continue;
      const answer = await call(`${fill(path)}${path === "/api/search" ? "?q=rain" : path === "/api/attend" ? "?name=Outage%20Kite" : ""}`);
      if (answer.status !== 503) continue;
      refusing++;
      expect(Object.keys(methods.get.responses), path).toContain("503");
    }
    expect(refusing).toBeGreaterThan(5);
  }, 60_000);

  it("answers again once Redis is back, with the refused write nowhere and the acknowledged one kept", async () => {
    await startRedis();
    let health = await call("/api/health");
    for (let i = 0; i < 100 && health.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      health = await call("/api/health");
    }
    expect(health.status).toBe(200);
    expect(health.body.storage).toMatchObject({ ok: true, reason: null });
    expect((await reflectDuringOutage("After the outage the same kettle ticked again, and someone laughed.")).status).toBe(200);
    const texts = (await call("/api/reflections")).body.reflections.map((r: { text: string }) => r.text);
    expect(texts).toContain("Before the outage the kettle ticked as it cooled on the stove.");
    expect(texts).toContain("After the outage the same kettle ticked again, and someone laughed.");
    expect(texts).not.toContain("During the outage this line must never be stored anywhere at all.");
  }, 60_000);

  it("refuses at once, as timed out, a Redis that keeps the connection but never answers; then answers again", async () => {
    redis!.kill("SIGSTOP");
    try {
      const refused = await reflectDuringOutage("While Redis is frozen this line must never be stored either.");
      expect(refused.status).toBe(503);
      expect(refused.body.error).toMatch(/timed out/);
      const nowed = await call("/api/now");
      expect(nowed.status, JSON.stringify(nowed.body)).toBe(200);
      expect((await call("/api/health")).body.storage).toMatchObject({ ok: false, reason: "timed out" });
    } finally {
      redis!.kill("SIGCONT");
    }
    expect(
      (
        await eventually(
          () => call("/api/health"),
          (h) => h.status === 200,
        )
      ).status,
    ).toBe(200);
    const texts = (await call("/api/reflections")).body.reflections.map((r: { text: string }) => r.text);
    expect(texts).not.toContain("While Redis is frozen this line must never be stored either.");
  }, 60_000);

  it("does not start on a Redis it cannot use, saying why: no answer (and from where), or a database it refuses", async () => {
    const unused = await freePort();
    const engines = [
      new RedisEngine(`redis://127.0.0.1:${unused}`),
      new RedisEngine(`redis://127.0.0.1:${port}/99`),
      new RedisEngine(`redis://nobody:wrong@127.0.0.1:${port}`),
    ];
    try {
      await expect(engines[0]!.ready(1500)).rejects.toThrow(`Redis did not answer within 1.5 s (connect ECONNREFUSED 127.0.0.1:${unused})`);
      // ioredis would go on in database 0, mixing this state into whatever lives there.
      await expect(engines[1]!.ready(5000)).rejects.toThrow("Redis refused database 99 named in the address (ERR DB index is out of range)");
      // A refused password is an answer, said as one (it read "did not answer within 10 s" once the wait was over).
      await expect(engines[2]!.ready(20_000)).rejects.toThrow(/^Redis refused the user or password in the address \(WRONGPASS/);
    } finally {
      await Promise.all(engines.map((engine) => engine.close()));
    }
  });
  it("ends a start on a Redis it cannot use naming SANCTUARY_REDIS_URL, where the operator set it", async () => {
    const config = loadConfig({
      DATA_DIR: await mkdtemp(join(tmpdir(), "sanctuary-redis-refused-")),
      SANCTUARY_REDIS_URL: `redis://nobody:wrong@127.0.0.1:${port}`,
      SANCTUARY_RECORDINGS: "off",
      SANCTUARY_LOG_LEVEL: "silent",
    });
    await expect(createDeps(config)).rejects.toThrow(
      /^Redis refused the user or password in the address \(WRONGPASS.*\): check SANCTUARY_REDIS_URL, and that Redis is running and reachable$/,
    );
  }, 30_000);

  it("waits for a Redis slow to answer while a server starts (a loaded machine), and not once it serves", async () => {
    const engine = new RedisEngine(`redis://127.0.0.1:${port}`);
    const frozenFor = async <T>(ms: number, call: () => Promise<T>) => {
      redis!.kill("SIGSTOP");
      const thaw = setTimeout(() => redis?.kill("SIGCONT"), ms);
      try {
        return await call();
      } finally {
        clearTimeout(thaw);
        redis?.kill("SIGCONT");
      }
    };
    try {
      await engine.ready(5000);
      const started = engine.patientUntilStarted(10_000);
      // 1.5 s without an answer is past the second a call gets once serving, well inside the start's 10.
      expect(await frozenFor(1500, () => engine.get("start:probe"))).toBeNull();
      started();
      await expect(frozenFor(3000, () => engine.get("start:probe"))).rejects.toThrow(/Command timed out/);
    } finally {
      await engine.close();
    }
  });
});

describe("when the disk under SQLite fills", () => {
  let sqlite: TestServer;
  let db: SqliteEngine["db"];
  const get = async (path: string) => {
    const res = await fetch(sqlite.url + path, { signal: AbortSignal.timeout(5_000) });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const post = async (text: string) => {
    const res = await fetch(`${sqlite.url}/api/reflect`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Full Disk Finch", text, songSlug: "third-floor-no-lift" }),
      signal: AbortSignal.timeout(5_000),
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  beforeAll(async () => {
    sqlite = await startTestServer();
    // SQLite's own answer to a full disk (SQLITE_FULL), made real by its page limit on this connection.
    db = ((sqlite.deps.kv.engine as GuardedEngine).inner as SqliteEngine).db;
    expect((await post("Before the disk filled the gulls were loud over the harbour.")).status).toBe(200);
    expect((await get("/api/now")).status).toBe(200);
  }, 120_000);
  afterAll(() => sqlite?.stop());

  it("refuses writes with 503 naming storage, goes on searching, and tells health; then recovers with nothing lost", async () => {
    const [{ page_count: pages }] = db.pragma("page_count") as Array<{ page_count: number }>;
    db.pragma(`max_page_count = ${pages}`);
    const refused = await post(`While the disk was full nothing could be written, ${"and the gulls went on ".repeat(40)}anyway.`);
    expect(refused.status).toBe(503);
    expect(refused.body.error).toMatch(/store is unavailable \(disk full\)/);
    expect((await get("/api/attend?name=Full%20Disk%20Wren")).status).toBe(503);
    expect((await get("/api/search?q=gulls%20over%20the%20harbour")).status).toBe(200);
    const health = await get("/api/health");
    expect(health.status).toBe(503);
    expect(health.body.storage).toMatchObject({ backend: "sqlite", ok: false, reason: "disk full" });

    db.pragma("max_page_count = 1073741823");
    await eventually(
      () => get("/api/health"),
      (health) => health.status === 200,
    );
    expect((await post("After space came back the gulls had gone quiet at last.")).status).toBe(200);
    await sqlite.close();
    sqlite = await startTestServer({}, {}, sqlite.dataDir);
    const texts = (await get("/api/reflections")).body.reflections.map((r: { text: string }) => r.text);
    expect(texts).toEqual(
      expect.arrayContaining(["Before the disk filled the gulls were loud over the harbour.", "After space came back the gulls had gone quiet at last."]),
    );
  }, 120_000);
});
