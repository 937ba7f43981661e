// npm run backup while the server takes a burst of reflections: the copy holds every reflection acknowledged
// before the backup began and passes SQLite's integrity check; a backup killed midway leaves nothing that
// restore accepts, and the server serves on; restore refuses a live folder and brings the copy back.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "libsql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedIndex } from "../helpers/search-index.ts";
import { shareEmbeddings, startChildServer, type ChildServer } from "../helpers/child-server.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
let dataDir: string;
let backups: string;
let server: ChildServer;

/** `npm run backup|restore` as an operator runs it (node directly, to keep the pid ours). */
function cli(script: "backup" | "restore", args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    cwd: ROOT,
    env: { ...process.env, SANCTUARY_REDIS_URL: "", BASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, out })),
  );
  return { child, done, output: () => out };
}

const reflectInBurst = (url: string, i: number) =>
  fetch(`${url}/api/reflect`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: `Burst ${i}`, text: `Reflection ${i} of a steady burst, written while a backup is being taken.` }),
  }).then(
    (r) => r.status,
    () => 0,
  );

async function namesIn(url: string): Promise<Set<string>> {
  const names = new Set<string>();
  const bySong = (await (await fetch(`${url}/api/reflections/by-song`)).json()) as { songs: Array<{ slug: string }> };
  for (const { slug } of bySong.songs) {
    const page = (await (await fetch(`${url}/api/reflections/song/${slug}`)).json()) as { reflections: Array<{ name: string }> };
    for (const r of page.reflections) names.add(r.name);
  }
  return names;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "sanctuary-backup-"));
  backups = await mkdtemp(join(tmpdir(), "sanctuary-backups-"));
  await shareEmbeddings(dataDir);
  await seedIndex(dataDir);
  server = await startChildServer({ DATA_DIR: dataDir, SANCTUARY_RATE_LIMITS: "off" });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(backups, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("copies a consistent state during a burst, survives kill -9 midway, and restores only a finished copy", async () => {
    const acknowledged = new Set<string>();
    let next = 0;
    let burstOn = true;
    // Four writers keep reflections coming for as long as the backups run.
    const writers = Array.from({ length: 4 }, async () => {
      while (burstOn) {
        const i = next++;
        if ((await reflectInBurst(server.url, i)) === 200) acknowledged.add(`Burst ${i}`);
      }
    });
    while (acknowledged.size < 40) await new Promise((r) => setTimeout(r, 20));

    const before = new Set(acknowledged);
    const file = join(backups, "state-backup.db");
    const backup = cli("backup", ["--to", file], { DATA_DIR: dataDir });
    // A second backup, killed as soon as it starts copying.
    const killedFile = join(backups, "killed.db");
    const killed = cli("backup", ["--to", killedFile], { DATA_DIR: dataDir });
    await new Promise<void>((resolve) => {
      const check = () => (killed.output().includes("copying") || killed.child.exitCode !== null ? resolve() : setTimeout(check, 1));
      check();
    });
    killed.child.kill("SIGKILL");
    const [made, cut] = await Promise.all([backup.done, killed.done]);
    expect(made.code, made.out).toBe(0);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    burstOn = false;
    await Promise.all(writers);
    expect(acknowledged.size).toBeGreaterThan(before.size);

    // Killed midway, the copy never took the backup's name; whatever it left is refused. On a busy machine the
    // small copy can finish before the kill lands: then the name holds a whole, stamped copy, which restores.
    if (existsSync(killedFile)) {
      const whole = await cli("restore", ["--from", killedFile], { DATA_DIR: await mkdtemp(join(tmpdir(), "sanctuary-r-")) }).done;
      expect(whole.code, whole.out).toBe(0);
    }
    // A partial file is refused, unless the kill landed after the copy was whole and stamped but before its rename:
    // then it is a backup in all but name, and restores (a half copy and an unstamped one are refused below, always).
    const leftovers = readdirSync(backups).filter((n) => n.startsWith("killed.db.partial-"));
    for (const leftover of leftovers) {
      const tried = await cli("restore", ["--from", join(backups, leftover)], { DATA_DIR: await mkdtemp(join(tmpdir(), "sanctuary-r-")) }).done;
      if (tried.code !== 0) {
        expect(tried.code, tried.out).toBe(1);
        expect(tried.out).toContain("not a backup");
      }
    }

    console.info(`backup: the second backup ended by ${cut.signal ?? `exit ${cut.code}`}, leaving ${leftovers.length} partial file(s)`);
    // Whatever point a kill reaches: a copy cut in the middle (half the bytes) or one not yet stamped is refused.
    const bytes = readFileSync(file);
    const half = join(backups, "half.db");
    writeFileSync(half, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const unstamped = join(backups, "unstamped.db");
    const source = new Database(join(dataDir, "state.db"), { readonly: true });
    source.exec(`VACUUM INTO '${unstamped}'`);
    source.close();
    for (const bad of [half, unstamped]) {
      const refused = await cli("restore", ["--from", bad], { DATA_DIR: await mkdtemp(join(tmpdir(), "sanctuary-r-")) }).done;
      expect(refused.code, refused.out).toBe(1);
      expect(refused.out).toContain("not a backup");
    }

    const copy = new Database(file, { readonly: true });
    expect(copy.prepare("PRAGMA integrity_check").pluck().all()).toEqual(["ok"]);
    copy.close();

    // Restore refuses the folder the server has open.
    const overLive = await cli("restore", ["--from", file], { DATA_DIR: dataDir }).done;
    expect(overLive.code).toBe(1);
    expect(overLive.out).toContain("in use by pid");

    // Into a folder that does not exist yet (a fresh machine), then a server on it has every reflection
    // acknowledged before the backup began.
    const parent = await mkdtemp(join(tmpdir(), "sanctuary-restored-"));
    const fresh = join(parent, "data");
    try {
      const restored = await cli("restore", ["--from", file], { DATA_DIR: fresh }).done;
      expect(restored.code, restored.out).toBe(0);
      await shareEmbeddings(fresh);
      await seedIndex(fresh);
      const again = await startChildServer({ DATA_DIR: fresh });
      try {
        const names = await namesIn(again.url);
        expect([...before].filter((n) => !names.has(n))).toEqual([]);
      } finally {
        await again.stop();
      }
      const state = new Database(join(fresh, "state.db"), { readonly: true });
      expect(state.prepare("PRAGMA integrity_check").pluck().all()).toEqual(["ok"]);
      state.close();
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  }, 180_000);

  it("refuses --to with Redis, whose snapshot is written on the Redis machine, before reaching it", async () => {
    const refused = await cli("backup", ["--to", join(backups, "never-written.db")], { SANCTUARY_REDIS_URL: "redis://127.0.0.1:9" }).done;
    expect(refused.code, refused.out).toBe(1);
    expect(refused.out).toContain("--to names a SQLite backup file");
    expect(existsSync(join(backups, "never-written.db"))).toBe(false);
  });

  it("says in one line that a Redis it cannot reach could not be reached, naming it without its password", async () => {
    const failed = await cli("backup", [], { SANCTUARY_REDIS_URL: "redis://keeper:secret-word@127.0.0.1:9" }).done;
    expect(failed.code, failed.out).toBe(1);
    expect(failed.out).toContain("backup failed: Redis at redis://127.0.0.1:9 could not be reached (connect ECONNREFUSED 127.0.0.1:9)");
    expect(failed.out).not.toContain("Unhandled error event");
    expect(failed.out).not.toContain("secret-word");
  });

  it("refuses both with unstorage, whose state is not in state.db, instead of reporting a copy or a restore of nothing", async () => {
    const backedUp = await cli("backup", ["--to", join(backups, "unstorage.db")], { SANCTUARY_STORAGE: "unstorage:fs" }).done;
    expect(backedUp.code, backedUp.out).toBe(1);
    expect(backedUp.out).toContain("/kv (SANCTUARY_STORAGE=unstorage:fs)");
    const restored = await cli("restore", ["--from", join(backups, "unstorage.db")], { SANCTUARY_STORAGE: "unstorage:fs" }).done;
    expect(restored.code, restored.out).toBe(1);
    expect(restored.out).toContain("restores only into SQLite");
  });

  it("refuses a restore into a DATA_DIR that cannot be made, where Node's recursive mkdir spun for ever under /proc", async () => {
    const refused = await cli("restore", ["--from", join(backups, "state-backup.db")], { DATA_DIR: "/proc/sanctuary-restore-here" }).done;
    expect(refused.code, refused.out).toBe(1);
    expect(refused.out).toContain("restore refused: ENOENT");
  });
});
