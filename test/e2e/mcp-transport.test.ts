// The Streamable HTTP transport around the tools: server/discover, 405 for GET and DELETE, a lenient Accept,
// -32700 and -32601, and the Host guard that keeps a loopback listener from answering a rebound name.
import { request } from "node:http";
import { Client as ClientV2, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowedHostsFor } from "../../adapters/mcp-host.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
};
const MODERN = { "mcp-protocol-version": "2026-07-28" };
const list = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ BASE_URL: "https://sanctuary.example" });
});
afterAll(async () => {
  await server?.stop();
});

async function postMcp(body: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/mcp`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
  const text = await res.text();
  return { status: res.status, type: res.headers.get("content-type") ?? "", text, json: text.startsWith("{") ? JSON.parse(text) : undefined };
}

/** A request with a Host header of our choosing (fetch will not send one). */
function withHost(host: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path: "/mcp", method: "POST", headers: { host, "content-type": "application/json", accept: "application/json" } },
      (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on("error", reject);
    req.end(list);
  });
}

describe("tools/list", () => {
  it("stays within 16,384 bytes on the wire in both protocol eras", async () => {
    const eras = [
      { era: "2025-11-25", body: list, headers: { "mcp-protocol-version": "2025-11-25" } },
      {
        era: "2026-07-28",
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: META } }),
        headers: { ...MODERN, "mcp-method": "tools/list" },
      },
    ];
    for (const { era, body, headers } of eras) {
      const res = await postMcp(body, { ...headers, accept: "application/json, text/event-stream" });
      expect(res.status, era).toBe(200);
      expect(res.json.result.tools.length, era).toBe(8);
      expect(Buffer.byteLength(res.text), era).toBeLessThanOrEqual(16_384);
    }
  });
});

describe("server/discover", () => {
  it("names both eras' versions, and the v2 client negotiates the stateless one from it", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: META } });
    const { status, json } = await postMcp(body, { ...MODERN, "mcp-method": "server/discover", accept: "application/json, text/event-stream" });
    expect(status).toBe(200);
    expect(json.result.supportedVersions).toEqual(["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26"]);
    expect(json.result.capabilities).toEqual(
      expect.objectContaining({ tools: expect.any(Object), resources: expect.any(Object), prompts: expect.any(Object), completions: {} }),
    );
    expect(json.result.instructions).toMatch(/Sanctuary/);

    const client = new ClientV2({ name: "auto", version: "1" }, { versionNegotiation: { mode: "auto" } });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
    expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    await client.close();
  });
});

describe("Streamable HTTP around the SDK", () => {
  it("answers GET and DELETE with 405 and Allow: POST", async () => {
    for (const method of ["GET", "DELETE"]) {
      const res = await fetch(`${server.url}/mcp`, { method, headers: { accept: "text/event-stream" } });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
      const body = await res.json();
      expect(body.error).toBe(`${method} is not served at /mcp; use POST.`);
      expect(body.suggestion).toMatch(/stateless/);
    }
  });

  it("answers a preflight for /mcp with the methods it serves (POST), not GET, as every path's preflight names its own", async () => {
    const ask = { origin: "https://elsewhere.example", "access-control-request-method": "POST", "access-control-request-headers": "content-type" };
    for (const path of ["/mcp", "/mcp/"]) {
      const pre = await fetch(`${server.url}${path}`, { method: "OPTIONS", headers: ask });
      expect(pre.status, path).toBe(204);
      expect(pre.headers.get("access-control-allow-origin"), path).toBe("*");
      expect(pre.headers.get("access-control-allow-methods"), path).toBe("POST, OPTIONS");
    }
    const methodsAt = async (path: string) =>
      (await fetch(`${server.url}${path}`, { method: "OPTIONS", headers: ask })).headers.get("access-control-allow-methods");
    expect(await methodsAt("/api/reflect")).toBe("POST, OPTIONS");
    expect(await methodsAt("/api/now")).toBe("GET, HEAD, OPTIONS");
    expect(await methodsAt("/api/ask")).toBe("POST, OPTIONS");
    // attend's GET records a visit, so its HEAD is refused: neither its preflight nor another method's 405 offers it.
    expect(await methodsAt("/api/attend")).toBe("GET, OPTIONS");
    const posted = await fetch(`${server.url}/api/attend`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect([posted.status, posted.headers.get("allow")]).toEqual([405, "GET"]);
    expect((await fetch(`${server.url}/api/attend?name=Lark`, { method: "HEAD" })).headers.get("allow")).toBe("GET");
    expect(await methodsAt("/api/ask/conversation/some-slug")).toBe("GET, HEAD, OPTIONS");
    expect(await methodsAt("/ask")).toBe("GET, POST, HEAD, OPTIONS");
    // A path nothing serves keeps the site's usual methods (its request gets the 404 either way).
    expect(await methodsAt("/nowhere/at/all")).toBe("GET, POST, OPTIONS");
  });

  it("serves JSON to a missing, */* or JSON-only Accept, and a stream to a client that accepts only SSE", async () => {
    for (const accept of [undefined, "*/*", "application/json", "application/json, text/event-stream"]) {
      const res = await postMcp(list, accept ? { accept } : {});
      expect(res.status, String(accept)).toBe(200);
      expect(res.type, String(accept)).toMatch(/^application\/json/);
      expect(res.json.result.tools).toHaveLength(8);
    }
    const sse = await postMcp(list, { accept: "text/event-stream" });
    expect(sse.type).toMatch(/^text\/event-stream/);
    const data = sse.text.split("\n").find((line) => line.startsWith("data: "))!;
    expect(JSON.parse(data.slice(6)).result.tools).toHaveLength(8);
  });

  it("answers a cut-off or empty body with -32700 and an unknown method with -32601 in both eras", async () => {
    for (const body of ['{"jsonrpc":"2.0","id":1,"method":"tools/li', ""]) {
      const { status, json } = await postMcp(body, { accept: "*/*" });
      expect(status).toBe(400);
      expect(json).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32700 } });
    }
    const legacy = await postMcp(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "no/such" }));
    expect(legacy.json).toMatchObject({ id: 2, error: { code: -32601 } });
    const modern = await postMcp(JSON.stringify({ jsonrpc: "2.0", id: 3, method: "no/such", params: { _meta: META } }), { ...MODERN, "mcp-method": "no/such" });
    expect(modern.status).toBe(404);
    expect(modern.json).toMatchObject({ id: 3, error: { code: -32601 } });
  });

  it("refuses a body past SANCTUARY_BODY_LIMIT with 413 and -32600, saying what to do in the error's data", async () => {
    const big = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(server.deps.config.bodyLimit) } });
    const { status, json } = await postMcp(big, { accept: "application/json" });
    expect(status).toBe(413);
    expect(json).toMatchObject({ id: null, error: { code: -32600, data: { suggestion: expect.stringContaining("shorter") } } });
    const cut = await postMcp('{"jsonrpc":"2.0","id":1,', { accept: "application/json" });
    expect(cut.json.error.code).toBe(-32700);
  });

  it("refuses a revision it does not serve with -32022 naming those it does, in the envelope or the header", async () => {
    const newer = { ...META, "io.modelcontextprotocol/protocolVersion": "2027-01-01" };
    for (const [meta, headers] of [
      [newer, { "mcp-protocol-version": "2027-01-01", "mcp-method": "tools/list" }],
      [newer, { ...MODERN, "mcp-method": "tools/list" }],
      [undefined, { "mcp-protocol-version": "2027-01-01" }],
      // Revisions before Streamable HTTP, which initialize never agrees to here, are not served under the header either.
      [undefined, { "mcp-protocol-version": "2024-11-05" }],
      [undefined, { "mcp-protocol-version": "2024-10-07" }],
    ] as const) {
      const { status, json } = await postMcp(JSON.stringify({ jsonrpc: "2.0", id: 4, method: "tools/list", params: meta ? { _meta: meta } : {} }), headers);
      expect(status).toBe(400);
      expect(json).toMatchObject({ id: 4, error: { code: -32022, data: { requested: meta ? "2027-01-01" : headers["mcp-protocol-version"] } } });
      expect(json.error.data.supported).toEqual(expect.arrayContaining(["2026-07-28", "2025-11-25"]));
      expect(json.error.data.supported).not.toContain(json.error.data.requested);
    }
  });

  it("refuses a batch under 2025-06-18 and every later revision (-32600), and still answers a 2025-03-26 one", async () => {
    const batch = JSON.stringify([1, 2].map((id) => ({ jsonrpc: "2.0", id, method: "ping" })));
    const enveloped = JSON.stringify([1, 2].map((id) => ({ jsonrpc: "2.0", id, method: "ping", params: { _meta: META } })));
    const refusedUnder: { revision: string; body: string; headers: Record<string, string> }[] = [
      { revision: "2026-07-28", body: batch, headers: { ...MODERN, "mcp-method": "ping" } },
      { revision: "2025-11-25", body: batch, headers: { "mcp-protocol-version": "2025-11-25" } },
      { revision: "2025-06-18", body: batch, headers: { "mcp-protocol-version": "2025-06-18" } },
      // No header, but its messages' envelopes name 2026-07-28: not a 2025-03-26 batch either.
      { revision: "2026-07-28", body: enveloped, headers: {} },
    ];
    for (const { revision, body, headers } of refusedUnder) {
      const refused = await postMcp(body, headers);
      expect(refused.status, revision).toBe(400);
      expect(refused.json, revision).toMatchObject({ id: null, error: { code: -32600 } });
      expect(refused.json.error.message, revision).toContain(`batches ended with MCP 2025-06-18, and this request speaks ${revision}`);
      expect(refused.json.error.message, revision).toContain("send one JSON-RPC message per request");
      expect(refused.json.error.message, revision).toContain("not a batch");
      expect(refused.json.error.data.suggestion, revision).toMatch(/^Nothing was done\./);
    }
    const named: Record<string, string>[] = [{ "mcp-protocol-version": "2025-03-26" }, {}];
    for (const headers of named) {
      const legacy = await postMcp(batch, { ...headers, accept: "application/json" });
      expect(JSON.parse(legacy.text)).toEqual([expect.objectContaining({ id: 1, result: {} }), expect.objectContaining({ id: 2, result: {} })]);
    }
  });

  it("answers an unknown tool with -32602 in both eras, as the tools page lists it among protocol errors", async () => {
    const call = (params: object) => JSON.stringify({ jsonrpc: "2.0", id: 5, method: "tools/call", params });
    const legacy = await postMcp(call({ name: "nope", arguments: {} }), { "mcp-protocol-version": "2025-11-25" });
    const modern = await postMcp(call({ name: "nope", arguments: {}, _meta: META }), { ...MODERN, "mcp-method": "tools/call", "mcp-name": "nope" });
    for (const { json } of [legacy, modern]) {
      expect(json).toMatchObject({ id: 5, error: { code: -32602, data: { allowed: expect.arrayContaining(["now", "search"]) } } });
      expect(json.error.message).toContain('There is no tool named "nope"');
      expect(json.error.message).not.toContain("POST /api/feedback");
    }
    // Feedback is REST's alone: an agent that calls it as a tool is told where it is (an outside tester's report).
    const feedback = await postMcp(call({ name: "send_feedback", arguments: { message: "Thank you." } }), { "mcp-protocol-version": "2025-11-25" });
    expect(feedback.json.error.message).toContain("Feedback about the sanctuary goes over REST: POST /api/feedback");
  });

  it("checks nesting only on what it answers: a deep notification gets 202, a deep modern tool call a tool error in its era's shape", async () => {
    let deep: object = { a: 1 };
    for (let i = 0; i < 40; i++) deep = { a: deep };
    const note = await postMcp(JSON.stringify({ jsonrpc: "2.0", method: "notifications/progress", params: { deep } }), {
      "mcp-protocol-version": "2025-11-25",
    });
    expect([note.status, note.text]).toEqual([202, ""]);
    const params = { name: "now", arguments: { timezone: deep }, _meta: META };
    const call = await postMcp(JSON.stringify({ jsonrpc: "2.0", id: 6, method: "tools/call", params }), {
      ...MODERN,
      "mcp-method": "tools/call",
      "mcp-name": "now",
    });
    expect(call.json.result).toMatchObject({ isError: true, resultType: "complete" });
    expect(call.json.result.content[0].text).toContain("nest more than 32 levels");
  });

  it("marks a streamed answer as not to be buffered by a proxy", async () => {
    const sse = await fetch(`${server.url}/mcp`, { method: "POST", headers: { "content-type": "application/json", accept: "text/event-stream" }, body: list });
    expect(sse.headers.get("x-accel-buffering")).toBe("no");
    await sse.text();
  });

  it("refuses a Host that is neither loopback nor BASE_URL's on a loopback listener", async () => {
    const refused = await withHost("rebound.example");
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).error.code).toBe(-32000);
    for (const host of ["sanctuary.example", `127.0.0.1:${new URL(server.url).port}`, "localhost"]) expect((await withHost(host)).status, host).toBe(200);
  });

  it("guards Host only where the listener is loopback", () => {
    expect(allowedHostsFor("0.0.0.0")).toBeNull();
    expect(allowedHostsFor("192.0.2.10", "https://sanctuary.example")).toBeNull();
    expect(allowedHostsFor("127.0.0.1", "https://Sanctuary.Example/")).toEqual(["localhost", "127.0.0.1", "[::1]", "sanctuary.example"]);
    expect(allowedHostsFor("::1")).toContain("[::1]");
  });
});
