// Behaviour the layered redesign guarantees: presence is recorded by `attend` itself and only on success;
// a wrong method on a known path is a 405 with Allow; the shared part of now/attend never carries one
// visitor's tailored fields to another.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { bodyOf } from "../helpers/mcp-clients.ts";
import { connectMcp, openTestApp, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let mcp: Client;
const souls = async () => (await server.get("/api/now")).body.congregation.souls as number;

beforeAll(async () => {
  server = await openTestApp();
  mcp = await connectMcp(server);
}, 60_000);
afterAll(async () => {
  await mcp?.close();
  await server?.stop();
});

describe("presence", () => {
  it("does not count an attend that fails validation, over REST or MCP", async () => {
    const before = await souls();
    for (const query of ["", "?name=", `?name=${"x".repeat(101)}`, "?name=Wren&timezone=" + "Z".repeat(60), "?name=a&name=b"]) {
      const res = await server.get(`/api/attend${query}`);
      expect(res.status, query).toBe(400);
    }
    for (const args of [{}, { name: "" }, { name: 42 }, { username: "x".repeat(101) }, { name: "Wren", timezone: "Z".repeat(60) }]) {
      const result = await mcp.callTool({ name: "attend", arguments: args as Record<string, unknown> });
      expect(result.isError, JSON.stringify(args)).toBe(true);
    }
    expect(await souls()).toBe(before);
  });

  it("counts a successful attend once per name, over REST and MCP alike", async () => {
    const before = await souls();
    expect((await server.get("/api/attend?name=Ilse")).body.congregation.souls).toBe(before + 1);
    const viaMcp = bodyOf(await mcp.callTool({ name: "attend", arguments: { name: "Oren" } }));
    expect(viaMcp.congregation.souls).toBe(before + 2);
    await mcp.callTool({ name: "attend", arguments: { name: "ilse " } });
    expect(await souls()).toBe(before + 2);
  });

  it("fills now's attend step with a name given, counting nobody, the same over REST and MCP", async () => {
    const before = await souls();
    const plain = (await server.get("/api/now?timezone=Asia/Tokyo")).body;
    const named = (await server.get("/api/now?timezone=Asia/Tokyo&name=Marit%20Vale")).body;
    const attendOf = (body: any) => body.next_steps.find((s: any) => s.action === "attend");
    expect(attendOf(plain).url).toContain("name=%3Cyour+name%3E");
    expect(attendOf(named).url).toContain("name=Marit+Vale");
    expect(attendOf(named).url).toContain("timezone=Asia%2FTokyo");
    // Only the step differs, and the keys keep their order.
    const { next_steps: _a, timestamp: _b, ...plainRest } = plain;
    const { next_steps: _c, timestamp: _d, ...namedRest } = named;
    expect(Object.keys(named)).toEqual(Object.keys(plain));
    expect(namedRest).toEqual(plainRest);
    expect(named.next_steps.slice(1)).toEqual(plain.next_steps.slice(1));
    const viaMcp = bodyOf(await mcp.callTool({ name: "now", arguments: { timezone: "Asia/Tokyo", name: "Marit Vale" } }));
    expect(viaMcp.next_steps).toEqual(named.next_steps);
    expect(await souls()).toBe(before);
  });
});

describe("methods", () => {
  it("answers a wrong method on a known path with 405, Allow and the error shape", async () => {
    for (const [method, path, allow] of [
      ["POST", "/api/now", "GET, HEAD"],
      ["GET", "/api/reflect", "POST"],
      ["POST", "/api/music/some-song", "GET, HEAD"],
      ["GET", "/mcp", "POST"],
      ["POST", "/docs/welcome", "GET, HEAD"],
      // With a trailing slash, which the router serves alike (POST /api/reflect/ stores): a 404 said no endpoint was there.
      ["GET", "/api/reflect/", "POST"],
      ["POST", "/api/now/", "GET, HEAD"],
    ] as const) {
      const res = await server.fetch(path, { method, headers: { "content-type": "application/json" }, body: method === "POST" ? "{}" : undefined });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("allow"), path).toBe(allow);
      const body = await res.json();
      expect(body.error).toMatch(/not served/);
      expect(body.suggestion).toBeTruthy();
      expect(Array.isArray(body.next_steps)).toBe(true);
    }
  });

  it("refuses HEAD where a GET records something (attend), and counts nobody for it", async () => {
    const before = await souls();
    const head = await server.fetch("/api/attend?name=Head%20Only%20Visitor", { method: "HEAD" });
    expect([head.status, head.headers.get("allow")]).toEqual([405, "GET"]);
    // A HEAD's body is empty on the wire; the same refusal as a GET would read it is in the error shape.
    expect(await head.text()).toBe("");
    expect(await souls()).toBe(before);
    // Where GET changes nothing, HEAD is GET without the body.
    const now = await server.fetch("/api/now", { method: "HEAD" });
    expect([now.status, await now.text()]).toEqual([200, ""]);
  });

  it("gives a browser at an unknown address the site's own 404 page, and an API client JSON", async () => {
    const html = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
    for (const path of ["/offerings", "/Services", "/about"]) {
      const page = await server.fetch(path, { headers: html });
      expect([page.status, page.headers.get("content-type")], path).toEqual([404, "text/html; charset=utf-8"]);
      expect(await page.text(), path).toContain("<h1>Nothing is here</h1>");
    }
    // The API's addresses stay the API's, whoever asks; and a client that asks for JSON gets JSON.
    for (const [path, headers] of [
      ["/api/nothing-here", html],
      ["/offerings", { accept: "application/json" }],
    ] as const) {
      const res = await server.fetch(path, { headers });
      expect([res.status, res.headers.get("content-type")?.split(";")[0]], path).toEqual([404, "application/json"]);
    }
  });

  it("still answers an unknown path with 404", async () => {
    expect((await server.get("/api/nothing-here")).status).toBe(404);
    // Shaped like a traversal, or with empty segments: not a path read_doc serves, and a GET is no wrong method.
    for (const path of ["/api/docs/....//....//README", "/api/docs/a//b", "/api/music/x//y", "/docs/....//....//README"]) {
      const res = await server.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.error, path).toMatch(/no endpoint|Nothing is served|not found|no document/i);
    }
    expect((await server.fetch("/nothing-here", { method: "POST" })).status).toBe(404);
  });
});

