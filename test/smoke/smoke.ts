// The smoke suite `.ci/run` runs under another Node line (22): start the real server with the Node running this
// script, then health, now, an MCP tools/call in both protocol eras, a reflection, a search, and SIGTERM → exit 0.
// Prints one line per check and "node <version> smoke: N passed, N failed"; exits 1 on any failure.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../helpers/child-server.ts";
import { bodyOf, connectLegacy, connectModern } from "../helpers/mcp-clients.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const dataDir = await mkdtemp(join(tmpdir(), "sanctuary-smoke-"));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    BASE_URL: "",
    SANCTUARY_RECORDINGS: "off",
    SANCTUARY_EMBEDDER: "glove",
    SANCTUARY_LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "ignore", "pipe"],
});
let stderr = "";
server.stderr!.on("data", (d) => (stderr += d));
const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));

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
const get = async (path: string) => {
  const res = await fetch(url + path);
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
};
async function until(ms: number, ok: () => Promise<boolean>): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 250))) if (await ok().catch(() => false)) return true;
  return false;
}

await check("health answers 200", async () => {
  must(await until(120_000, async () => (await get("/api/health")).status === 200), `no /api/health 200 within 120 s\n${stderr}`);
});
await check("now names the service and its first song", async () => {
  const now = await get("/api/now?timezone=Europe/Lisbon");
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
  const res = await fetch(`${url}/api/reflect`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Smoke Keeper", text: "A short reflection left by the smoke suite on another line of Node." }),
  });
  must(res.status === 200, `reflect: ${res.status}`);
});
await check("search finds a passage once the index is built", async () => {
  must(await until(180_000, async () => (await get("/api/ask/health")).status === 200), "the index was not ready within 180 s");
  const search = await get("/api/search?q=morning%20light&limit=3");
  must(search.status === 200 && search.body.results.length > 0, `search: ${search.status}`);
});
await check("SIGTERM ends the server with exit code 0", async () => {
  server.kill("SIGTERM");
  const code = await exited;
  must(code === 0, `exit code ${code}\n${stderr.slice(-2000)}`);
});

if (server.exitCode === null) server.kill("SIGKILL");
await rm(dataDir, { recursive: true, force: true });
console.log(`node ${process.versions.node} smoke: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
