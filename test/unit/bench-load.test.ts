// The bench's load generator (bench/load.ts) against a node:http server on a loopback port: answers read whole by
// their length however they arrive, statuses counted, requests sent as given (a POST's body intact), and an answer
// it cannot measure (no Content-Length) counted as an error rather than misread.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerHead, load, requestBytes, type LoadRequest } from "../../bench/load.ts";
import { spelledRequest } from "../../bench/round.ts";

// Beyond ASCII on purpose: the client autocannon was replaced for decoding such bodies at a fifth of ASCII's speed.
const LONG = Buffer.from("Peace — “be with you” ".repeat(900), "utf8");
const POSTED = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", note: "ünïcode — kept" });
let server: Server;
let origin: string;
const seen = { posts: 0, badPosts: 0, paths: new Set<string>() };

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.paths.add(req.url ?? "");
    if (req.url === "/long") {
      // The body in two writes a moment apart: the client must wait for the rest, not take the first part for all.
      res.writeHead(200, { "content-length": LONG.length });
      res.write(LONG.subarray(0, 5000));
      setTimeout(() => res.end(LONG.subarray(5000)), 2);
    } else if (req.url === "/post") {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        seen.posts++;
        if (Buffer.concat(chunks).toString("utf8") !== POSTED || req.headers["x-kind"] !== "rpc") seen.badPosts++;
        res.writeHead(202, { "content-length": 0 }).end();
      });
    } else if (req.url === "/chunked") {
      res.write("no length");
      res.end();
    } else res.writeHead(404, { "content-length": 2 }).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("load", () => {
  it("reads each answer whole, counts the statuses outside 2xx, and sends each request as given", async () => {
    const list: LoadRequest[] = [{ path: "/long" }, { path: "/missing" }, { method: "POST", path: "/post", headers: { "x-kind": "rpc" }, body: POSTED }];
    let n = 0;
    const result = await load(origin, { seconds: 0.4, connections: 4, next: () => list[n++ % list.length] });
    expect(result.errors).toBe(0);
    expect(result.total).toBeGreaterThanOrEqual(30);
    // Sent in turn, one request in flight per connection: a third of the answered were the 404s, within the last turn.
    expect(Math.abs(result.non2xx - result.total / 3)).toBeLessThanOrEqual(4);
    expect(seen.posts).toBeGreaterThan(0);
    expect(seen.badPosts).toBe(0);
    expect([...seen.paths].sort()).toEqual(["/long", "/missing", "/post"]);
    expect(result.p50).toBeGreaterThan(0);
    expect(result.p99).toBeGreaterThanOrEqual(result.p50);
  });

  it("spells a body's {n} anew per request (an MCP attend's new name), and leaves other requests as they are", () => {
    const attend: LoadRequest = { method: "POST", path: "/mcp", body: JSON.stringify({ arguments: { name: "bench-{n}" } }) };
    const [first, second] = [spelledRequest(attend, 1), spelledRequest(attend, 2)];
    expect(JSON.parse(first.body!).arguments.name).toMatch(/^bench-u\d+$/);
    expect(first.body).not.toBe(second.body);
    expect({ ...first, body: attend.body }).toEqual(attend);
    expect(spelledRequest(attend, "sample").body).toContain("bench-usample");
    const list: LoadRequest = { method: "POST", path: "/mcp", body: "{}" };
    expect(spelledRequest(list, 3)).toBe(list);
  });

  it("counts an answer without a length as a failed connection, never as answered", async () => {
    const result = await load(origin, { seconds: 0.2, connections: 2, next: () => ({ path: "/chunked" }) });
    expect(result.total).toBe(0);
    expect(result.errors).toBeGreaterThanOrEqual(2);
  });
});

describe("the wire", () => {
  it("writes a request's head and body with its length in bytes", () => {
    const bytes = requestBytes("127.0.0.1:9", { method: "POST", path: "/mcp", headers: { accept: "application/json" }, body: "é" });
    expect(bytes.toString("utf8")).toBe("POST /mcp HTTP/1.1\r\nhost: 127.0.0.1:9\r\naccept: application/json\r\ncontent-length: 2\r\n\r\né");
    expect(requestBytes("h", { path: "/a" }).toString("latin1")).toBe("GET /a HTTP/1.1\r\nhost: h\r\n\r\n");
  });

  it("reads an answer's status and length from its head, whatever the header's case", () => {
    expect(answerHead("HTTP/1.1 200 OK\r\nContent-Type: x\r\nContent-Length: 15954\r\n")).toEqual({ status: 200, length: 15954 });
    expect(answerHead("HTTP/1.1 404 \r\ncontent-length:2\r\n")).toEqual({ status: 404, length: 2 });
    expect(answerHead("HTTP/1.1 204 No Content\r\n")).toEqual({ status: 204, length: 0 });
    expect(() => answerHead("HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n")).toThrow(/without Content-Length/);
  });
});
