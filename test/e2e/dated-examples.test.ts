// An error's `example` is a correct call (docs/behaviour.md §10): for the calls that name a date, one on today's date,
// since a fixed date's services are gone from a server that keeps a few weeks (an outside tester followed
// services-by-date's example to a 404). Followed, each answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleAt } from "../../tools/operation.ts";
import { operations } from "../../tools/index.ts";
import { openTestApp, type TestServer } from "../helpers/server.ts";
import { clearOfSlotBoundary } from "../helpers/slot-boundary.ts";

let server: TestServer;
beforeAll(async () => {
  // Clear of a slot's end on UTC's clock, where "today" and the service playing now would change between the calls.
  await clearOfSlotBoundary("UTC", 30_000);
  server = await openTestApp();
}, 40_000);
afterAll(() => server.close());

describe("an error's example on a dated call", () => {
  it.each([
    ["services-by-date, a date that is no date", "/api/services/2026-13-01"],
    ["services-by-date, a field sent twice", "/api/services/2026-12-01?date=2026-12-02"],
    ["reflections-service, a slot that is none", "/api/reflections/service/2026-12-01/9/north"],
  ])("%s: names today's service, and answers when followed", async (_, path) => {
    const refused = await server.get(path);
    expect([refused.status, refused.body.suggestion]).toEqual([400, expect.any(String)]);
    const today = server.deps.clock().toISOString().slice(0, 10);
    expect(refused.body.example).toContain(`/${today}`);
    expect((await server.get(refused.body.example)).status).toBe(200);
  });
});

describe("every GET operation's example", () => {
  it("is a path of the REST API that answers 200 when followed (an object of MCP arguments is no REST call)", async () => {
    // An outside tester's: read_song and read_doc gave `{"slug": "<a slug from the song list>"}` and `{"path": "welcome"}`.
    // An operation without one takes no input worth showing (its refusals name the fields it does not take).
    const gets = operations.filter((op) => op.rest.method === "GET" && exampleAt(op, server.deps.clock()) !== undefined);
    expect(gets.length).toBeGreaterThan(5);
    for (const op of gets) {
      const example = exampleAt(op, server.deps.clock());
      expect([op.name, typeof example]).toEqual([op.name, "string"]);
      expect([op.name, (await server.get(String(example))).status]).toEqual([op.name, 200]);
    }
  });
});
