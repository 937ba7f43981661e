// The shipped proxy configuration (deploy/nginx.conf, what compose.yaml runs) in front of a real server, as an
// operator runs it: answers are compressed on the way out (pages, JSON, MCP's), the bytes unchanged once decoded,
// links in answers name the address the visitor used, port included, and both eras' official MCP clients work
// through it. Skipped where nginx is not installed (.ci/run installs it).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/free-port.ts";
import { connectLegacy, connectModern } from "../helpers/mcp-clients.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const NGINX = ["/usr/sbin/nginx", "nginx"].find((bin) => spawnSync(bin, ["-v"]).status === 0);

let server: TestServer;
let proxy: ChildProcess;
let folder: string;
let origin: string;

/** A GET through the proxy as bytes on the wire: no client decoding them. */
function onTheWire(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(`${origin}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

describe.skipIf(!NGINX)("behind the shipped nginx configuration", () => {
  beforeAll(async () => {
    server = await startTestServer({ SANCTUARY_RATE_LIMITS: "off" });
    folder = await mkdtemp(join(tmpdir(), "sanctuary-nginx-"));
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    // The file as shipped, its upstreams pointed at the test server and its port at a free one.
    const upstream = new URL(server.url).host;
    const site = (await readFile(new URL("../../deploy/nginx.conf", import.meta.url), "utf8"))
      .replace(/server app[12]:3000/g, `server ${upstream}`)
      .replace("listen 8080;", `listen 127.0.0.1:${port};`);
    await writeFile(join(folder, "site.conf"), site);
    await writeFile(
      join(folder, "nginx.conf"),
      `worker_processes 1; pid ${folder}/nginx.pid; error_log ${folder}/error.log;
events { worker_connections 64; }
http { include /etc/nginx/mime.types; access_log off; client_body_temp_path ${folder}/body; proxy_temp_path ${folder}/proxy;
include ${folder}/site.conf; }\n`,
    );
    proxy = spawn(NGINX!, ["-c", join(folder, "nginx.conf"), "-g", "daemon off;"], { stdio: "ignore" });
    for (const deadline = Date.now() + 20_000; ; await new Promise((r) => setTimeout(r, 100))) {
      if (
        await fetch(`${origin}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > deadline) throw new Error(`nginx did not answer: ${await readFile(join(folder, "error.log"), "utf8").catch(() => "")}`);
    }
  }, 120_000);

  afterAll(async () => {
    proxy?.kill("SIGQUIT");
    await server?.stop();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it("compresses pages and JSON for a client that accepts gzip, the same bytes once decoded", async () => {
    for (const path of ["/services", "/api/music", "/openapi.json", "/feed/services.ics", "/assets/site.css"]) {
      const plain = await onTheWire(path);
      const zipped = await onTheWire(path, { "accept-encoding": "gzip" });
      expect(plain.headers["content-encoding"], path).toBeUndefined();
      expect(zipped.headers["content-encoding"], path).toBe("gzip");
      expect(String(zipped.headers.vary), path).toMatch(/accept-encoding/i);
      expect(zipped.body.length, path).toBeLessThan(plain.body.length / 2);
      expect(gunzipSync(zipped.body).equals(plain.body), path).toBe(true);
    }
  });

  it("keeps the visitor's address in links, port and all", async () => {
    const body = (await (await fetch(`${origin}/api/now`)).json()) as { next_steps: Array<{ url?: string }> };
    const urls = body.next_steps.flatMap((s) => (s.url ? [s.url] : []));
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url.startsWith(`${origin}/`), url).toBe(true);
  });

  it("passes an app's 503 on without taking the apps out, and keeps /metrics to the inner network", async () => {
    // A 503 is an answer (the shared store out, a part switched off: here the admin interface, no key set). Counted as
    // an upstream's failure, three of them marked both apps down and nginx answered 502 for everything after.
    for (let i = 0; i < 8; i++) {
      const refused = await fetch(`${origin}/admin/api/submissions`);
      expect([refused.status, refused.headers.get("content-type")], `request ${i + 1}`).toEqual([503, "application/json; charset=utf-8"]);
      await refused.arrayBuffer();
    }
    expect((await fetch(`${origin}/api/now`)).status).toBe(200);
    expect((await fetch(`${origin}/metrics`)).status).toBe(403);
  });

  it("serves both eras' official MCP clients, compressed", async () => {
    for (const connect of [connectLegacy, connectModern]) {
      const client = await connect(origin);
      try {
        expect((await client.listTools()).tools).toHaveLength(8);
        const now = await client.callTool("now", { timezone: "Europe/Lisbon" });
        expect(now.isError).toBeFalsy();
      } finally {
        await client.close();
      }
    }
    const answer = await fetch(`${origin}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(answer.headers.get("content-encoding")).toBe("gzip");
    expect(((await answer.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(8);
  });
});
