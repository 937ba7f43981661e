// What restore checks of a backup beyond SQLite's own integrity check: a stored value whose bytes are not UTF-8
// (a damaged disk, an edited file) makes the copy no intact backup, since the server could not read that value.
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "libsql";
import { afterAll, describe, expect, it } from "vitest";
import { backupProblem, backupSqlite } from "../../storage/backup.ts";
import { SqliteEngine } from "../../storage/sqlite-engine.ts";

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function backupOf(values: Record<string, unknown>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "sanctuary-backup-check-"));
  dirs.push(dir);
  const engine = new SqliteEngine({ file: join(dir, "state.db") });
  for (const [key, value] of Object.entries(values)) await engine.set(key, value);
  await engine.sortedPut("presence", "wren", 1, { seen: 1 }, false);
  await engine.close();
  return backupSqlite(dir, join(dir, "copy.db")).file;
}

describe("backupProblem", () => {
  it("finds a sound copy sound, readable by its owner alone whatever the umask (it holds visitors' words)", async () => {
    const file = await backupOf({ "reflections:1": { text: "whole" } });
    expect(backupProblem(file)).toBeNull();
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it("names a kv value or a sorted value whose bytes are not UTF-8", async () => {
    // `{"text":"who` then DE AD BE EF (a continuation byte with no lead: not UTF-8) then `"}`, as text.
    const torn = `CAST(X'${Buffer.from('{"text":"who').toString("hex")}deadbeef${Buffer.from('"}').toString("hex")}' AS TEXT)`;
    for (const [table, sql, at] of [
      ["kv", `UPDATE kv SET value = ${torn} WHERE key = 'reflections:1'`, "reflections:1"],
      ["sorted", `UPDATE sorted SET value = ${torn} WHERE member = 'wren'`, "presence/wren"],
    ] as const) {
      const file = await backupOf({ "reflections:1": { text: "whole" } });
      const db = new Database(file);
      db.exec(sql);
      db.close();
      expect(backupProblem(file)).toBe(`a value in its ${table} table is damaged (not UTF-8 text), at "${at}"`);
    }
  });
});
