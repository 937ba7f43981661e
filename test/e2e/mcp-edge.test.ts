// The forgiving edge: a browser at /mcp is sent to the setup page, older MCP paths point (or redirect) to /mcp, the
// server card answers where crawlers look for it, A2A's card path names the MCP endpoint, and every refused MCP
// request leaves one log line per kind of client (reason, user agent, protocol version; never its arguments).
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../helpers/eventually.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const BASE = "https://sanctuary.example";
const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(...chunk.toString().split("\n").filter(Boolean));
    done();
  },
});
const refusals = () => lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "mcp client refused");

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ BASE_URL: BASE }, { log: pino({ level: "info" }, sink) });
});
afterAll(async () => {
  await server?.stop();
});

const raw = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, { redirect: "manual", ...init });

describe("GET /mcp", () => {
  it("sends a browser (Accept: text/html) to /docs/mcp with a 303", async () => {
    const res = await raw("/mcp", { headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${BASE}/docs/mcp`);
  });

  it("still answers a client 405 with Allow: POST", async () => {
    const res = await raw("/mcp", { headers: { accept: "text/event-stream" } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  });
});

describe("older MCP paths", () => {
  for (const path of ["/sse", "/mcp/sse", "/api/mcp"]) {
    it(`${path}: POST → 308 to /mcp, GET → a JSON pointer to /mcp`, async () => {
      const posted = await raw(path, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      expect(posted.status).toBe(308);
      expect(posted.headers.get("location")).toBe(`${BASE}/mcp`);

      const got = await raw(path, { headers: { accept: "text/event-stream" } });
      expect(got.status).toBe(404);
      expect(got.headers.get("content-type")).toMatch(/^application\/json/);
      const body = await got.json();
      expect(body.error).toContain(`${BASE}/mcp`);
      expect(body.suggestion).toBeTruthy();
      expect(body.next_steps.map((s: { url: string }) => s.url)).toEqual(
        expect.arrayContaining([`${BASE}/mcp`, `${BASE}/.well-known/mcp/server-card.json`, `${BASE}/docs/mcp`]),
      );
    });
  }

  it("a POST following the 308 is answered at /mcp", async () => {
    const initialize = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    });
    const res = await fetch(`${server.url}/api/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: initialize,
      redirect: "manual",
    });
    expect(res.status).toBe(308);
    const followed = await fetch(new URL("/mcp", server.url), {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: initialize,
    });
    expect((await followed.json()).result.serverInfo.name).toBeTruthy();
  });
});

describe("cards", () => {
  it("/mcp/server-card serves the same card as /.well-known/mcp/server-card.json", async () => {
    const [a, b] = await Promise.all([server.get("/mcp/server-card"), server.get("/.well-known/mcp/server-card.json")]);
    expect(a.status).toBe(200);
    expect(a.headers.get("content-type")).toMatch(/^application\/json/);
    expect(a.body).toEqual(b.body);
    expect(a.body.remotes[0].url).toBe(`${BASE}/mcp`);
  });

  it("/.well-known/agent-card.json is a JSON 404 pointing to the MCP endpoint and its card", async () => {
    const { status, body, headers } = await server.get("/.well-known/agent-card.json");
    expect(status).toBe(404);
    expect(headers.get("content-type")).toMatch(/^application\/json/);
    expect(body.error).toMatch(/MCP/);
    const urls = body.next_steps.map((s: { url: string }) => s.url);
    expect(urls).toContain(`${BASE}/mcp`);
    expect(urls).toContain(`${BASE}/.well-known/mcp/server-card.json`);
    // The step to /mcp, followed exactly as given (its method and body, no other header), is answered.
    const connect = body.next_steps.find((s: { action?: string }) => s.action === "connect");
    const followed = await fetch(connect.url.replace(BASE, server.url), {
      method: connect.method,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(connect.body),
    });
    expect(followed.status).toBe(200);
    expect((await followed.json()).result.supportedVersions).toContain("2026-07-28");
  });
});

