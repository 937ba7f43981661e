// The stdio connection (adapters/mcp-stdio.ts) over in-memory pipes: what the 2026-07-28 envelope asks before a
// request is served, as HTTP asks it, and a cancelled request that gets no answer (the stdio page: "MUST NOT send
// any further messages for it"). The bin itself is spawned in mcp-stdio.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../helpers/eventually.ts";
import { openTestApp, searchComplete, type TestServer } from "../helpers/server.ts";
import { stdioPipe } from "../helpers/stdio-pipe.ts";

const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "pipe", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

let server: TestServer;
beforeAll(async () => {
  server = await openTestApp();
  await searchComplete(server);
});
afterAll(async () => {
  await server?.stop();
});

/** A connection over pipes to the test server's whole dispatch. */
const connect = () => stdioPipe(server);

describe("ids no answer could carry back", () => {
  it("are refused over stdio and HTTP alike with a null id, in words; the largest safe integer is answered", async () => {
    const pipe = connect();
    pipe.sendRaw('{"jsonrpc":"2.0","id":12345678901234567890,"method":"ping"}\n{"jsonrpc":"2.0","id":1.5,"method":"ping"}\n');
    pipe.send({ jsonrpc: "2.0", id: 9007199254740991, method: "ping", params: { _meta: META } });
    await eventually(
      async () => pipe.answers.length,
      (n) => n >= 3,
    );
    expect(pipe.answers).toHaveLength(3);
    const byId = (id: unknown) => pipe.answers.filter((a) => a.id === id);
    expect(byId(null).map((a) => [a.error.code, a.error.message])).toEqual([
      [-32600, expect.stringMatching(/12345678901234567000 is beyond ±9007199254740991.*send a string id/)],
      [-32600, expect.stringMatching(/a numeric id is a whole number/)],
    ]);
    expect(byId(9007199254740991)).toEqual([{ jsonrpc: "2.0", id: 9007199254740991, result: expect.objectContaining({ resultType: "complete" }) }]);
    await pipe.close();
    const res = await server.fetch("/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" },
      body: '{"jsonrpc":"2.0","id":12345678901234567890,"method":"ping"}',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ id: null, error: { code: -32600, message: expect.stringContaining("send a string id") } });
  });
});

