// /metrics under `npm run start:cluster`: the workers share one port, so each scrape reaches whichever worker the
// kernel hands its connection. Each scrape must still say the whole cluster's figures (every worker's counters summed
// by the primary), or Prometheus reads the alternation between workers as counter resets.
import { request } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shareEmbeddings, startChildServer, type ChildServer } from "../helpers/child-server.ts";
import { eventually } from "../helpers/eventually.ts";
import { seedIndex } from "../helpers/search-index.ts";

let cluster: ChildServer;
let dir: string;

/** A GET on a connection of its own (no keep-alive), so the kernel may hand it to either worker. */
function onNewConnection(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { agent: false, headers: { connection: "close" } }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on("error", reject)
      .end();
  });
}

/** The `now` requests answered 200 over REST, as one scrape counts them. */
function nowAnswered(text: string): number {
  const family = parsePrometheusTextFormat(text).find((f) => f.name === "sanctuary_requests_total");
  const sample = family?.metrics.find((m) => "labels" in m && m.labels?.operation === "now" && m.labels.transport === "rest" && m.labels.status === "200");
  return sample && "value" in sample ? Number(sample.value) : 0;
}

describe("metrics of a cluster", () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "sanctuary-cluster-metrics-"));
    await shareEmbeddings(dir);
    await seedIndex(dir);
    cluster = await startChildServer(
      { DATA_DIR: dir, SANCTUARY_WORKERS: "2", SANCTUARY_METRICS: "on", SANCTUARY_RATE_LIMITS: "off" },
      "server-cluster.ts",
      150_000,
    );
    // Both workers listening: each says "ready" once it holds the port.
    await eventually(
      async () => cluster.stderr().split('"msg":"ready"').length - 1,
      (n) => n === 2,
      120_000,
    );
  }, 300_000);
  afterAll(async () => {
    await cluster?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("says every worker's requests on every scrape, whichever worker answers it", async () => {
    const before = nowAnswered((await onNewConnection(`${cluster.url}/metrics`)).body);
    for (let i = 0; i < 30; i++) expect((await onNewConnection(`${cluster.url}/api/now`)).status).toBe(200);
    const scrapes: number[] = [];
    for (let i = 0; i < 8; i++) {
      const scraped = await onNewConnection(`${cluster.url}/metrics`);
      expect(scraped.status).toBe(200);
      scrapes.push(nowAnswered(scraped.body) - before);
    }
    expect(scrapes).toEqual(Array(8).fill(30));
  }, 120_000);
});