describe("refused MCP requests", () => {
  const SECRET = "argument-that-must-never-be-logged-51c9";
  const sendToMcp = (body: string, headers: Record<string, string>) =>
    fetch(`${server.url}/mcp`, { method: "POST", headers: { "content-type": "application/json", accept: "application/json", ...headers }, body });

  it("are logged once per kind of client, with reason, user agent and protocol version, never arguments", async () => {
    const call = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "search", arguments: { q: SECRET } } });
    // An unsupported protocol version, twice from one client and once from another.
    for (const agent of ["old-client/1.0", "old-client/1.0", "other-client/2.0"]) {
      const res = await sendToMcp(call, { "mcp-protocol-version": "1999-01-01", "user-agent": agent });
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    // A body that is not JSON, and a GET for a stream.
    expect((await sendToMcp(`{"q": "${SECRET}"`, { "user-agent": "broken-client/0.1" })).status).toBe(400);
    expect((await raw("/mcp", { headers: { accept: "text/event-stream", "user-agent": "sse-client/3", "mcp-protocol-version": "2025-03-26" } })).status).toBe(
      405,
    );
    // A request that is served leaves no such line.
    expect((await sendToMcp(call, { "mcp-protocol-version": "2025-06-18", "user-agent": "good-client/1" })).status).toBe(200);
    // Read until a line of each refused client is there (they are written as each answer finishes).
    const agents = ["old-client/1.0", "other-client/2.0", "broken-client/0.1", "sse-client/3"];
    const seen = () => agents.filter((a) => refusals().some((l) => l.userAgent === a)).length;
    expect(
      await eventually(
        async () => seen(),
        (n) => n === agents.length,
      ),
    ).toBe(agents.length);

    const logged = refusals();
    const byAgent = (agent: string) => logged.filter((l) => l.userAgent === agent);
    expect(byAgent("old-client/1.0")).toHaveLength(1);
    expect(byAgent("old-client/1.0")[0]).toMatchObject({ protocolVersion: "1999-01-01", status: 400, level: 40 });
    expect(byAgent("old-client/1.0")[0].reason).toMatch(/version/i);
    expect(byAgent("other-client/2.0")).toHaveLength(1);
    expect(byAgent("broken-client/0.1")[0]).toMatchObject({ status: 400, protocolVersion: "none" });
    expect(byAgent("broken-client/0.1")[0].reason).toMatch(/Parse error/);
    // A GET for a stream is what official clients try as a matter of course: logged, not as a warning.
    expect(byAgent("sse-client/3")[0]).toMatchObject({ status: 405, protocolVersion: "2025-03-26", level: 30 });
    expect(byAgent("good-client/1")).toHaveLength(0);
    expect(lines.join("\n")).not.toContain(SECRET);
  });

  it("name the revisions served when refusing one, both eras' included", async () => {
    const res = await sendToMcp(JSON.stringify({ jsonrpc: "2.0", id: 7, method: "ping" }), { "mcp-protocol-version": "1999-01-01" });
    const body = await res.json();
    expect([res.status, body.id, body.error.code]).toEqual([400, 7, -32022]);
    expect(body.error.data).toEqual({ supported: ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26"], requested: "1999-01-01" });
    expect(body.error.message).toContain("Unsupported protocol version: 1999-01-01 (supported versions: 2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26)");
  });

  it("say in words what a method's params must be (-32602), never as a schema dump", async () => {
    const cases: Array<[string, object, string]> = [
      ["tools/call", {}, "params.name must be a tool's name"],
      ["tools/call", { name: "now", arguments: [] }, "params.arguments, if given, an object"],
      ["prompts/get", { name: "explore_the_library", arguments: { section: 5 } }, "an object of strings"],
      ["resources/read", {}, "params.uri must be a resource's URI"],
      // A list of one page gave no cursor: any cursor sent is refused, as resources/list refuses one it never gave.
      ["tools/list", { cursor: "garbage" }, "this list is one page, so it takes no params.cursor"],
      ["prompts/list", { cursor: "garbage" }, "this list is one page"],
      ["resources/templates/list", { cursor: "garbage" }, "this list is one page"],
    ];
    for (const [method, params, said] of cases) {
      const res = await sendToMcp(JSON.stringify({ jsonrpc: "2.0", id: 9, method, params }), { "mcp-protocol-version": "2025-11-25" });
      const body = await res.json();
      expect([body.id, body.error?.code], method).toEqual([9, -32602]);
      expect(body.error.message, method).toContain(said);
      expect(body.error.message, method).not.toContain("\n");
    }
  });

  it("refuse a resources/list cursor no page begins at, and walk the ones it gave", async () => {
    const list = async (cursor?: string) =>
      (
        await sendToMcp(JSON.stringify({ jsonrpc: "2.0", id: 11, method: "resources/list", params: cursor === undefined ? {} : { cursor } }), {
          "mcp-protocol-version": "2025-11-25",
        })
      ).json();
    const made = (text: string) => Buffer.from(text).toString("base64url");
    // An outside tester's: "offset:1000" answered an empty page, "offset:5" a page out of step with the ones given.
    for (const cursor of [made("offset:5"), made("offset:0"), made("offset:1000000"), "garbage"]) {
      const refused = await list(cursor);
      expect([cursor, refused.error?.code, refused.error?.message]).toEqual([cursor, -32602, expect.stringContaining("not one this server gave")]);
    }
    let page = await list();
    let pages = 1;
    while (page.result.nextCursor) {
      page = await list(page.result.nextCursor);
      expect(page.result.resources.length).toBeGreaterThan(0);
      pages++;
    }
    expect(pages).toBeGreaterThan(1);
  });

  it("read null arguments as none, and a prompt's null argument as one not given", async () => {
    const send = async (method: string, params: object) =>
      (await sendToMcp(JSON.stringify({ jsonrpc: "2.0", id: 10, method, params }), { "mcp-protocol-version": "2025-11-25" })).json();
    const catalog = await send("tools/call", { name: "read_song", arguments: null });
    expect(catalog.result?.isError, JSON.stringify(catalog).slice(0, 300)).toBeFalsy();
    expect(catalog.result.structuredContent.total).toBe(server.deps.library.songs.length);
    const prompt = await send("prompts/get", { name: "attend_the_service", arguments: { name: "Wren", timezone: null } });
    expect(prompt.result?.messages?.length, JSON.stringify(prompt).slice(0, 300)).toBeGreaterThan(0);
    expect(JSON.stringify(prompt.result.messages)).not.toContain("null");
  });

  it("refuse a prompt argument holding half of a character or a noncharacter (-32602), as a tool's argument is refused", async () => {
    // An outside tester's: the prompt carried "W\udc00ren" and "Wren\ufdd0" into its text, where attend refuses both.
    const get = async (name: string) =>
      (
        await sendToMcp(`{"jsonrpc":"2.0","id":11,"method":"prompts/get","params":{"name":"attend_the_service","arguments":{"name":"${name}"}}}`, {
          "mcp-protocol-version": "2025-11-25",
        })
      ).json();
    const half = await get("W\\udc00ren");
    expect(half.error).toMatchObject({ code: -32602 });
    expect(half.error.message).toBe("`name` holds half of a character (a lone UTF-16 surrogate); send whole characters, as UTF-8.");
    const noncharacter = await get("Wren\\ufdd0");
    expect(noncharacter.error).toMatchObject({ code: -32602 });
    expect(noncharacter.error.message).toContain("`name` holds a noncharacter (U+FDD0)");
    expect((await get("Wren")).result.messages.length).toBeGreaterThan(0);
  });
});

