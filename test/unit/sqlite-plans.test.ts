// Every statement the SQLite engine runs finds its rows through a key or an index, never by reading a whole table
// (but the listing of every key, which means to). A read of a batch's members by a JSON list planned once as a
// scan of the whole presence set for each batch (a 400,000-row walk per commit) and still answered rightly, so
// only its plan shows it.
import Database from "libsql";
import { describe, expect, it } from "vitest";
import { SCHEMA, SQL } from "../../storage/sqlite-schema.ts";

const db = new Database(":memory:");
db.exec(SCHEMA);
const planOf = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).raw(true).all() as unknown[][]).map((row) => String(row[3]));

describe("SQLite statements' plans", () => {
  it.each(Object.entries(SQL).filter(([name]) => name !== "allKeys"))("%s reads no stored table whole, nor a whole collection", (_, sql) => {
    for (const step of planOf(sql)) {
      expect(step).not.toMatch(/^SCAN (kv|sorted|meta|s)\b/);
      // A collection's rows by its name alone are all of them (the presence set: a day of visitors).
      expect(step).not.toMatch(/\(name=\?\)$/);
    }
  });

  it("reads a batch's members by the primary key, one list item at a time", () => {
    expect(planOf(SQL.sortedScores)).toEqual([
      expect.stringMatching(/^SCAN j\b/),
      expect.stringMatching(/^SEARCH s USING PRIMARY KEY \(name=\? AND member=\?\)/),
    ]);
  });
});
