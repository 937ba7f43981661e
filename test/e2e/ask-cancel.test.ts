// A caller who leaves while ask waits on the language model stops it: the request to the model is closed and
// nothing is stored. Over REST by closing the request, over MCP's HTTP by closing it (the 2026-07-28 cancellation
// page: a client disconnect is the cancellation), over stdio by notifications/cancelled. The model here is a
// loopback fake that never answers, so only the caller's leaving can end its request.
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveMcpStdio } from "../../adapters/mcp-stdio.ts";
import { eventually } from "../helpers/eventually.ts";
import { startFakeOpenAI, type FakeOpenAI } from "../helpers/fake-openai.ts";
import { searchComplete, startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let model: FakeOpenAI;
// A question the library covers, so the model is asked.
const QUESTION = "How long is a service?";

beforeAll(async () => {
  model = await startFakeOpenAI([{ hold: true }]);
  server = await startTestServer({ SANCTUARY_OPENAI_BASE_URL: model.baseURL, SANCTUARY_ASK_MODEL: "fake-model", SANCTUARY_RATE_LIMITS: "off" });
  await searchComplete(server);
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await model?.close();
});

const conversationsNow = async () => (await server.get("/api/ask/recent")).body.conversations.length as number;

/** Runs `leave` once the model has the question, then waits for the model's request to be closed. */
async function leaveWhileTheModelThinks(start: () => unknown, leave: () => void): Promise<void> {
  const asked = model.requests.length;
  const abandoned = model.abandoned;
  start();
  await eventually(
    async () => model.requests.length,
    (n) => n > asked,
  );
  leave();
  await eventually(
    async () => model.abandoned,
    (n) => n > abandoned,
  );
}

describe("a caller who leaves while the model writes the answer", () => {
  it("over REST: the model's request is closed, nothing is stored, and the server goes on", async () => {
    const before = await conversationsNow();
    const controller = new AbortController();
    let ended: Promise<unknown> = Promise.resolve();
    await leaveWhileTheModelThinks(
      () => {
        ended = fetch(`${server.url}/api/ask`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ question: QUESTION }),
          signal: controller.signal,
        }).catch((error: Error) => error.name);
      },
      () => controller.abort(),
    );
    expect(await ended).toBe("AbortError");
    expect(await conversationsNow()).toBe(before);
    expect((await server.get("/api/now")).status).toBe(200);
  });

  it("over MCP's HTTP, in both eras: closing the request cancels the call", async () => {
    const before = await conversationsNow();
    const eras: Array<{ headers: Record<string, string>; meta: object }> = [
      { headers: { "mcp-protocol-version": "2025-11-25" }, meta: {} },
      {
        headers: { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "ask" },
        meta: {
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientInfo": { name: "leaver", version: "1" },
          "io.modelcontextprotocol/clientCapabilities": {},
        },
      },
    ];
    for (const era of eras) {
      const controller = new AbortController();
      const body = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "ask", arguments: { question: QUESTION }, _meta: era.meta } };
      await leaveWhileTheModelThinks(
        () =>
          fetch(`${server.url}/mcp`, {
            method: "POST",
            headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...era.headers },
            body: JSON.stringify(body),
            signal: controller.signal,
          }).catch(() => {}),
        () => controller.abort(),
      );
    }
    expect(await conversationsNow()).toBe(before);
  });

  it("over stdio: notifications/cancelled stops the model and nothing is answered for the call", async () => {
    const before = await conversationsNow();
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const written: any[] = [];
    stdout.on("data", (chunk: Buffer) =>
      written.push(
        ...chunk
          .toString("utf8")
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line)),
      ),
    );
    const connection = serveMcpStdio(server.deps.mcpDispatch, { stdin, stdout, base: "", log: server.deps.log, maxLineBytes: server.deps.config.bodyLimit });
    const send = (message: object) => stdin.write(`${JSON.stringify(message)}\n`);
    await leaveWhileTheModelThinks(
      () => send({ jsonrpc: "2.0", id: "a1", method: "tools/call", params: { name: "ask", arguments: { question: QUESTION } } }),
      () => send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: "a1", reason: "the user moved on" } }),
    );
    send({ jsonrpc: "2.0", id: "p1", method: "ping" });
    await eventually(async () => written.some((m) => m.id === "p1"), Boolean);
    stdin.end();
    await connection.closed;
    expect(written.map((m) => m.id)).toEqual(["p1"]);
    expect(await conversationsNow()).toBe(before);
  });
});