describe("JSON-RPC batches", () => {
  it("are answered with an array, even of one answer", async () => {
    const post = (body: unknown) =>
      fetch(`${server.url}/mcp`, { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body: JSON.stringify(body) });
    const one = await post([{ jsonrpc: "2.0", id: 6, method: "ping" }]);
    expect([one.status, await one.json()]).toEqual([200, [{ jsonrpc: "2.0", id: 6, result: {} }]]);
    const two = await (
      await post([
        { jsonrpc: "2.0", id: 1, method: "ping" },
        { jsonrpc: "2.0", id: 2, method: "ping" },
      ])
    ).json();
    expect(Array.isArray(two) && two.map((a: { id: number }) => a.id).sort()).toEqual([1, 2]);
    // A batch refused whole is answered with one error object, as JSON-RPC 2.0 asks.
    const empty = await (await post([])).json();
    expect([Array.isArray(empty), empty.error?.code]).toEqual([false, -32600]);
  });

  it("answer every request of a 2025-03-26 batch on its own, two that share an id included", async () => {
    const postBatch = async (body: unknown) =>
      fetch(`${server.url}/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", "mcp-protocol-version": "2025-03-26" },
        body: JSON.stringify(body),
      });
    const twice = await postBatch([
      { jsonrpc: "2.0", id: 7, method: "ping" },
      { jsonrpc: "2.0", id: 7, method: "tools/list" },
      { jsonrpc: "2.0", method: "notifications/initialized" },
    ]);
    expect(twice.status).toBe(200);
    const answers: { id: number; result?: Record<string, unknown> }[] = await twice.json();
    // Two requests, two answers (the notification none), each with the id its request carried.
    expect(answers.map((a) => a.id)).toEqual([7, 7]);
    expect(answers.map((a) => (a.result && "tools" in a.result ? "tools/list" : "ping")).sort()).toEqual(["ping", "tools/list"]);
    // What is not a request gets its own -32600 beside the others' answers, as JSON-RPC 2.0's examples show; so does
    // an initialize, which 2025-03-26 keeps out of batches.
    const mixed = await (
      await postBatch([
        1,
        { jsonrpc: "2.0", id: 8, method: "initialize", params: { protocolVersion: "2025-03-26", capabilities: {}, clientInfo: { name: "x", version: "1" } } },
        { jsonrpc: "2.0", id: 9, method: "ping" },
      ])
    ).json();
    expect(mixed).toEqual([
      { jsonrpc: "2.0", id: null, error: { code: -32600, message: expect.stringContaining("one JSON object") } },
      { jsonrpc: "2.0", id: 8, error: { code: -32600, message: expect.stringContaining("initialize is never part of a batch") } },
      expect.objectContaining({ id: 9, result: {} }),
    ]);
    const onlyNotes = await postBatch([{ jsonrpc: "2.0", method: "notifications/initialized" }]);
    expect([onlyNotes.status, await onlyNotes.text()]).toEqual([202, ""]);
  });
});

describe("a 2026-07-28 request without clientInfo", () => {
  // The client's identity is optional on a request's _meta (spec PR #3002); it is for logs only, so leaving it out
  // changes nothing of the answer: every revision listed, the hour's caching, our own words for bad params.
  const askModern = async (method: string, params: Record<string, unknown>, withClient: boolean) => {
    const meta: Record<string, unknown> = {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientCapabilities": {},
      ...(withClient ? { "io.modelcontextprotocol/clientInfo": { name: "edge-test", version: "1" } } : {}),
    };
    const name: Record<string, string> = typeof params.name === "string" ? { "mcp-name": params.name } : {};
    const res = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", "mcp-protocol-version": "2026-07-28", "mcp-method": method, ...name },
      body: JSON.stringify({ jsonrpc: "2.0", id: 3, method, params: { ...params, _meta: meta } }),
    });
    return res.json();
  };

  it.each([
    ["server/discover", {}],
    ["tools/list", {}],
    ["prompts/list", {}],
    ["tools/call", { name: "now", arguments: [1] }],
  ] as const)("is answered %s as one with it", async (method, params) => {
    const [without, given] = [await askModern(method, params, false), await askModern(method, params, true)];
    expect(without).toEqual(given);
    if (method === "server/discover") expect(without.result.supportedVersions).toEqual(["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26"]);
  });

  it("a name or URI that is missing or not a string is -32602 in words; with an Mcp-Name header beside it, -32020", async () => {
    const post = async (method: string, params: Record<string, unknown>, name?: string) => {
      const res = await fetch(`${server.url}/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          "mcp-protocol-version": "2026-07-28",
          "mcp-method": method,
          ...(name === undefined ? {} : { "mcp-name": name }),
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 4,
          method,
          params: { ...params, _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} } },
        }),
      });
      return { status: res.status, error: (await res.json()).error };
    };
    for (const [method, params] of [
      ["resources/read", { uri: 5 }],
      ["resources/read", {}],
      ["prompts/get", { name: 5 }],
      ["tools/call", { name: 5 }],
    ] as const) {
      const { status, error } = await post(method, params);
      expect([status, error.code], method).toEqual([200, -32602]);
      expect(error.message).toMatch(new RegExp(`^Invalid params for ${method}: params\\.(uri|name) must be`));
      const orphan = await post(method, params, "5");
      expect([orphan.status, orphan.error.code], method).toEqual([400, -32020]);
      expect(orphan.error.message).toContain('the Mcp-Name header names "5" but the body carries no params.');
    }
  });

  it("is told in words, as over stdio, that the revision has no initialize, or that capabilities are missing", async () => {
    const post = (method: string, meta: Record<string, unknown>) =>
      fetch(`${server.url}/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", "mcp-protocol-version": "2026-07-28", "mcp-method": method },
        body: JSON.stringify({ jsonrpc: "2.0", id: 8, method, params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", ...meta } } }),
      });
    const initialize = await post("initialize", { "io.modelcontextprotocol/clientCapabilities": {} });
    expect([initialize.status, (await initialize.json()).error]).toEqual([
      404,
      { code: -32601, message: "Method not found: 2026-07-28 has no initialize; send server/discover" },
    ]);
    const bare = await post("tools/list", {});
    const refused = await bare.json();
    expect([bare.status, refused.id, refused.error.code]).toEqual([400, 8, -32602]);
    expect(refused.error.message).toContain("io.modelcontextprotocol/clientCapabilities");
  });
});