describe("messages the SDK's schema refuses", () => {
  // Each is refused before anything runs, over stdio and HTTP alike: the same code, words and id.
  const refused: Array<[object, number, RegExp]> = [
    [{ jsonrpc: "2.0", id: 11, method: "tools/call", params: { name: "now", arguments: {} }, extra: 1 }, -32600, /also holds "extra"/],
    [{ jsonrpc: "2.0", id: 12, method: "tools/call", params: { name: "now", arguments: {}, _meta: { progressToken: null } } }, -32602, /progressToken/],
    [{ jsonrpc: "2.0", id: 13, method: "ping", params: { _meta: 4 } }, -32602, /"params._meta" is an object/],
    [{ jsonrpc: "2.0", id: 14, method: "ping", params: [] }, -32600, /"params" is an object/],
    [{ jsonrpc: "1.0", id: 15, method: "ping" }, -32600, /"jsonrpc": "2.0"/],
  ];
  const expected = refused.map(([message, code, words]) => ({
    jsonrpc: "2.0",
    id: (message as { id: number }).id,
    error: { code, message: expect.stringMatching(words) },
  }));

  it("over stdio, with the request's id (a notification's too is refused, with a null id)", async () => {
    const pipe = connect();
    pipe.send(...refused.map(([message]) => message), { jsonrpc: "2.0", method: "notifications/initialized", extra: true });
    await eventually(
      async () => pipe.answers.length,
      (n) => n >= refused.length + 1,
    );
    await pipe.close();
    expect(pipe.answers.slice(0, refused.length)).toEqual(expected);
    expect(pipe.answers[refused.length]).toMatchObject({ id: null, error: { code: -32600, message: expect.stringMatching(/also holds "extra"/) } });
  });

  it("over HTTP in both eras (400), and in a 2025-03-26 batch", async () => {
    const post = async (body: unknown, headers: Record<string, string>) => {
      const res = await server.fetch("/mcp", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    };
    for (const [i, [message]] of refused.entries()) {
      expect(await post(message, { "mcp-protocol-version": "2025-11-25" })).toEqual({ status: 400, body: expected[i] });
      const params = (message as { params?: unknown }).params;
      const modern = { ...message, params: { ...(typeof params === "object" && params && !Array.isArray(params) ? params : {}), _meta: META } };
      if (!Array.isArray(params) && (params as { _meta?: unknown } | undefined)?._meta === undefined)
        expect(await post(modern, { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "now" })).toMatchObject({
          status: 400,
          body: expected[i],
        });
    }
    const batch = await post(
      refused.map(([message]) => message),
      {},
    );
    expect(batch).toEqual({ status: 200, body: expected });
  });
});

describe("the 2026-07-28 envelope over stdio", () => {
  it("refuses a revision it does not serve (-32022 naming those it does), a request without capabilities (-32602) and initialize (-32601), and serves one without the client's identity (optional)", async () => {
    const pipe = connect();
    pipe.send(
      { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: { ...META, "io.modelcontextprotocol/protocolVersion": "2099-01-01" } } },
      { jsonrpc: "2.0", id: 2, method: "tools/list", params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } } },
      {
        jsonrpc: "2.0",
        id: 3,
        method: "initialize",
        params: { _meta: META, protocolVersion: "2026-07-28", capabilities: {}, clientInfo: { name: "pipe", version: "1" } },
      },
      { jsonrpc: "2.0", id: 4, method: "tools/list", params: { _meta: META } },
      {
        jsonrpc: "2.0",
        id: 5,
        method: "tools/list",
        params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} } },
      },
    );
    await eventually(
      async () => pipe.answers.length,
      (n) => n >= 5,
    );
    expect(pipe.answers).toHaveLength(5);
    const byId = new Map(pipe.answers.map((a) => [a.id, a]));
    expect(byId.get(1).error).toMatchObject({ code: -32022, data: { requested: "2099-01-01", supported: expect.arrayContaining(["2026-07-28"]) } });
    expect(byId.get(2).error.code).toBe(-32602);
    expect(byId.get(2).error.message).toContain("clientCapabilities");
    expect(byId.get(3).error.code).toBe(-32601);
    expect(byId.get(4).result).toMatchObject({ resultType: "complete" });
    expect(byId.get(4).result.tools).toHaveLength(8);
    expect(byId.get(5).result).toEqual(byId.get(4).result);
    expect(byId.get(3).error.message).toContain("send server/discover");
    await pipe.close();
  });

  it("answers an unknown tool with -32602, and a line that is no JSON-RPC message in words that fit it", async () => {
    const pipe = connect();
    pipe.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "nope", arguments: {}, _meta: META } }, { jsonrpc: "1.0", id: 2, method: "ping" });
    await eventually(
      async () => pipe.answers.length,
      (n) => n >= 2,
    );
    expect(pipe.answers).toHaveLength(2);
    expect(pipe.answers.find((a) => a.id === 1).error).toMatchObject({ code: -32602, data: { allowed: expect.arrayContaining(["now"]) } });
    const refused = pipe.answers.find((a) => a.id === 2).error;
    expect(refused.code).toBe(-32600);
    expect(refused.message).toContain('every message carries "jsonrpc": "2.0"');
    await pipe.close();
  });
});

