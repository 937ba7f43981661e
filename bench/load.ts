// The bench's load generator: keep-alive HTTP/1.1 connections, each sending its next request once the last answer
// has been read whole (no pipelining), for a given time. An answer is measured by its Content-Length and never
// decoded. autocannon 8, used before, appended every answer's body to a string (`req.body += chunk`): for a body
// with characters beyond ASCII (tools/list's 16 KB, with its dashes and quotes) that cost its client about 25 µs an
// answer against 3 for ASCII, so the client, not the server, set the pace on such routes, and a server waiting on its
// client pays a wake-up per request: the bare server read 32 µs a request for tools/list's bytes and 23 for the same
// length of ASCII (docs/performance.md, fifty-fifth session).
import { connect, type Socket } from "node:net";

export interface LoadRequest {
  method?: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  /** Answers read whole. */
  total: number;
  /** Of those, answers with a status outside 2xx. */
  non2xx: number;
  /** Connections that failed (reset, closed early, an answer this client cannot read). */
  errors: number;
  /** Latency from a request's write to its answer's last byte, in milliseconds. */
  p50: number;
  p99: number;
}

export interface LoadOptions {
  seconds: number;
  connections: number;
  /** The next request to send (called once per request, across all connections in turn). */
  next: () => LoadRequest;
}

const HEAD_END = Buffer.from("\r\n\r\n");

/** A request's bytes: the head, then the body with its length (Host and keep-alive as HTTP/1.1 asks). */
export function requestBytes(host: string, request: LoadRequest): Buffer {
  const body = request.body === undefined ? null : Buffer.from(request.body, "utf8");
  let head = `${request.method ?? (body ? "POST" : "GET")} ${request.path} HTTP/1.1\r\nhost: ${host}\r\n`;
  for (const [name, value] of Object.entries(request.headers ?? {})) head += `${name}: ${value}\r\n`;
  if (body) head += `content-length: ${body.length}\r\n`;
  head += "\r\n";
  return body ? Buffer.concat([Buffer.from(head, "latin1"), body]) : Buffer.from(head, "latin1");
}

/** An answer's status and body length from its head (latin1; headers are ASCII). Throws where it has no length. */
export function answerHead(head: string): { status: number; length: number } {
  const status = Number(head.slice(9, 12));
  const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head);
  if (length) return { status, length: Number(length[1]) };
  if (status === 204 || status === 304 || (status >= 100 && status < 200)) return { status, length: 0 };
  throw new Error(`an answer without Content-Length (status ${status}): the bench reads answers by their length`);
}

/** `seconds` of requests over `connections` keep-alive connections to `origin` (http://host:port). */
export function load(origin: string, { seconds, connections, next }: LoadOptions): Promise<LoadResult> {
  const url = new URL(origin);
  const port = Number(url.port || 80);
  const until = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  const result = { total: 0, non2xx: 0, errors: 0 };
  // A route's requests are mostly the same few objects over and over (a list taken in turn): each encoded once.
  const encoded = new WeakMap<LoadRequest, Buffer>();
  const bytesOf = () => {
    const request = next();
    let bytes = encoded.get(request);
    if (!bytes) encoded.set(request, (bytes = requestBytes(url.host, request)));
    return bytes;
  };
  return new Promise((resolve) => {
    let open = 0;
    const finished = () => {
      if (--open > 0) return;
      latencies.sort((a, b) => a - b);
      const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
      resolve({ ...result, p50: at(0.5), p99: at(0.99) });
    };
    const start = () => {
      open++;
      runConnection(connect(port, url.hostname), until, bytesOf, latencies, result, () => {
        // A failed connection is replaced while there is time left, as a client would reconnect.
        if (performance.now() < until) start();
        finished();
      });
    };
    for (let i = 0; i < connections; i++) start();
  });
}

function runConnection(
  socket: Socket,
  until: number,
  nextBytes: () => Buffer,
  latencies: number[],
  result: { total: number; non2xx: number; errors: number },
  done: () => void,
): void {
  socket.setNoDelay(true);
  let head: Buffer | null = null;
  let remaining = -1;
  let status = 0;
  let sentAt = 0;
  let ended = false;
  const end = (failed: boolean) => {
    if (ended) return;
    ended = true;
    if (failed) result.errors++;
    socket.destroy();
    done();
  };
  const send = () => {
    if (performance.now() >= until) return end(false);
    sentAt = performance.now();
    socket.write(nextBytes());
  };
  socket.on("connect", send);
  socket.on("error", () => end(true));
  socket.on("close", () => end(true));
  socket.on("data", (chunk: Buffer) => {
    let body = chunk;
    if (remaining < 0) {
      head = head ? Buffer.concat([head, chunk]) : chunk;
      const at = head.indexOf(HEAD_END);
      if (at < 0) return;
      try {
        ({ status, length: remaining } = answerHead(head.toString("latin1", 0, at + 2)));
      } catch {
        return end(true);
      }
      body = head.subarray(at + HEAD_END.length);
      head = null;
    }
    remaining -= body.length;
    if (remaining > 0) return;
    // One request at a time: bytes past the answer's end are not an answer to anything sent.
    if (remaining < 0) return end(true);
    remaining = -1;
    latencies.push(performance.now() - sentAt);
    result.total++;
    if (status < 200 || status > 299) result.non2xx++;
    send();
  });
}