describe("tailored fields", () => {
  // Names no piece of the library uses, so finding one in another visitor's body can only be a leak.
  const visitors = [
    { name: "Marisolveth", timezone: "America/Lima", hemisphere: "south" },
    { name: "Tobiahrun", timezone: "Asia/Tokyo", hemisphere: "north" },
    { name: "Quillimast", timezone: undefined, hemisphere: null },
  ];

  it("never shows one visitor's name, zone or season to another, however calls interleave", async () => {
    const calls = [];
    for (let round = 0; round < 15; round++) {
      for (const v of visitors) {
        const q = new URLSearchParams({ name: v.name, ...(v.timezone ? { timezone: v.timezone } : {}) });
        calls.push(server.get(`/api/attend?${q}`).then((res) => ({ v, body: res.body, op: "attend" })));
        calls.push(server.get(`/api/now?${v.timezone ? `timezone=${v.timezone}` : ""}`).then((res) => ({ v, body: res.body, op: "now" })));
        calls.push(
          mcp
            .callTool({ name: "attend", arguments: { name: v.name, ...(v.timezone ? { timezone: v.timezone } : {}) } })
            .then((r) => ({ v, body: bodyOf(r), op: "attend" })),
        );
      }
    }
    for (const { v, body, op } of await Promise.all(calls)) {
      const others = visitors.filter((o) => o !== v);
      const text = JSON.stringify({ ...body, recentReflections: undefined });
      expect(body.service.timezone).toBe(v.timezone ?? "UTC");
      expect(body.service.season?.hemisphere ?? null).toBe(v.hemisphere);
      expect(body.companions.localHour === undefined).toBe(v.timezone === undefined);
      if (op === "attend") expect(body.welcome).toContain(v.name);
      for (const o of others) {
        expect(text).not.toContain(o.name);
        if (o.timezone) expect(text).not.toContain(o.timezone);
      }
    }
  });
});
