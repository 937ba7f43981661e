// The smoke suite `.ci/run` runs under another Node line (22): start the real server with the Node running this
// script, then health, now, an MCP tools/call in both protocol eras, a reflection, a search, and SIGTERM → exit 0.
// Prints one line per check and "node <version> smoke: N passed, N failed"; exits 1 on any failure.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startChildServer, type ChildServer } from "../helpers/child-server.ts";
import { getJson, postJson } from "../helpers/http.ts";
import { bodyOf, connectLegacy, connectModern } from "../helpers/mcp-clients.ts";

const dataDir = await mkdtemp(join(tmpdir(), "sanctuary-smoke-"));
let server: ChildServer | undefined;
let url = "";

let passed = 0;
let failed = 0;
async function check(name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
    passed++;
    console.log(`  ok   ${name}`);
  } catch (error) {
    failed++;
    console.log(`  FAIL ${name}: ${(error as Error).message}`);
  }
}
const must = (ok: unknown, why: string) => {
  if (!ok) throw new Error(why);
};
async function until(ms: number, ok: () => Promise<boolean>): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 250))) if (await ok().catch(() => false)) return true;
  return false;
}

await check("health answers 200", async () => {
  server = await startChildServer({ DATA_DIR: dataDir }, "server.ts", 120_000);
  url = server.url;
});
await check("now names the service and its first song", async () => {
  const now = await getJson(url + "/api/now?timezone=Europe/Lisbon");
  must(now.status === 200 && now.body.current?.slug, `now: ${now.status}`);
});
for (const [era, connect] of [
  ["2025-11-25", connectLegacy],
  ["2026-07-28", connectModern],
] as const) {
  await check(`MCP tools/call now (${era})`, async () => {
    const client = await connect(url);
    try {
      must(bodyOf(await client.callTool("now", {})).current?.slug, "no current song in the MCP answer");
    } finally {
      await client.close();
    }
  });
}
await check("a reflection is kept", async () => {
  const res = await postJson(`${url}/api/reflect`, { name: "Smoke Keeper", text: "A short reflection left by the smoke suite on another line of Node." });
  must(res.status === 200, `reflect: ${res.status}`);
});
await check("search finds a passage once the index is built", async () => {
  must(await until(180_000, async () => (await getJson(url + "/api/ask/health")).status === 200), "the index was not ready within 180 s");
  const search = await getJson(url + "/api/search?q=morning%20light&limit=3");
  must(search.status === 200 && search.body.results.length > 0, `search: ${search.status}`);
});
await check("SIGTERM ends the server with exit code 0", async () => {
  must(server, "no server to stop");
  server!.process.kill("SIGTERM");
  const code = await server!.exited;
  must(code === 0, `exit code ${code}\n${server!.stderr().slice(-2000)}`);
});

await server?.stop("SIGKILL");
await rm(dataDir, { recursive: true, force: true });
console.log(`node ${process.versions.node} smoke: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
