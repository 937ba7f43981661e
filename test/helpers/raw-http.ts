// A raw HTTP client for hostile tests. fetch() normalizes paths (`..` disappears), rejects bad header
// values and always frames bodies its own way; node:http lets a test send the exact path, content type
// and framing (Content-Length or chunked) it means to, and see resets and hangs as what they are.
import { existsSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { join } from "node:path";
import Database from "libsql";

export interface RawRequest {
  method: "GET" | "POST";
  /** Sent as written: may hold `..`, `%00`, invalid percent-encoding. Only bytes 0x21–0xFF are allowed by node. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Send the body with Transfer-Encoding: chunked (no Content-Length), in a few pieces. */
  chunked?: boolean;
}

export type RawOutcome =
  | { kind: "response"; status: number; headers: http.IncomingHttpHeaders; text: string; json: unknown; ms: number }
  | { kind: "timeout"; ms: number }
  | { kind: "error"; code: string; message: string; ms: number };

// Keep-alive keeps thousands of requests from exhausting ephemeral ports; a few sockets allow concurrency.
// Idle sockets are dropped after 3 s, before the server's 5 s keep-alive timeout, so the client never
// reuses a connection the server is closing (a reset that would be the client's fault, not the server's).
const agent = new http.Agent({ keepAlive: true, maxSockets: 16, timeout: 3_000 });
const lastUse = new WeakMap<object, string>();

/** One request with a hard deadline: a hang is reported as `timeout`, a reset as `error`. */
export function rawRequest(baseUrl: string, req: RawRequest, timeoutMs = 15_000): Promise<RawOutcome> {
  const { hostname, port } = new URL(baseUrl);
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    let previous: string | undefined;
    const done = (outcome: RawOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const body = req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body, "utf8");
    const headers: Record<string, string> = { ...(req.headers ?? {}) };
    if (body && !req.chunked) headers["content-length"] = String(body.byteLength);
    let client: http.ClientRequest;
    try {
      client = http.request({ host: hostname, port: Number(port), method: req.method, path: req.path, headers, agent });
    } catch (error) {
      // node refused to send it (e.g. a character it will not put in a request line): not the server's fault.
      resolve({ kind: "error", code: "CLIENT_REFUSED", message: (error as Error).message, ms: 0 });
      return;
    }
    const timer = setTimeout(() => {
      client.destroy();
      done({ kind: "timeout", ms: ms() });
    }, timeoutMs);
    client.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", (e: NodeJS.ErrnoException) => done({ kind: "error", code: e.code ?? "RESPONSE", message: e.message, ms: ms() }));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let json: unknown;
        if (String(res.headers["content-type"] ?? "").includes("json")) {
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
        }
        done({ kind: "response", status: res.statusCode ?? 0, headers: res.headers, text, json, ms: ms() });
      });
    });
    // An error after the response has been read completely (e.g. EPIPE on a body the server refused early) is not a failure.
    // A failure on a reused connection names the request that used it before: that one may have broken it.
    client.on("socket", (socket) => {
      previous = lastUse.get(socket);
      lastUse.set(socket, `${req.method} ${req.path.slice(0, 80)}${req.chunked ? " (chunked)" : ""}, ${body?.byteLength ?? 0} bytes`);
    });
    client.on("error", (e: NodeJS.ErrnoException) => {
      const reused = client.reusedSocket ? ` on a reused connection last used by ${previous}` : "";
      done({ kind: "error", code: e.code ?? "REQUEST", message: `${e.message}${reused}`, ms: ms() });
    });
    if (!body) client.end();
    else if (!req.chunked) client.end(body);
    else {
      const piece = Math.max(1, Math.ceil(body.byteLength / 4));
      for (let i = 0; i < body.byteLength; i += piece) client.write(body.subarray(i, i + piece));
      client.end();
    }
  });
}

/** Percent-encode every byte of the UTF-8 form (lone surrogates become U+FFFD) except unreserved ones. */
export function encodeLoose(value: string): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/**
 * Rows of the state database (excluding `limits:` keys, the rate-limit counters, which a refused request
 * may legitimately touch) as "key version" and "sorted name member score" lines: any write, even of the
 * same value, changes a version and so the list.
 */
export function stateRows(dataDir: string): string[] {
  const file = join(dataDir, "state.db");
  if (!existsSync(file)) return [];
  const db = new Database(file);
  try {
    const keys = db.prepare("SELECT key, version FROM kv WHERE key NOT LIKE 'limits:%' ORDER BY key").raw().all() as Array<[string, number]>;
    const sorted = db.prepare("SELECT name, member, score FROM sorted ORDER BY name, member").raw().all() as Array<[string, string, number]>;
    return [...keys.map(([key, version]) => `${key} ${version}`), ...sorted.map((row) => `sorted ${row.join(" ")}`)];
  } finally {
    db.close();
  }
}

/**
 * A POST that announces 1000 bytes, sends 10 and stalls (slowloris). Resolves when the server closes
 * the connection or after `boundMs`, with whatever it answered; `abort` drops the connection mid-body.
 */
export function stalledPost(baseUrl: string, boundMs: number): { result: Promise<{ closed: boolean; answer: string }>; abort: () => void } {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname, () =>
    socket.write('POST /api/reflect HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":"a'),
  );
  let answer = "";
  socket.on("data", (d) => (answer += d));
  socket.on("error", () => {});
  const result = new Promise<{ closed: boolean; answer: string }>((resolve) => {
    socket.on("close", () => resolve({ closed: true, answer }));
    setTimeout(() => {
      resolve({ closed: false, answer });
      socket.destroy();
    }, boundMs).unref();
  });
  return { result, abort: () => socket.destroy() };
}

/** Two requests over one keep-alive connection: the first with a (large, chunked) body, then a GET. */
export async function twoOnOneConnection(
  baseUrl: string,
  first: { path: string; body: Buffer; headers?: Record<string, string> },
  secondPath: string,
): Promise<[string, string]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const call = (method: string, path: string, body?: Buffer, headers: Record<string, string> = {}) =>
    new Promise<string>((resolve) => {
      const req = http.request(`${baseUrl}${path}`, { method, agent, headers }, (res) => res.resume().on("end", () => resolve(String(res.statusCode))));
      req.on("error", (e) => resolve(e.message));
      req.setTimeout(3_000, () => req.destroy(new Error("no answer within 3 s")));
      for (let i = 0; body && i < body.length; i += 500_000) req.write(body.subarray(i, i + 500_000));
      req.end();
    });
  try {
    return [await call("POST", first.path, first.body, first.headers), await call("GET", secondPath)];
  } finally {
    agent.destroy();
  }
}
