// A new state.db, its -wal and -shm are readable by their owner only, whatever the umask, as a backup is: they hold
// every visitor's names and words (an operator found the live files world-readable beside 0600 backups). A file that
// exists keeps the mode its operator gave it.
import { chmodSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../storage/sqlite-schema.ts";

let dir: string;
let umask: number;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "sqlite-mode-"));
  umask = process.umask(0o022);
});
afterAll(async () => {
  process.umask(umask);
  await rm(dir, { recursive: true, force: true });
});

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe("the database file's mode", () => {
  it("is 0600 for a new state.db and the -wal and -shm SQLite makes beside it", () => {
    const file = join(dir, "new", "state.db");
    const db = openDatabase({ file });
    db.exec("INSERT INTO kv (key, value, version) VALUES ('k', 'v', 1)");
    expect([modeOf(file), modeOf(`${file}-wal`), modeOf(`${file}-shm`)]).toEqual([0o600, 0o600, 0o600]);
    db.close();
  });

  it("is left as it was for a file that exists", () => {
    const file = join(dir, "state.db");
    writeFileSync(file, "");
    chmodSync(file, 0o640);
    openDatabase({ file }).close();
    expect(modeOf(file)).toBe(0o640);
  });
});

describe("a database file SQLite cannot use", () => {
  it("is named with what to do: restore or move aside a file that is no database, check one that is a folder", () => {
    const text = join(dir, "text.db");
    writeFileSync(text, "a page of words where a database should be. ".repeat(100));
    expect(() => openDatabase({ file: text })).toThrow(
      `${text}: file is not a database: restore the state from a backup (npm run restore, docs/operating.md), or move the file aside to start with no state`,
    );
    const folder = join(dir, "folder.db");
    mkdirSync(folder);
    expect(() => openDatabase({ file: folder })).toThrow(
      /: it cannot be opened as a database file: check that it is a file this user may read and write, not a folder$/,
    );
  });
});
