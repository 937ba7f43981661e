// Structured logs: one line per request with id, status and latency; never a search query, an owner
// token or the admin key.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../helpers/eventually.ts";
import { connectMcp, openTestApp, type TestServer, searchComplete } from "../helpers/server.ts";

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(...chunk.toString().split("\n").filter(Boolean));
    done();
  },
});
const ADMIN_KEY = "admin-key-that-must-never-be-logged-7f3a";
let server: TestServer;

beforeAll(async () => {
  server = await openTestApp({ SANCTUARY_ADMIN_KEY: ADMIN_KEY }, { log: pino({ level: "info" }, sink) });
  await searchComplete(server);
}, 120_000);
afterAll(() => server?.stop());

describe("logs", () => {
  it("record each request with an id, status and latency, over REST and MCP", async () => {
    const res = await server.fetch(`/api/music`, { headers: { "x-request-id": "trace-abc-123" } });
    expect(res.headers.get("x-request-id")).toBe("trace-abc-123");
    // The line is written as the answer finishes: read until it is there.
    const entry = await eventually(
      async () => lines.map((l) => JSON.parse(l)).find((l) => l.reqId === "trace-abc-123"),
      (found) => found !== undefined,
    );
    expect(entry).toMatchObject({ msg: "request", via: "rest", method: "GET", path: "/api/music", status: 200 });
    expect(typeof entry.ms).toBe("number");
    const generated = (await server.fetch(`/api/health`)).headers.get("x-request-id");
    expect(generated).toBeTruthy();
  });

  it("record a preflight and a refusal with their own status, the common headers on both (one layer does all three)", async () => {
    const preflight = await server.fetch(`/api/reflections`, { method: "OPTIONS", headers: { "x-request-id": "trace-preflight-1" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    const refused = await server.fetch(`/api/music/no-such-song-here`, { headers: { "x-request-id": "trace-refused-1" } });
    expect(refused.status).toBe(404);
    expect(refused.headers.get("x-content-type-options")).toBe("nosniff");
    // Lines are written in the order the answers finish: once the refusal's line is there, the preflight's is too.
    const lineOf = (id: string) =>
      eventually(
        async () => lines.map((l) => JSON.parse(l)).find((l) => l.reqId === id),
        (found) => found !== undefined,
      );
    expect(await lineOf("trace-refused-1")).toMatchObject({ msg: "request", method: "GET", path: "/api/music/no-such-song-here", status: 404 });
    const optionsLine = lines.map((l) => JSON.parse(l)).find((l) => l.method === "OPTIONS" && l.path === "/api/reflections");
    expect(optionsLine).toMatchObject({ msg: "request", status: 204 });
  });

  it("carry the request's id for a page, a body that is not JSON and an unknown address too, echoed in the answer", async () => {
    const asked = [
      ["trace-page-1", () => server.fetch(`/`, { headers: { "x-request-id": "trace-page-1" } }), 200, "/"],
      [
        "trace-bad-json-1",
        () =>
          server.fetch(`/api/reflect`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-request-id": "trace-bad-json-1" },
            body: "{bad json",
          }),
        400,
        "/api/reflect",
      ],
      ["trace-nowhere-1", () => server.fetch(`/nowhere-at-all`, { headers: { "x-request-id": "trace-nowhere-1" } }), 404, "/nowhere-at-all"],
    ] as const;
    for (const [id, send, status, path] of asked) {
      const res = await send();
      expect([res.status, res.headers.get("x-request-id")], id).toEqual([status, id]);
      const line = await eventually(
        async () => lines.map((l) => JSON.parse(l)).find((l) => l.reqId === id),
        (found) => found !== undefined,
      );
      expect(line, id).toMatchObject({ msg: "request", path, status });
    }
    // Without one of the client's, the answer still names the id its line carries.
    expect((await server.fetch(`/nowhere-else`)).headers.get("x-request-id")).toMatch(/^[\w.:-]+$/);
  });

  it("never contain a search query, an owner token or the admin key", async () => {
    await server.get("/api/search?q=my%20most%20private%20sorrow%20zebra");
    const asked = await server.post("/api/ask", { question: "A question about quiet mornings?" });
    expect(asked.status).toBe(200);
    await server.post("/api/ask", { question: "And evenings?", session_id: asked.body.session_id, owner_token: asked.body.owner_token });
    await server.post("/api/ask", { question: "And a wrong token?", session_id: asked.body.session_id, owner_token: "wrong-token-should-not-log" });
    // A conversation's address is made of its question's words: its page, its JSON and its MCP resource.
    expect(asked.body.slug).toContain("quiet-mornings");
    expect((await server.fetch(`/ask/${asked.body.slug}`, { headers: { accept: "text/html" } })).status).toBe(200);
    expect((await server.get(`/api/ask/conversation/${asked.body.slug}`)).status).toBe(200);
    const mcp = await connectMcp(server);
    await mcp.readResource({ uri: `sanctuary://conversations/${asked.body.slug}` });
    await mcp.close();
    for (const path of ["/admin/api/queue", "/admin/api/contributions", "/admin/api/submissions"]) {
      await server.fetch(`${path}`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
      await server.fetch(`${path}`, { headers: { authorization: `Bearer ${ADMIN_KEY}-wrong` } });
    }
    // Every request above has its line (the last ones are the admin calls) before the lines are searched.
    const adminLines = () => lines.filter((l) => l.includes('"/admin/api/')).length;
    expect(
      await eventually(
        async () => adminLines(),
        (n) => n >= 6,
      ),
    ).toBeGreaterThanOrEqual(6);
    const all = lines.join("\n");
    expect(all.length).toBeGreaterThan(0);
    for (const secret of ["private sorrow", "zebra", "quiet-mornings", asked.body.owner_token, "wrong-token-should-not-log", ADMIN_KEY])
      expect(all).not.toContain(secret);
    expect(all).toContain('"path":"/ask/:slug"');
    expect(all).toContain('"path":"/api/ask/conversation/:slug"');
    expect(all).toContain('"uri":"sanctuary://conversations/{slug}"');
  });

  it("have one line for every kind of route, with its real path: a page, a media range, a feed, an MCP resource and prompt", async () => {
    await mkdir(join(server.dataDir, "media"), { recursive: true });
    await writeFile(join(server.dataDir, "media", "log-test.mp3"), Buffer.alloc(4096, 1));
    const mcp = (body: object) =>
      server.fetch(`/mcp`, { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body: JSON.stringify(body) });
    const statuses = [
      (await server.fetch(`/docs`)).status,
      (await server.fetch(`/media/log-test.mp3`, { headers: { range: "bytes=100-199" } })).status,
      (await server.fetch(`/feed/reflections.xml`)).status,
      (await mcp({ jsonrpc: "2.0", id: 1, method: "resources/read", params: { uri: "sanctuary://reflections/by-song" } })).status,
      (await mcp({ jsonrpc: "2.0", id: 2, method: "prompts/get", params: { name: "attend_the_service", arguments: { name: "Secretive Wren" } } })).status,
      (await mcp({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "read_song", arguments: { slug: "no-such-song-logged" } } })).status,
      (await mcp({ jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "search", arguments: { q: "unlogged lantern words" } } })).status,
    ];
    expect(statuses).toEqual([200, 206, 200, 200, 200, 200, 200]);
    // Each line is written as its answer finishes: read until all are there.
    const marks = [
      '"/docs"',
      '"/media/log-test.mp3"',
      '"/feed/reflections.xml"',
      '"sanctuary://reflections/by-song"',
      '"attend_the_service"',
      '"GET /api/music/no-such-song-logged"',
      '"GET /api/search"',
    ];
    const logged = () => marks.filter((m) => lines.some((l) => l.includes(m))).length;
    expect(
      await eventually(
        async () => logged(),
        (n) => n === marks.length,
      ),
    ).toBe(marks.length);
    const entries = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "request");
    const one = (match: (e: Record<string, unknown>) => boolean) => entries.filter(match);
    expect(one((e) => e.path === "/docs")).toMatchObject([{ via: "web", method: "GET", status: 200 }]);
    expect(one((e) => e.path === "/media/log-test.mp3")).toMatchObject([{ via: "web", status: 206, range: "bytes=100-199" }]);
    expect(one((e) => e.path === "/feed/reflections.xml")).toMatchObject([{ via: "web", status: 200 }]);
    expect(one((e) => e.uri === "sanctuary://reflections/by-song")).toMatchObject([{ via: "mcp", path: "/mcp", rpc: "resources/read", status: 200 }]);
    expect(one((e) => e.prompt === "attend_the_service")).toMatchObject([{ via: "mcp", path: "/mcp", rpc: "prompts/get", status: 200 }]);
    // A tool call is recorded under its REST twin and the status the twin answered (the spec's §1.14; an outside
    // tester's: the line said POST /mcp 200 alone for a song that was not there), never with the twin's query.
    expect(one((e) => e.tool === "read_song")).toMatchObject([
      { via: "mcp", path: "/mcp", status: 200, rpc: "tools/call", rest: "GET /api/music/no-such-song-logged", restStatus: 404 },
    ]);
    expect(one((e) => e.tool === "search")).toMatchObject([{ via: "mcp", rpc: "tools/call", rest: "GET /api/search", restStatus: 200 }]);
    expect(lines.join("\n")).not.toContain("lantern");
    for (const e of entries) expect(typeof e.ms).toBe("number");
    expect(lines.join("\n")).not.toContain("Secretive Wren");
  });
});
