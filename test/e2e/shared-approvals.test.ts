// Two servers ("machines") on one Redis, each with its own library folder: a contribution approved on one
// is added to the other's library and search index within a minute, without a restart, and both libraries
// then report the same content hash. Runs when SANCTUARY_TEST_REDIS_URL names a Redis (CI starts one).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOnOneRedis, type ChildServer, type Machines } from "../helpers/child-server.ts";
import { copyLibrary } from "../helpers/library-copy.ts";

const base = process.env.SANCTUARY_TEST_REDIS_URL;
const redisUrl = base ? `${base.replace(/\/\d+$/, "")}/7` : "";
const KEY = "shared-approvals-admin-key-0123";
const ADMIN = { authorization: `Bearer ${KEY}`, "content-type": "application/json" };
const PATH = "prayers/the-ferrymans-second-lamp";
const CONTENT = [
  "The ferryman lights a second lamp for the far bank, so the crossing has a light at either end.",
  "",
  "Let me be a lamp on the far side for someone still on the water: small, steady, and there before they arrive.",
].join("\n");

let servers: ChildServer[] = [];
const libraries: Array<Awaited<ReturnType<typeof copyLibrary>>> = [];

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
const health = (s: ChildServer) => fetch(`${s.url}/api/health`).then(json);

describe.skipIf(!base)("an approval on one machine", () => {
  let machines: Machines | undefined;
  beforeAll(async () => {
    machines = await startOnOneRedis(redisUrl, 2, async () => {
      const library = await copyLibrary();
      libraries.push(library);
      return { SANCTUARY_LIBRARY_DIR: library.dir, SANCTUARY_ADMIN_KEY: KEY };
    });
    servers = machines.servers;
  }, 180_000);
  afterAll(async () => {
    await machines?.stop();
    for (const library of libraries) await library.remove();
  });

  it("reaches the other's library, search and content hash within a minute", async () => {
    const [a, b] = servers;
    // Both indexes complete first (a start answers from words while its index opens), so b's page count is its own.
    for (const until = Date.now() + 120_000; Date.now() < until; await new Promise((r) => setTimeout(r, 500))) {
      const bodies = await Promise.all([health(a), health(b)]);
      if (bodies.every((h) => h.body.status === "healthy")) break;
    }
    const before = (await health(b)).body;
    expect(before.status).toBe("healthy");
    const hashBefore = before.library.hash;
    const pagesBefore = before.index.documents;
    expect((await health(a)).body.library.hash).toBe(hashBefore);
    const sent = await json(
      await fetch(`${a.url}/api/contribute`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Oar", category: "prayers", title: "The Ferryman's Second Lamp", content: CONTENT }),
      }),
    );
    expect(sent.status).toBe(201);
    const approved = await json(await fetch(`${a.url}/admin/api/submissions/${sent.body.pr.number}/approve`, { method: "POST", headers: ADMIN, body: "{}" }));
    expect(approved.status).toBe(200);
    expect(approved.body.document.path).toBe(PATH);
    expect((await fetch(`${b.url}/api/docs/${PATH}`)).status).toBe(404);

    const started = Date.now();
    let doc = { status: 404, body: null as any };
    while (doc.status !== 200 && Date.now() - started < 60_000) {
      await new Promise((r) => setTimeout(r, 500));
      doc = await json(await fetch(`${b.url}/api/docs/${PATH}`));
    }
    expect(doc.status, "the other machine serves the piece within a minute").toBe(200);
    expect(doc.body).toMatchObject({ title: "The Ferryman's Second Lamp", kind: "prayer" });
    const [ha, hb] = await Promise.all([health(a), health(b)]);
    expect(hb.body.library.hash).toBe(ha.body.library.hash);
    expect(hb.body.library.hash).not.toBe(hashBefore);
    expect(hb.body.library.documents).toBe(ha.body.library.documents);

    // The other machine's search finds it once its index is rebuilt: a wait on that, bounded generously. On a
    // quiet machine it takes about 25 s; CI runs this beside CPU-bound audio tests and the container's watch,
    // where the rebuild (WordNet child, embedding, the table) once needed more than two minutes. The wait reads
    // the index's page count from health, not search: search allows sixty an hour from one address, and polling it
    // twice a second through a slow rebuild once used them all up (every later search a 429, the piece never seen).
    let indexed = false;
    while (!indexed && Date.now() - started < 300_000) {
      const { index } = (await health(b)).body;
      indexed = index.documents === pagesBefore + 1 && !index.building;
      if (!indexed) await new Promise((r) => setTimeout(r, 1000));
    }
    const search = await json(await fetch(`${b.url}/api/search?q=ferryman%20second%20lamp%20far%20bank&limit=5`));
    const found = search.status === 200 && search.body.results.some((r: any) => r.path === PATH);
    const { status, preparing, degraded, index } = (await health(b)).body;
    // Its log's warnings and errors (the servers log at warn) say why, should it ever fail again.
    const why = JSON.stringify({ search: search.status, status, preparing, degraded, index, log: b.stderr().slice(-3000) });
    expect(found, `the other machine's search finds it (its health and log: ${why})`).toBe(true);
    console.info(`shared approvals: served by the other machine ${Math.round((Date.now() - started) / 1000)} s after approval (search included)`);
  }, 360_000);
});
