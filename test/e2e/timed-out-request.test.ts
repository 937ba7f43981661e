// A request whose body stalls is answered 408 with Connection: close after 8 s (server.ts). A client that keeps its
// side of the socket open afterwards must not hold a later shutdown for the whole grace, and the access line says 408
// as soon as it is sent, not 400 whenever the client finally goes.
import { rm } from "node:fs/promises";
import net from "node:net";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../helpers/eventually.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const logged: string[] = [];
const logSink = new Writable({
  write(chunk, _enc, done) {
    logged.push(...chunk.toString().split("\n").filter(Boolean));
    done();
  },
});
let server: TestServer;
let closed = false;

beforeAll(async () => {
  server = await startTestServer({}, { log: pino({ level: "info" }, logSink) });
}, 120_000);
// The test closes the server itself (with a grace): then only its data folder is left to remove.
afterAll(() => (closed ? rm(server.dataDir, { recursive: true, force: true }) : server?.stop()));

/** Headers and part of a body, then nothing: the client keeps its socket open (half-open allowed) after the answer. */
function stalledReflectionKeptOpen(url: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect({ host: hostname, port: Number(port), allowHalfOpen: true });
  let answer = "";
  let ended = false;
  socket.on("data", (d) => (answer += d.toString("latin1")));
  socket.on("end", () => (ended = true));
  socket.on("error", () => {});
  socket.write("POST /api/reflect HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n" + '{"name":');
  return { socket, answer: () => answer, ended: () => ended };
}

const accessLinesOf = (path: string) =>
  logged.map((line) => JSON.parse(line) as { msg?: string; path?: string; status?: number }).filter((line) => line.msg === "request" && line.path === path);

describe("a request timed out with 408 whose client keeps the socket open", () => {
  it("is logged as 408 when it is answered, and the next shutdown does not wait out the grace for it", async () => {
    const running = server;
    const client = stalledReflectionKeptOpen(running.url);
    // 8 s for the request, checked each second (server.ts), and room for a loaded machine.
    const answered = await eventually(
      async () => client.answer(),
      (text) => text.includes("\r\n\r\n"),
      30_000,
    );
    expect(answered).toMatch(/^HTTP\/1\.1 408 /);
    expect(answered.toLowerCase()).toContain("connection: close");
    // The client has not closed: the line must not wait for it.
    const lines = await eventually(
      async () => accessLinesOf("/api/reflect"),
      (found) => found.length > 0,
      10_000,
    );
    expect(client.socket.destroyed).toBe(false);
    expect(lines.map((line) => line.status)).toEqual([408]);
    // The server let the connection go (it does not wait for a client that said nothing more).
    expect(await eventually(async () => client.ended(), Boolean, 10_000)).toBe(true);
    // A shutdown with the full grace finds nothing in flight: nothing is cut, nothing is logged as cut.
    closed = true;
    await running.close(10_000);
    const cut = logged.filter((line) => line.includes("requests still in flight after the grace were cut"));
    expect(cut).toEqual([]);
    client.socket.destroy();
  }, 60_000);
});