describe("lines that are no message", () => {
  it("answers a line that is not JSON with -32700 and one past SANCTUARY_BODY_LIMIT with -32600, and goes on serving", async () => {
    const pipe = connect();
    const limit = server.deps.config.bodyLimit;
    pipe.sendRaw("hello, is anyone there?\n\n");
    // A line longer than the limit, written in pieces as a pipe delivers it, then a request on the next line.
    pipe.sendRaw(`{"jsonrpc":"2.0","id":9,"method":"ping","params":{"pad":"${"x".repeat(limit)}`);
    pipe.sendRaw(`${"y".repeat(1000)}"}}\n`);
    pipe.send({ jsonrpc: "2.0", id: 10, method: "tools/list", params: { _meta: META } });
    await eventually(async () => pipe.answers.some((a) => a.id === 10), Boolean);
    const [notJson, tooLong, listed] = pipe.answers;
    expect(notJson).toMatchObject({ id: null, error: { code: -32700 } });
    expect(notJson.error.message).toContain("not complete JSON");
    expect(tooLong).toMatchObject({ id: null, error: { code: -32600 } });
    expect(tooLong.error.message).toContain(`at most ${limit} bytes`);
    expect(listed.result.tools).toHaveLength(8);
    expect(pipe.answers).toHaveLength(3);
    await pipe.close();
  });
});

describe("a stream's first and last bytes", () => {
  it("passes over a byte-order mark before the first line, and answers a last message sent without its newline", async () => {
    // An outside tester's: HTTP took a body after a BOM where stdio refused the same bytes, and a final message with no
    // newline before stdin closed was dropped without a word.
    const pipe = connect();
    pipe.sendRaw(`\uFEFF${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { _meta: META } })}\n`);
    pipe.sendRaw(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping", params: { _meta: META } }));
    await pipe.close();
    expect(pipe.answers.map((a) => [a.id, "result" in a])).toEqual([
      [1, true],
      [2, true],
    ]);
  });
});

describe("bytes that are not UTF-8", () => {
  it("refuses a line holding them (or U+FFFD itself) with -32700, runs nothing and stores nothing, as HTTP refuses such a body", async () => {
    // An outside tester's: stdio read the bytes as U+FFFD and stored a reflection with the marks in its name and text.
    const name = "Broken Bytes Stdio";
    const reflect = (id: number, text: Buffer) =>
      Buffer.concat([
        Buffer.from(`{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"reflect","arguments":{"name":"${name}","text":"`),
        text,
        Buffer.from(`"},"_meta":${JSON.stringify(META)}}}\n`),
      ]);
    const pipe = connect();
    // A Latin-1 é (one byte, no UTF-8), then U+FFFD itself sent as its three bytes.
    pipe.sendRaw(reflect(1, Buffer.concat([Buffer.from("A quiet hour at the caf"), Buffer.from([0xe9]), Buffer.from(" with the window open.")])));
    pipe.sendRaw(reflect(2, Buffer.from("A quiet hour at the caf\uFFFD with the window open, the mark sent as it is.")));
    pipe.send({ jsonrpc: "2.0", id: 3, method: "ping", params: { _meta: META } });
    await eventually(async () => pipe.answers.length >= 3, Boolean);
    await pipe.close();
    const refusals = pipe.answers.filter((a) => a.id === null);
    const ping = pipe.answers.find((a) => a.id === 3);
    expect(refusals, JSON.stringify(pipe.answers).slice(0, 600)).toHaveLength(2);
    for (const refused of refusals) {
      expect(refused).toMatchObject({ id: null, error: { code: -32700 } });
      expect(refused.error.message).toContain("not UTF-8");
    }
    expect(ping).toMatchObject({ id: 3, result: {} });
    const stored = (await server.get("/api/reflections")).body.reflections.filter((r: { name: string }) => r.name === name);
    expect(stored).toEqual([]);
  });
});

describe("cancellation over stdio", () => {
  it("sends nothing for a request the client cancelled while it ran, and answers the next one", async () => {
    const pipe = connect();
    const search = { jsonrpc: "2.0", id: "s1", method: "tools/call", params: { name: "search", arguments: { q: "evening candle" }, _meta: META } };
    const cancel = { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: "s1", reason: "the user moved on", _meta: META } };
    // On one line each, in one write: the notice is read before the search (which awaits its index) is answered.
    pipe.send(search, cancel, { jsonrpc: "2.0", id: "n1", method: "tools/call", params: { name: "now", arguments: {}, _meta: META } });
    await eventually(async () => pipe.answers.some((a) => a.id === "n1"), Boolean);
    await pipe.close();
    expect(pipe.answers.map((a) => a.id)).toEqual(["n1"]);
  });

  it("keeps no conversation for an ask cancelled before its answer was stored (no model: the library answers)", async () => {
    const askedHere = async () => (await server.get("/api/ask/recent")).body.conversations.filter((c: { question: string }) => c.question === question);
    const pipe = connect();
    const question = "What is the evening service for, asked and then withdrawn?";
    const ask = { jsonrpc: "2.0", id: "a1", method: "tools/call", params: { name: "ask", arguments: { question }, _meta: META } };
    const cancel = { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: "a1", reason: "asked by mistake", _meta: META } };
    pipe.send(ask, cancel, { jsonrpc: "2.0", id: "p1", method: "ping", params: { _meta: META } });
    await eventually(async () => pipe.answers.some((a) => a.id === "p1"), Boolean);
    await pipe.close();
    expect(pipe.answers.map((a) => a.id)).toEqual(["p1"]);
    expect(await askedHere()).toEqual([]);
  });
});

