// A stdio connection (adapters/mcp-stdio.ts) over in-memory pipes to a test server's services: `send` writes
// messages a line each, `lines` holds every line written back and `answers` the same parsed.
import { PassThrough } from "node:stream";
import type { MethodDispatch } from "../../adapters/mcp-dispatch.ts";
import { serveMcpStdio, type StartingDispatch } from "../../adapters/mcp-stdio.ts";
import type { TestServer } from "./server.ts";

export function stdioPipe(server: TestServer, dispatch: MethodDispatch | StartingDispatch = server.deps.mcpDispatch) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const lines: string[] = [];
  const answers: any[] = [];
  let buffered = "";
  stdout.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    const parts = buffered.split("\n");
    buffered = parts.pop()!;
    for (const line of parts.filter(Boolean)) {
      lines.push(line);
      answers.push(JSON.parse(line));
    }
  });
  const connection = serveMcpStdio(dispatch, { stdin, stdout, base: "", log: server.deps.log, maxLineBytes: server.deps.config.bodyLimit });
  const send = (...messages: object[]) => stdin.write(messages.map((m) => `${JSON.stringify(m)}\n`).join(""));
  const sendRaw = (text: string | Buffer) => stdin.write(text);
  const close = async () => {
    stdin.end();
    await connection.closed;
  };
  return { send, sendRaw, lines, answers, close };
}
