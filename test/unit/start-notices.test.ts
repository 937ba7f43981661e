// What a start warns of before it opens its store: state kept by another backend in the same folder, an empty
// state.db, and a store that ends with the process (an operator's reports: each started an empty sanctuary silently).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { backendFor } from "../../storage/index.ts";
import { startNotices } from "../../storage/start-notices.ts";

const DIR = "/srv/sanctuary";
const holding = (sizes: Record<string, number>) => (path: string) => sizes[path] ?? null;

describe("a start's notices about its data folder", () => {
  it("names kv/ (unstorage:fs state) beside a SQLite or Redis start, with the setting that serves it", () => {
    const folder = holding({ [join(DIR, "kv")]: 4096, [join(DIR, "state.db")]: 8192 });
    const [sqlite] = startNotices(backendFor({ dataDir: DIR }), DIR, folder);
    expect(sqlite).toMatch(
      /^DATA_DIR holds kv\/, the state SANCTUARY_STORAGE=unstorage:fs keeps, and this start serves SQLite \(\/srv\/sanctuary\/state\.db\)/,
    );
    expect(sqlite).toContain("set SANCTUARY_STORAGE=unstorage:fs to serve that state");
    expect(startNotices(backendFor({ dataDir: DIR, redisUrl: "redis://127.0.0.1:6379" }), DIR, folder)).toEqual([expect.stringContaining("serves Redis")]);
    expect(startNotices(backendFor({ dataDir: DIR, storage: "unstorage:fs" }), DIR, folder)).toEqual([]);
  });

  it("says an empty state.db starts with no state and how to restore, and says nothing of a fresh folder or a used one", () => {
    const sqlite = backendFor({ dataDir: DIR });
    expect(startNotices(sqlite, DIR, holding({ [join(DIR, "state.db")]: 0 }))).toEqual([
      `${join(DIR, "state.db")} was empty (0 bytes) and starts as a new sanctuary with no state: if this folder held one, restore it from a backup (npm run restore, docs/operating.md)`,
    ]);
    expect(startNotices(sqlite, DIR, holding({}))).toEqual([]);
    expect(startNotices(sqlite, DIR, holding({ [join(DIR, "state.db")]: 4096 }))).toEqual([]);
  });

  it("says unstorage:memory keeps nothing past the process", () => {
    expect(startNotices(backendFor({ dataDir: DIR, storage: "unstorage:memory" }), DIR, holding({}))).toEqual([expect.stringMatching(/in this process only/)]);
  });
});
