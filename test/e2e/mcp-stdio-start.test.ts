// A stdio server answers the handshake and the lists while its services start (mcp-stdio.ts: the library and the
// store take about half a start), and every other request once they are up. Over in-memory pipes, with the whole
// table held back until the test lets it go: the early answers are the whole table's to the byte, a tool call waits
// and is then answered, and one cancelled while it waited gets no answer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contextFreeDispatch, type MethodDispatch } from "../../adapters/mcp-dispatch.ts";
import { operations } from "../../tools/index.ts";
import { eventually } from "../helpers/eventually.ts";
import { openTestApp, type TestServer } from "../helpers/server.ts";
import { stdioPipe } from "../helpers/stdio-pipe.ts";

let server: TestServer;
beforeAll(async () => {
  server = await openTestApp();
});
afterAll(async () => {
  await server?.stop();
});

/** A connection whose whole table arrives when `release` is called (or, given `full`, one with it from the start). */
function pipeWhileStarting(full?: MethodDispatch) {
  let release!: () => void;
  const held = new Promise<MethodDispatch>((resolve) => (release = () => resolve(server.deps.mcpDispatch)));
  return { ...stdioPipe(server, full ?? { early: contextFreeDispatch(operations, server.deps.log), full: held }), release };
}

const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};
const early = [
  { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } },
  { jsonrpc: "2.0", id: 1, method: "tools/list" },
  { jsonrpc: "2.0", id: 2, method: "prompts/list", params: { _meta: META } },
  { jsonrpc: "2.0", id: 3, method: "resources/templates/list" },
  { jsonrpc: "2.0", id: 4, method: "server/discover", params: { _meta: META } },
  { jsonrpc: "2.0", id: 5, method: "ping" },
  { jsonrpc: "2.0", id: 6, method: "tools/list", params: { cursor: "not ours" } },
];

describe("a stdio server while its services start", () => {
  it("answers the handshake and the lists at once, each as the whole table answers it", async () => {
    const starting = pipeWhileStarting();
    starting.send(...early);
    await eventually(
      async () => starting.lines.length,
      (n) => n >= early.length,
    );
    const started = pipeWhileStarting(server.deps.mcpDispatch);
    started.send(...early);
    await eventually(
      async () => started.lines.length,
      (n) => n >= early.length,
    );
    const byId = (lines: string[]) => [...lines].sort((a, b) => JSON.parse(a).id - JSON.parse(b).id);
    expect(byId(starting.lines)).toEqual(byId(started.lines));
    expect(starting.answers.find((a) => a.id === 6).error.code).toBe(-32602);
    starting.release();
    await Promise.all([starting.close(), started.close()]);
  });

  it("answers a tool call once they are up, and neither answers nor runs one cancelled while it waited", async () => {
    const souls = async () => (await server.get("/api/now")).body.congregation.souls;
    const before = await souls();
    const starting = pipeWhileStarting();
    starting.send(
      { jsonrpc: "2.0", id: "now", method: "tools/call", params: { name: "now", arguments: {} } },
      { jsonrpc: "2.0", id: "gone", method: "tools/call", params: { name: "attend", arguments: { name: "withdrawn-before-the-start" } } },
      { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: "gone" } },
      { jsonrpc: "2.0", id: "nope", method: "no/such" },
      { jsonrpc: "2.0", id: "list", method: "tools/list" },
    );
    await eventually(async () => starting.answers.some((a) => a.id === "list"), Boolean);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(starting.answers.map((a) => a.id)).toEqual(["list"]);
    starting.release();
    await eventually(
      async () => starting.lines.length,
      (n) => n >= 3,
    );
    await starting.close();
    const answers = starting.answers;
    expect(answers.map((a) => a.id).sort()).toEqual(["list", "nope", "now"]);
    expect(answers.find((a) => a.id === "now").result.structuredContent.timestamp).toEqual(expect.any(String));
    expect(answers.find((a) => a.id === "nope").error.code).toBe(-32601);
    // The cancelled attend never ran: no new soul (a visit is counted as it is written, before its answer).
    expect(await souls()).toBe(before);
  });
});