describe("JSON-RPC batches over stdio", () => {
  const handshake = (protocolVersion: string) => ({
    jsonrpc: "2.0",
    id: 0,
    method: "initialize",
    params: { protocolVersion, capabilities: {}, clientInfo: { name: "batcher", version: "1" } },
  });

  it("answers a 2025-03-26 connection's batch as one array: each request, notifications unanswered, what is not a message refused in place", async () => {
    const pipe = connect();
    pipe.send(handshake("2025-03-26"));
    await eventually(
      async () => pipe.answers.length,
      (n) => n === 1,
    );
    expect(pipe.answers[0].result.protocolVersion).toBe("2025-03-26");
    pipe.sendRaw(
      `${JSON.stringify([
        { jsonrpc: "2.0", id: 1, method: "ping" },
        { jsonrpc: "2.0", method: "notifications/initialized" },
        { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "read_doc", arguments: { path: "welcome" } } },
        { id: 3, method: "ping" },
        handshake("2025-03-26"),
      ])}\n[]\n`,
    );
    await eventually(
      async () => pipe.answers.length,
      (n) => n === 3,
    );
    await pipe.close();
    // Answers are written as they are ready: the empty batch's refusal may come first.
    const batch = pipe.answers.find((a) => Array.isArray(a)) ?? [];
    const empty = pipe.answers.slice(1).find((a) => !Array.isArray(a));
    expect(batch.map((a: { id: unknown; error?: { code: number } }) => [a.id, a.error?.code ?? "result"])).toEqual([
      [1, "result"],
      [2, "result"],
      [3, -32600],
      [0, -32600],
    ]);
    expect(batch[1].result.structuredContent.path).toBe("welcome");
    expect(batch[3].error.message).toContain("initialize is never part of a batch");
    expect([empty.id, empty.error.code, empty.error.message]).toEqual([
      null,
      -32600,
      "Invalid Request: the batch is empty; send at least one JSON-RPC message.",
    ]);
  });

  it("refuses a batch whole on a connection speaking a later revision, which has none", async () => {
    const pipe = connect();
    pipe.send(handshake("2025-06-18"));
    await eventually(
      async () => pipe.answers.length,
      (n) => n === 1,
    );
    pipe.sendRaw(`${JSON.stringify([{ jsonrpc: "2.0", id: 1, method: "ping" }])}\n`);
    await eventually(
      async () => pipe.answers.length,
      (n) => n === 2,
    );
    await pipe.close();
    expect(pipe.answers[1]).toMatchObject({ id: null, error: { code: -32600 } });
    expect(pipe.answers[1].error.message).toContain("batches ended with MCP 2025-06-18, and this connection speaks 2025-06-18");
  });
});
