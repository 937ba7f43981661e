// Every operation's `example` (what a 400 hands back as "a correct call") is one: a path example is a URL a client
// can send as written (no raw spaces) to the operation's own REST path, and its query (or an object example) passes
// the operation's input schema.
import { describe, expect, it } from "vitest";
import { operations } from "../../tools/index.ts";
import { listedPath } from "../../adapters/route-table.ts";

/** The operation's listed REST path as a pattern over a URL's pathname. */
const pathPattern = (path: string) => new RegExp(`^${listedPath(path).replace(/:[A-Za-z_]+/g, "[^?#]+")}$`);

describe.each(operations.filter((op) => op.example !== undefined).map((op) => [op.name, op] as const))("%s's example", (_, op) => {
  it("is a call the operation takes", () => {
    if (typeof op.example === "string") {
      expect(op.example).not.toMatch(/\s/);
      const url = new URL(op.example, "http://sanctuary.test");
      // Its own path, or one of the operations its tool also answers (read_song without a slug is the catalog, /api/music).
      const paths = [op, ...(op.mcp?.alsoAnswers ?? [])].map((o) => o.rest.path);
      expect(
        paths.some((path) => pathPattern(path).test(url.pathname)),
        `${url.pathname} among ${paths.join(", ")}`,
      ).toBe(true);
      const query = Object.fromEntries(url.searchParams);
      // Path parameters are the operation's too: a query example holds the fields a GET without them takes.
      if (!/:/.test(op.rest.path)) expect(op.input.safeParse(query).success, JSON.stringify(query)).toBe(true);
    } else {
      expect(op.input.safeParse(op.example).success, JSON.stringify(op.example)).toBe(true);
    }
  });
});
