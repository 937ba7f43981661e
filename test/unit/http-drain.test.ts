// A drain lets the requests in flight finish and closes what answers nothing: a keep-alive connection at rest, a
// client connected and silent, one stopped halfway through a request's headers. None of those may hold a shutdown
// to its grace (drain resolves false only when the grace ran out and connections were cut).
import { createServer, type Server } from "node:http";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { drain, watchConnections } from "../../core/http-drain.ts";

let server: Server | undefined;
afterEach(() => server?.closeAllConnections());

/** A server whose /slow answers after `ms`, watched as server.ts watches its own. */
async function listeningServer(ms: number): Promise<{ server: Server; port: number }> {
  const made = createServer((req, res) => {
    setTimeout(() => res.end(req.url), req.url === "/slow" ? ms : 0);
  });
  watchConnections(made);
  await new Promise<void>((resolve) => made.listen(0, "127.0.0.1", resolve));
  const address = made.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return { server: made, port: address.port };
}

/** A raw connection that sends `text` and then nothing; resolves once it is open, and says when it was closed. */
async function rawClient(port: number, text: string): Promise<{ socket: Socket; closed: Promise<string> }> {
  const socket = connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
  const closed = new Promise<string>((resolve) => socket.on("close", () => resolve(received)));
  socket.on("error", () => {});
  await new Promise((resolve) => socket.once("connect", resolve));
  if (text) socket.write(text);
  return { socket, closed };
}

describe("drain", () => {
  it("finishes a request in flight, and closes silent and stalled connections without waiting out the grace", async () => {
    const made = await listeningServer(1_500);
    server = made.server;
    const silent = await rawClient(made.port, "");
    const halfway = await rawClient(made.port, "GET /never-finished HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    const rested = await rawClient(made.port, "GET /fast HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    const slow = await rawClient(made.port, "GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    // The request in flight has arrived (its answer is on its way); the fast one was answered, its connection at rest.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const drained = await drain(made.server, 8_000);
    expect(drained).toBe(true);
    expect(await slow.closed).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*\/slow$/);
    expect(await rested.closed).toMatch(/\/fast$/);
    // Closed with nothing written to them: no request of theirs was ever begun by the server.
    expect([await silent.closed, await halfway.closed]).toEqual(["", ""]);
  }, 15_000);

  it("leaves a connection whose request is still arriving, byte by byte, until it is a request, then answers it", async () => {
    const made = await listeningServer(0);
    server = made.server;
    const client = await rawClient(made.port, "GET /arriving HTTP/1.1\r\n");
    const drained = drain(made.server, 8_000);
    // Each line comes well within STALLED_MS of the one before; the last ends the headers.
    for (const line of ["Host: 127.0.0.1\r\n", "Accept: */*\r\n", "Connection: close\r\n", "\r\n"]) {
      await new Promise((resolve) => setTimeout(resolve, 400));
      client.socket.write(line);
    }
    expect(await drained).toBe(true);
    expect(await client.closed).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*\/arriving$/);
  }, 15_000);
});
