// A request's body as `readText` (adapters/http.ts) reads it, over a real socket: whole at once when Node has already
// parsed all of it (a small POST arrives with its headers), through srvx's reader when it comes later or in chunks.
// Each way gives the same text, and the limit and the UTF-8 check hold on both.
import { connect } from "node:net";
import { H3, serve } from "h3";
import { afterAll, beforeAll, expect, it } from "vitest";
import { commonLayer } from "../../adapters/headers.ts";
import { readText } from "../../adapters/http.ts";
import { SanctuaryError } from "../../core/errors.ts";

let server: ReturnType<typeof serve>;
/** Per request, whether srvx's own reader was asked (the way a body not yet arrived is read). */
const viaReader: boolean[] = [];

beforeAll(async () => {
  // Behind the project's one layer, as every route is: the handler runs after the layer's own steps.
  const app = new H3().use(commonLayer({})).post("/read", async (event) => {
    const original = event.req.text.bind(event.req);
    let asked = false;
    event.req.text = () => ((asked = true), original());
    try {
      const text = await readText(event, 64);
      viaReader.push(asked);
      return { text };
    } catch (error) {
      if (!(error instanceof SanctuaryError)) throw error;
      return new Response(JSON.stringify({ status: error.status, error: error.message }), { status: error.status });
    }
  });
  server = serve(app, { port: 0, hostname: "127.0.0.1", silent: true, gracefulShutdown: false });
  await server.ready();
});
afterAll(() => server.close(true));

const postBody = async (body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) => {
  const res = await fetch(new URL("/read", server.url), { method: "POST", body, headers: { "content-type": "text/plain", ...headers } });
  return { status: res.status, body: (await res.json()) as { text?: string; error?: string } };
};

/** Raw HTTP/1.1 over one socket: the head's fields (ending in a blank line), then the body's parts `gapMs` apart. */
function rawPost(parts: string[], head: string, gapMs: number): Promise<string> {
  const url = new URL(server.url!);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString("utf8")));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
    socket.on("connect", async () => {
      // One write of the head (and whatever of the body `head` carries), as most clients send a small request.
      socket.write(`POST /read HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n${head}`);
      for (const part of parts) {
        await new Promise((r) => setTimeout(r, gapMs));
        socket.write(part);
      }
    });
  });
}

it("takes a body that arrived with its headers at once, without srvx's reader", async () => {
  viaReader.length = 0;
  for (const [sent, read] of [
    ["  peace be with you  ", "peace be with you"],
    ["Zoë, 静けさ", "Zoë, 静けさ"],
  ]) {
    const head = `Content-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(sent)}\r\n\r\n`;
    const answer = await rawPost([], head + sent, 0);
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain(JSON.stringify({ text: read }));
  }
  expect(viaReader).toEqual([false, false]);
});

it("reads a body that arrives after its headers through the reader, the same text", async () => {
  viaReader.length = 0;
  const body = "first half, then the rest";
  const answer = await rawPost([body.slice(0, 10), body.slice(10)], `Content-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`, 30);
  expect(answer).toMatch(/^HTTP\/1\.1 200/);
  expect(answer).toContain(JSON.stringify({ text: body }));
  expect(viaReader).toEqual([true]);
});

it("reads a chunked body (no declared length) through the stream, counting it against the limit", async () => {
  const chunked = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
  const whole = await rawPost([chunked("one "), chunked("two"), "0\r\n\r\n"], "Transfer-Encoding: chunked\r\n\r\n", 10);
  expect(whole).toContain(JSON.stringify({ text: "one two" }));
  const over = await rawPost([chunked("x".repeat(40)), chunked("y".repeat(40)), "0\r\n\r\n"], "Transfer-Encoding: chunked\r\n\r\n", 10);
  expect(over).toMatch(/^HTTP\/1\.1 413/);
});

it("refuses a declared length over the limit, and bytes that are not UTF-8, on the whole-at-once way too", async () => {
  viaReader.length = 0;
  expect((await postBody("z".repeat(65))).status).toBe(413);
  const latin1 = await postBody(new Uint8Array([0x5a, 0x6f, 0xeb]));
  expect(latin1.status).toBe(400);
  expect(latin1.body.error).toContain("not UTF-8");
  expect(viaReader).toEqual([]);
});
