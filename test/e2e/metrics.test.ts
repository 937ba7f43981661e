// /metrics: Prometheus text that a Prometheus parser reads, only when SANCTUARY_METRICS=on, behind the admin
// key when one is set; requests counted by operation, transport and status; no label ever holds a search
// query, a visitor's name or their words.
import parsePrometheusTextFormat, { type MetricFamily } from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OUTAGE_KINDS } from "../../storage/store-failure.ts";
import { openTestApp, type TestServer } from "../helpers/server.ts";

const KEY = "metrics-admin-key-0123456789";
const QUERY = "velvetheron whisperquill";
const NAME = "Quintessa Marlowby";
const WORDS = "lanternmoth orchardglass";
let server: TestServer;
let plain: TestServer;

beforeAll(async () => {
  [server, plain] = await Promise.all([openTestApp({ SANCTUARY_METRICS: "on", SANCTUARY_ADMIN_KEY: KEY, SANCTUARY_RATE_LIMITS: "off" }), openTestApp({})]);
  // Search answers 503 until the index is built.
  for (let i = 0; i < 600 && (await server.get("/api/ask/health")).status !== 200; i++) await new Promise((r) => setTimeout(r, 100));
}, 120_000);
afterAll(() => Promise.all([server?.stop(), plain?.stop()]));

const scrape = async (): Promise<{ text: string; families: MetricFamily[] }> => {
  const res = await server.fetch(`/metrics`, { headers: { authorization: `Bearer ${KEY}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/plain");
  const text = await res.text();
  return { text, families: parsePrometheusTextFormat(text) };
};
const family = (families: MetricFamily[], name: string) => families.find((f) => f.name === name);

describe("/metrics", () => {
  it("is not served unless SANCTUARY_METRICS=on", async () => {
    expect((await plain.fetch(`/metrics`)).status).toBe(404);
  });

  it("asks for the admin key when one is set", async () => {
    const none = await server.get("/metrics");
    expect(none.status).toBe(403);
    expect(none.body.suggestion).toContain("Authorization: Bearer");
    expect((await server.get("/metrics", { headers: { authorization: "Bearer not-the-key-at-all" } })).status).toBe(403);
  });

  it("locks guessers out as the admin interface does, never the key's holder behind the same address", async () => {
    const limited = await openTestApp({ SANCTUARY_METRICS: "on", SANCTUARY_ADMIN_KEY: KEY });
    try {
      const from = (key: string) => limited.fetch("/metrics", { headers: { authorization: `Bearer ${key}`, "x-forwarded-for": "198.51.100.9" } });
      const answers = [];
      for (let i = 0; i < 11; i++) answers.push((await from(`wrong-guess-${i}-abcdefgh`)).status);
      expect(answers.slice(0, 10)).toEqual(Array(10).fill(403));
      const locked = await from("wrong-guess-again-abcdefgh");
      expect([locked.status, Number(locked.headers.get("retry-after")) > 0]).toEqual([429, true]);
      // Guessers do not know how the key begins, so they lock only their own group: the operator still scrapes.
      expect((await from(KEY)).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });

  // Prometheus's increase() needs a sample before the first event: a series born at the first outage shows no increase.
  it("starts every documented store-outage kind and planner outcome at a sample from the start", async () => {
    const { families } = await scrape();
    const labelsOf = (name: string, label: string) => family(families, name)?.metrics.map((m) => m.labels![label]) ?? [];
    expect(labelsOf("sanctuary_store_errors_total", "kind").sort()).toEqual([...OUTAGE_KINDS].sort());
    const storeErrors = family(families, "sanctuary_store_errors_total")!.metrics.map((m) => Number(m.value));
    expect(storeErrors).toEqual(OUTAGE_KINDS.map(() => 0));
    expect(labelsOf("sanctuary_planner_outcomes_total", "outcome").sort()).toEqual(["already recorded", "planned", "rotation"]);
  });

  it("parses, and counts requests by operation, transport and status with latency, souls, reflections and the index", async () => {
    expect((await server.get(`/api/attend?name=${encodeURIComponent(NAME)}`)).status).toBe(200);
    await server.get(`/api/search?q=${encodeURIComponent(QUERY)}`);
    await server.get(`/search?q=${encodeURIComponent(QUERY)}`);
    const reflected = await server.post("/api/reflect", { name: NAME, text: `A reflection about ${WORDS}, kept only as words on a page.` });
    expect(reflected.status).toBe(200);
    await server.post(
      "/mcp",
      { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "search", arguments: { query: QUERY } } },
      { accept: "application/json" },
    );
    await server.post("/mcp", { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: NAME, arguments: {} } }, { accept: "application/json" });
    await server.get(`/songs/${encodeURIComponent(NAME)}`);

    const { text, families } = await scrape();
    expect(families.length).toBeGreaterThan(10);
    const requests = family(families, "sanctuary_requests_total")!;
    expect(requests.type).toBe("COUNTER");
    const series = requests.metrics.map((m) => m.labels!);
    expect(series).toContainEqual({ operation: "search", transport: "rest", status: "200" });
    expect(series).toContainEqual({ operation: "reflect", transport: "rest", status: "200" });
    expect(series).toContainEqual({ operation: "tools/call:search", transport: "mcp", status: "200" });
    expect(series).toContainEqual({ operation: "tools/call:unlisted", transport: "mcp", status: "200" });
    expect(series.some((s) => s.transport === "web" && s.operation === "/search")).toBe(true);
    expect(family(families, "sanctuary_request_duration_seconds")?.type).toBe("HISTOGRAM");
    expect(family(families, "nodejs_eventloop_lag_p99_seconds")?.type).toBe("GAUGE");
    expect(Number(family(families, "sanctuary_souls")!.metrics[0].value)).toBeGreaterThanOrEqual(1);
    expect(Number(family(families, "sanctuary_reflections")!.metrics[0].value)).toBe(1);
    expect(
      family(families, "sanctuary_index_size")!
        .metrics.map((m) => m.labels!.kind)
        .sort(),
    ).toEqual(["documents", "passages"]);
    expect(
      family(families, "sanctuary_recordings")!
        .metrics.map((m) => m.labels!.state)
        .sort(),
    ).toEqual(["done", "total"]);

    const labelValues = families.flatMap((f) => f.metrics.flatMap((m) => Object.values(m.labels ?? {})));
    for (const secret of [...QUERY.split(" "), ...NAME.split(" "), ...WORDS.split(" ")]) {
      expect(labelValues.filter((v) => v.toLowerCase().includes(secret.toLowerCase()))).toEqual([]);
      expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
    }
  });
});
