// The bench's bare and floor servers answer each route's sample body as the very bytes the real server sent (a
// character beyond Latin-1 included, which a string body made the bare server encode twice a request), and
// importing the bench's helpers no longer pins the importing process to a core. Given a database, the floor writes
// each attend's visit there (our statements, our schema) before it answers.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Database from "libsql";
import { startBare, startFloor, stop, type Spawned } from "../../bench/servers.ts";

const BODIES = {
  "/api/now?timezone=Europe/Berlin": JSON.stringify({ title: "Evening — the lamps", souls: 3 }),
  "/api/attend?name={n}&timezone=Asia/Tokyo": JSON.stringify({ welcome: "Welcome, “friend”. ✦", steps: ["a", "b"] }),
};

let folder = "";
const servers: Spawned[] = [];
let visitsDb = "";
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "bench-bare-"));
  visitsDb = join(folder, "visits.db");
  await writeFile(join(folder, "bodies.json"), JSON.stringify(BODIES));
  servers.push(await startBare(join(folder, "bodies.json")), await startFloor(join(folder, "bodies.json")));
  servers.push(await startFloor(join(folder, "bodies.json"), visitsDb));
});
afterAll(async () => {
  for (const server of servers.splice(0)) await stop(server);
  await rm(folder, { recursive: true, force: true });
});

describe("the bench's bare and floor servers", () => {
  it("answer each path, and a new name's path, with the sample's exact UTF-8 bytes and their length", async () => {
    for (const server of servers) {
      for (const [path, sent] of [
        ["/api/now?timezone=Europe/Berlin", BODIES["/api/now?timezone=Europe/Berlin"]],
        ["/api/attend?name=u1796470000000000000042&timezone=Asia/Tokyo", BODIES["/api/attend?name={n}&timezone=Asia/Tokyo"]],
        ["/nowhere", "{}"],
      ]) {
        const res = await fetch(server.base + path);
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(bytes.equals(Buffer.from(sent, "utf8")), `${server.base}${path}`).toBe(true);
        expect(Number(res.headers.get("content-length"))).toBe(Buffer.byteLength(sent));
        expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      }
    }
  });

  it("leave the process that imports them on the cores it had (its parent's)", async () => {
    const allowed = async (pid: string | number) => (await readFile(`/proc/${pid}/status`, "utf8").catch(() => "")).match(/^Cpus_allowed_list:\s*(\S+)/m)?.[1];
    const own = await allowed("self");
    if (own === undefined) return; // no /proc: nothing to compare
    expect(own).toBe(await allowed(process.ppid));
  });

  it("with a database, the floor has written each attend's visit (the name folded) when it answers, once a name", async () => {
    const floorWithVisits = servers[2];
    const names = ["  Ada ", "bench-u17", "ada", "Émile"];
    await Promise.all(
      names.map((name) => fetch(`${floorWithVisits.base}/api/attend?name=${encodeURIComponent(name)}&timezone=Asia/Tokyo`).then((r) => r.arrayBuffer())),
    );
    await fetch(`${floorWithVisits.base}/api/now?timezone=Europe/Berlin`).then((r) => r.arrayBuffer());
    const db = new Database(visitsDb, { readonly: true });
    try {
      const rows = db.prepare("SELECT member FROM sorted WHERE name = 'presence' ORDER BY member").all() as Array<{ member: string }>;
      // The first test's new name too, the floors having answered it.
      expect(rows.map((r) => r.member)).toEqual(["ada", "bench-u17", "u1796470000000000000042", "émile"]);
    } finally {
      db.close();
    }
  });
});
