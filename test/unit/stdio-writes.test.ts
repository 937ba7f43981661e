// The stdio transport's own work around the dispatch (adapters/mcp-stdio.ts): the answers of one turn leave in one
// writev, each a whole line, in the order they were finished; a request's cancellation makes its signal only when
// asked.
import { PassThrough, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import type { McpDispatch } from "../../adapters/mcp-dispatch.ts";
import { serveMcpStdio } from "../../adapters/mcp-stdio.ts";
import { StdioCancellation } from "../../adapters/stdio-cancellation.ts";
import { createLogger } from "../../core/logger.ts";

/** A stdout that records how each write reached it: one by one (`_write`) or together (`_writev`). */
class RecordingStdout extends Writable {
  calls: Array<{ kind: "write" | "writev"; chunks: number }> = [];
  text = "";
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.calls.push({ kind: "write", chunks: 1 });
    this.text += chunk.toString("utf8");
    done();
  }
  override _writev(chunks: Array<{ chunk: Buffer }>, done: () => void): void {
    this.calls.push({ kind: "writev", chunks: chunks.length });
    for (const { chunk } of chunks) this.text += chunk.toString("utf8");
    done();
  }
}

/** Answers every request at once with an empty result: the transport alone is under test. */
const answeringAll: McpDispatch = {
  serves: () => true,
  knows: () => true,
  refuseParams: () => Buffer.from("{}"),
  answer: async (id) => Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{}}`),
  result: () => Promise.reject(new Error("not asked here")),
};

describe("stdio answers", () => {
  it("finished in one turn are written together, each a whole line, in order", async () => {
    const stdin = new PassThrough();
    const stdout = new RecordingStdout();
    const connection = serveMcpStdio(answeringAll, { stdin, stdout, base: "", log: createLogger("warn"), maxLineBytes: 65_536 });
    const ids = [1, 2, 3, 4, 5];
    stdin.write(ids.map((id) => `${JSON.stringify({ jsonrpc: "2.0", id, method: "ping" })}\n`).join(""));
    stdin.end();
    await connection.closed;
    expect(stdout.calls).toEqual([{ kind: "writev", chunks: 2 * ids.length }]);
    expect(stdout.text.split("\n")).toEqual([...ids.map((id) => `{"jsonrpc":"2.0","id":${id},"result":{}}`), ""]);
  });
});

describe("StdioCancellation", () => {
  it("makes no signal until one is asked for, and an unasked one is not aborted", () => {
    const open = new StdioCancellation();
    expect(open.cancelled).toBe(false);
    expect(open.signal().aborted).toBe(false);
  });

  it("aborts a signal already given, and gives an aborted one when the cancellation came first", () => {
    const given = new StdioCancellation();
    const signal = given.signal();
    given.cancel();
    expect(signal.aborted).toBe(true);
    const early = new StdioCancellation();
    early.cancel();
    expect(early.cancelled).toBe(true);
    expect(early.signal().aborted).toBe(true);
    expect(early.signal()).toBe(early.signal());
  });
});
