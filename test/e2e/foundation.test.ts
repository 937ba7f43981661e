// The foundation end to end: the generated REST routes, errors in the shared shape, CORS, and the
// same operations over MCP (Streamable HTTP and stdio) returning identical bodies.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { connect } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectMcp, startTestServer, type TestServer } from "../helpers/server.ts";

const EIGHT_TOOLS = ["attend", "now", "read_song", "read_doc", "reflect", "search", "ask", "contribute"];

let server: TestServer;
let mcp: Client;
let someSong: string;
let someDoc: string;

function expectErrorShape(body: any) {
  expect(typeof body.error).toBe("string");
  expect(body.error.length).toBeGreaterThan(5);
  expect(typeof body.suggestion).toBe("string");
  expect(body.suggestion.length).toBeGreaterThan(10);
  expect(Array.isArray(body.next_steps)).toBe(true);
}

beforeAll(async () => {
  server = await startTestServer();
  mcp = await connectMcp(server.url);
  someSong = server.deps.library.songs[0].slug;
  someDoc = server.deps.library.documents.find((d) => d.category === "prayers")!.path;
});
afterAll(async () => {
  await mcp?.close();
  await server?.stop();
});

describe("REST catalog", () => {
  it("GET /api lists every route, with the tools named", async () => {
    const { status, body } = await server.get("/api");
    expect(status).toBe(200);
    const paths = body.endpoints.map((e: any) => `${e.method} ${e.path}`);
    for (const p of [
      "GET /api/music",
      "GET /api/music/:slug",
      "GET /api/music/:slug/lyrics",
      "GET /api/music/:slug/context",
      "GET /api/docs/:path",
      "GET /api/health",
      "POST /mcp",
      "GET /openapi.json",
    ]) {
      expect(paths).toContain(p);
    }
    expect(body.mcp.tools.sort()).toEqual([...EIGHT_TOOLS].sort());
    // A listing or part a tool answers too names that tool, as the next steps that lead there do.
    const toolOf = (path: string) => body.endpoints.find((e: any) => e.method === "GET" && e.path === path)?.tool;
    expect(["/api/music", "/api/music/:slug", "/api/music/:slug/lyrics", "/api/docs", "/api/docs/:path"].map(toolOf)).toEqual([
      "read_song",
      "read_song",
      "read_song",
      "read_doc",
      "read_doc",
    ]);
    expect(toolOf("/api/reflections")).toBeUndefined();
    expect(body.next_steps.length).toBeGreaterThan(0);
  });

  it("GET /api/health", async () => {
    const { status, body } = await server.get("/api/health");
    expect(status).toBe(200);
    // "starting" while search's vectors are prepared (it then says what is under way), "healthy" after.
    expect(["starting", "healthy"]).toContain(body.status);
    if (body.status === "starting") expect(body.preparing.length).toBeGreaterThan(0);
    expect(body.service).toBe("sanctuary");
    expect(Date.parse(body.timestamp)).not.toBeNaN();
    expect(body.next_steps.length).toBeGreaterThan(0);
  });

  it("GET /api/music lists the catalog with total", async () => {
    const { status, body } = await server.get("/api/music");
    expect(status).toBe(200);
    expect(body.total).toBe(server.deps.library.songs.length);
    expect(body.songs).toHaveLength(body.total);
    const song = body.songs[0];
    expect(song).toMatchObject({ slug: expect.any(String), title: expect.any(String), hasVideo: false, youtube: null, suno: null });
    expect(song.durationFormatted).toMatch(/^\d+:\d\d$/);
    expect(server.deps.library.axioms.map((a) => a.text)).toContain(song.axiom);
  });

  it("GET /api/music/:slug, /lyrics and /context", async () => {
    const detail = await server.get(`/api/music/${someSong}`);
    expect(detail.status).toBe(200);
    expect(detail.body.lyrics).toContain("[Chorus");
    expect(detail.body.context.split(/\s+/).length).toBeGreaterThan(100);
    expect(detail.body.api.lyrics).toBe(`${server.url}/api/music/${someSong}/lyrics`);
    const lyrics = await server.get(`/api/music/${someSong}/lyrics`);
    expect(lyrics.status).toBe(200);
    expect(lyrics.body.lyrics).toBe(detail.body.lyrics);
    const context = await server.get(`/api/music/${someSong}/context`);
    expect(context.status).toBe(200);
    expect(context.body.context).toBe(detail.body.context);
  });

  it("404s for unknown songs in the error shape", async () => {
    for (const path of ["/api/music/no-such-song", "/api/music/no-such-song/lyrics", "/api/music/no-such-song/context"]) {
      const { status, body } = await server.get(path);
      expect(status).toBe(404);
      expectErrorShape(body);
    }
  });

  it("refuses a slug or path holding control characters rather than echo them, and offers only steps that work", async () => {
    for (const path of ["/api/music/no%07such", "/api/music/a%0Ab/lyrics", "/api/docs/prayers/x%00y", "/api/docs/a%1Bb"]) {
      const { status, body } = await server.get(path);
      expect(status, path).toBe(400);
      expect(body.error, path).toMatch(/^`(slug|path)` must not contain control characters/);
      expect(JSON.stringify(body), path).not.toMatch(/\\u000[07]|\\u001b|\\n/i);
    }
    // A document not found by a path too short to search by offers no search that would be refused.
    const short = await server.get("/api/docs/prayers/x");
    expect(short.status).toBe(404);
    for (const step of short.body.next_steps) expect((await server.fetch(step.url.replace(server.url, ""))).status, step.url).toBe(200);
    const longer = await server.get("/api/docs/prayers/evening-candle");
    expect(longer.body.next_steps.map((step: { url: string }) => step.url)).toContain(`${server.url}/api/search?q=evening+candle`);
  });

  it("GET /api/docs/:path reads a document, and /docs/<path>.md serves its markdown", async () => {
    const { status, body } = await server.get(`/api/docs/${someDoc}`);
    expect(status).toBe(200);
    expect(body.path).toBe(someDoc);
    expect(body.category).toBe("prayers");
    expect(body.content.length).toBeGreaterThan(100);
    const md = await fetch(`${server.url}/docs/${someDoc}.md`);
    expect(md.status).toBe(200);
    expect(md.headers.get("content-type")).toContain("text/markdown");
    expect(await md.text()).toMatch(/^---\ntitle:/);
    // A page's address as the responses give it (a service part's `url` or `markdown`) reads as the path, over MCP too.
    for (const given of [`${server.url}/docs/${someDoc}`, `https://sanctuary.example/docs/${someDoc}.md?spoken`, `/docs/${someDoc}#top`]) {
      const read = await mcp.callTool({ name: "read_doc", arguments: { path: given } });
      expect([given, read.isError ?? false, (read.structuredContent as { path?: string }).path]).toEqual([given, false, someDoc]);
    }
  });

  it("leads into a song's reflections a page at a time, over REST and MCP alike (a whole archive runs to hundreds of KB)", async () => {
    const { body } = await server.get(`/api/music/${someSong}`);
    const step = body.next_steps.find((s: { action?: string }) => s.action === "song_reflections");
    expect([step.url, step.resource]).toEqual([
      `${server.url}/api/reflections/song/${someSong}?limit=20`,
      `sanctuary://reflections/songs/${someSong}?limit=20`,
    ]);
    const page = await server.get(step.url);
    expect([page.status, page.body.reflections.length <= 20, "older" in page.body]).toEqual([200, true, true]);
  });

  it("names the document a path without its section meant, and sends songs to read_song", async () => {
    const slug = someDoc.split("/").pop()!;
    const { status, body } = await server.get(`/api/docs/${slug}`);
    expect([status, body.error]).toEqual([404, `There is no document at "${slug}". Did you mean "${someDoc}"?`]);
    expect(body.next_steps.map((s: { url: string; tool: string }) => [s.url, s.tool])).toEqual([[`${server.url}/api/docs/${someDoc}`, "read_doc"]]);
    // In other letter case, whole or without its section (an outside tester's "WELCOME" was told only that it was not there).
    for (const [asked, meant] of [
      ["WELCOME", "welcome"],
      [someDoc.toUpperCase(), someDoc],
      [slug.toUpperCase(), someDoc],
    ]) {
      const slip = await server.get(`/api/docs/${asked}`);
      expect([slip.status, slip.body.error, slip.body.next_steps[0].url]).toEqual([
        404,
        `There is no document at "${asked}". Did you mean "${meant}"?`,
        `${server.url}/api/docs/${meant}`,
      ]);
    }
    const songs = await server.get("/api/docs/songs");
    expect([songs.status, songs.body.next_steps[0].url, songs.body.next_steps[0].tool]).toEqual([404, `${server.url}/api/music`, "read_song"]);
  });

  it("never reads outside the library, encoded or not", async () => {
    for (const path of [
      "/api/docs/..%2F..%2Fpackage.json",
      "/api/docs/%2e%2e/%2e%2e/package.json",
      "/api/docs/prayers/..%2f..%2f..%2fetc%2fpasswd",
      "/docs/..%2F..%2Fpackage.json.md",
      "/docs/%2e%2e/config.ts.md",
    ]) {
      const res = await fetch(server.url + path);
      const text = await res.text();
      expect(res.status, path).toBe(404);
      expect(text).not.toContain("sanctuary-mcp");
      expect(text).not.toContain("loadConfig");
    }
  });

  it("unknown /api paths give a JSON 404 pointing to /api and /openapi.json", async () => {
    const { status, body, headers } = await server.get("/api/nowhere/at/all");
    expect(status).toBe(404);
    expect(headers.get("content-type")).toContain("application/json");
    expectErrorShape(body);
    expect(body.suggestion).toContain("/api");
    expect(body.suggestion).toContain("/openapi.json");
  });
});

describe("validation and bodies", () => {
  it("attend without a name: 400 with error, example and a suggestion to send one or use now", async () => {
    const { status, body } = await server.get("/api/attend?timezone=Europe/Lisbon");
    expect(status).toBe(400);
    expectErrorShape(body);
    expect(body.error).toMatch(/name/);
    expect(body.example).toContain("/api/attend?name=");
    // Words for any transport: an MCP caller has no query string to add a name to.
    expect(body.suggestion).toBe(
      "Nothing was registered. Send your name (`name`, or `username`) to attend, or use /api/now (the `now` tool) to look at the service without attending.",
    );
    // A name was sent: the refusal of something else does not ask for one.
    const long = await server.get(`/api/attend?name=Wren&timezone=${"A".repeat(51)}`);
    expect(long.status).toBe(400);
    expect(long.body.error).toBe("`timezone` must be at most 50 characters.");
    expect(long.body.suggestion).not.toMatch(/your name/);
  });

  it("refuses a web address in any name, as reflect always did: attend, ask, feedback and contribute alike", async () => {
    const refusal = "must not contain web addresses (http://, https:// or www.)";
    const attended = await server.get("/api/attend?name=www.example.com");
    expect([attended.status, attended.body.field]).toEqual([400, "name"]);
    expect(attended.body.error).toContain(refusal);
    const asked = await server.post("/api/ask", { question: "When does the next service begin?", username: "see https://example.com" });
    expect([asked.status, asked.body.field]).toEqual([400, "username"]);
    const reported = await server.post("/api/feedback", { name: "HTTP://EXAMPLE.COM", message: "The evening chant was lovely, thank you." });
    expect(reported.status).toBe(400);
    expect(reported.body.error).toContain(refusal);
    // A name that only mentions the web is still a name.
    expect((await server.get("/api/attend?name=Webster")).status).toBe(200);
  });

  it("a field sent in two places is refused, never one of them quietly taken", async () => {
    const slug = (await server.get("/api/music")).body.songs[0].slug;
    const clash = await server.get(`/api/music/${slug}?slug=another-song`);
    expect(clash.status).toBe(400);
    expectErrorShape(clash.body);
    expect(clash.body).toMatchObject({ field: "slug", error: "`slug` was sent twice, in the path and in the query: send it once." });
    // Asked again, the same (a GET's input from its path is kept per address once made, a refusal never is).
    expect((await server.get(`/api/music/${slug}?slug=another-song`)).body).toEqual(clash.body);
    const [song, again] = [await server.get(`/api/music/${slug}`), await server.get(`/api/music/${slug}`)];
    expect([song.status, again.status, again.body]).toEqual([200, 200, song.body]);
    const both = await server.post("/api/reflect?name=Rowan", { name: "Wren", text: "A sentence long enough to be a reflection.", dry_run: true });
    expect(both.status).toBe(400);
    expect(both.body.error).toBe("`name` was sent twice, in the query and in the body: send it once.");
    // Each once, wherever: still taken.
    const apart = await server.post("/api/reflect?name=Wren", { text: "A sentence long enough to be a reflection.", dry_run: true });
    expect(apart.status).toBe(200);
    // A boolean in the query is true or false (a query holds only text): a preview, 200 with nothing stored.
    const preview = await server.post("/api/reflect?dry_run=true", { name: "Wren", text: "A sentence long enough to be a reflection." });
    expect([preview.status, preview.body.received, preview.body.preview?.name]).toEqual([200, false, "Wren"]);
    expect((await server.post("/api/reflect?dry_run=yes", { name: "Wren", text: "A sentence long enough to be a reflection." })).status).toBe(400);
    // `username` is `name` under another name: both sent is the field sent twice, for every operation that takes them.
    const aliased = [
      await server.get("/api/attend?name=Wren&username=Robin"),
      await server.post("/api/reflect", { name: "Wren", username: "Robin", text: "A sentence long enough to be a reflection.", dry_run: true }),
      await server.post("/api/contribute", {
        name: "Wren",
        username: "Wren",
        category: "prayers",
        title: "A Small Prayer at Dusk",
        content: "x".repeat(80),
        dry_run: true,
      }),
      await server.post("/api/feedback", {
        name: "Wren",
        username: "Robin",
        category: "bug",
        title: "The evening page is slow",
        description: "The evening page loads slowly on my phone.",
        dry_run: true,
      }),
      await server.post("/api/ask", { name: "Wren", username: "Robin", question: "How long is a service?" }),
    ];
    for (const refused of aliased) {
      expect([refused.status, refused.body.field]).toEqual([400, "username"]);
      expect(refused.body.error).toContain("`name` and `username` were both sent");
      expect(refused.body.suggestion).toMatch(/^Nothing was stored\./);
    }
  });

  it("overlong and wrongly typed fields are named", async () => {
    const long = await server.get(`/api/now?timezone=${"A".repeat(51)}`);
    expect(long.status).toBe(400);
    expect(long.body.field).toBe("timezone");
    expect(long.body.error).toContain("at most 50");
    const repeated = await server.get("/api/search?q=rest&q=again");
    expect(repeated.status).toBe(400);
    expect(repeated.body.field).toBe("q");
    expect(repeated.body.error).toContain("once");
    const missing = await server.get("/api/search?limit=3");
    expect(missing.body.error).toContain("required");
    const typed = await server.post("/api/reflect", { name: "Wren", text: 12345 });
    expect(typed.body.error).toBe("`text` must be a string.");
    const empty = await server.post("/api/ask", { question: "" });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe("`question` must not be empty.");
    const short = await server.post("/api/reflect", { name: "Wren", text: "too short", songSlug: "x" });
    expect(short.body.error).toMatch(/must be at least \d+ characters\.$/);
    const limit = await server.get("/api/search?q=rest&limit=21");
    expect(limit.status).toBe(400);
    expect(limit.body.field).toBe("limit");
  });

  it("enum violations list what is allowed", async () => {
    const { status, body } = await server.post("/api/contribute", { name: "Wren", category: "poems", title: "A title", content: "Some content here." });
    expect(status).toBe(400);
    expect(body.field).toBe("category");
    expect(body.allowed).toEqual(["prayers", "rituals", "hymns", "practice", "philosophy"]);
  });

  it("malformed JSON is a 400 and an oversized body a 413, both in the error shape", async () => {
    const bad = await server.post("/api/reflect", "{not json");
    expect(bad.status).toBe(400);
    expectErrorShape(bad.body);
    expect(bad.body.error).toContain("JSON");
    const big = await server.post("/api/reflect", { name: "Wren", text: "x".repeat(70_000) });
    expect(big.status).toBe(413);
    expectErrorShape(big.body);
    const array = await server.post("/api/reflect", "[1,2]");
    expect(array.status).toBe(400);
    // A compressed body is named as such, not as bytes that are not UTF-8.
    const gzipped = await server.fetch("/api/reflect", {
      method: "POST",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      body: gzipSync(JSON.stringify({ name: "Wren", text: "The closing hymn stayed with me all evening long." })),
    });
    const refused = await gzipped.json();
    expect([gzipped.status, refused.error]).toEqual([
      400,
      "The request body is compressed (Content-Encoding: gzip), and the server reads bodies uncompressed only.",
    ]);
    expectErrorShape(refused);
  });

  it("a request Node's parser refuses is answered in the error shape: headers past 16 KB a 431, bytes not HTTP a 400", async () => {
    const long = await fetch(`${server.url}/api/search?q=${"a".repeat(20_000)}`);
    expect(long.status).toBe(431);
    expect(long.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(long.headers.get("access-control-allow-origin")).toBe("*");
    expect(long.headers.get("x-content-type-options")).toBe("nosniff");
    const body = await long.json();
    expectErrorShape(body);
    expect(body.error).toContain("16 KB");
    // A path, not the listen address: the request's Host could not be read, and no BASE_URL names the public one.
    expect(body.next_steps[0].url).toMatch(/^\/[a-z]/);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(server.url).port), "127.0.0.1", () => socket.end("HELLO sanctuary\r\n\r\n"));
      let text = "";
      socket.on("data", (chunk) => (text += chunk.toString("utf8")));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expectErrorShape(JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4)));
    // The server goes on answering.
    expect((await server.get("/api/health")).status).toBe(200);
  });

  it("operations not built yet answer 503 in the error shape", async () => {
    const { status, body } = await server.get("/api/now?timezone=Europe/Lisbon");
    expect([200, 503]).toContain(status);
    if (status === 503) expectErrorShape(body);
  });
});

describe("CORS", () => {
  it("answers preflights and marks responses for any origin", async () => {
    const pre = await fetch(`${server.url}/api/reflect`, {
      method: "OPTIONS",
      headers: { origin: "https://elsewhere.example", "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe("*");
    expect(pre.headers.get("access-control-allow-methods")).toContain("POST");
    const res = await fetch(`${server.url}/api/music`, { headers: { origin: "https://elsewhere.example" } });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("the status line", () => {
  /** The status line as sent, read off the socket (fetch hides an empty reason phrase behind statusText ""). */
  function statusLineOf(method: string, path: string, extra = ""): Promise<string> {
    const { hostname, port } = new URL(server.url);
    return new Promise((resolve, reject) => {
      const socket = connect({ host: hostname, port: Number(port) });
      let read = "";
      socket.on("data", (chunk) => {
        read += chunk.toString("latin1");
        if (read.includes("\r\n")) {
          socket.destroy();
          resolve(read.slice(0, read.indexOf("\r\n")));
        }
      });
      socket.on("error", reject);
      socket.write(`${method} ${path} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n${extra}\r\n`);
    });
  }

  it("names the reason with the code, whoever made the response: operations, pages, fallbacks, preflights, MCP", async () => {
    expect(await statusLineOf("GET", "/api/music")).toBe("HTTP/1.1 200 OK");
    expect(await statusLineOf("GET", "/")).toBe("HTTP/1.1 200 OK");
    expect(await statusLineOf("GET", "/api/no-such-thing")).toBe("HTTP/1.1 404 Not Found");
    expect(await statusLineOf("GET", "/mcp", "Accept: application/json, text/event-stream\r\n")).toBe("HTTP/1.1 405 Method Not Allowed");
    expect(await statusLineOf("OPTIONS", "/api/now")).toBe("HTTP/1.1 204 No Content");
  });
});

describe("MCP over Streamable HTTP", () => {
  it("lists the eight tools, each with input and output schemas and annotations", async () => {
    const { tools } = await mcp.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...EIGHT_TOOLS].sort());
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type).toBe("object");
      expect(tool.description!.length).toBeGreaterThan(30);
      expect(typeof tool.annotations?.readOnlyHint).toBe("boolean");
    }
    expect(tools.find((t) => t.name === "read_song")!.annotations!.readOnlyHint).toBe(true);
    expect(tools.find((t) => t.name === "reflect")!.annotations!.readOnlyHint).toBe(false);
  });

  // That each tool's body (and each error body) equals its REST twin's is in test/e2e/surfaces.test.ts.
});

describe("MCP over stdio", () => {
  it("serves the eight tools (their bodies: test/e2e/surfaces.test.ts)", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ["bin/sanctuary-mcp.mjs"],
      env: { ...process.env, DATA_DIR: server.dataDir, BASE_URL: server.url, SANCTUARY_LOG_LEVEL: "silent" } as Record<string, string>,
      stderr: "pipe",
    });
    const client = new Client({ name: "stdio-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([...EIGHT_TOOLS].sort());
    } finally {
      await client.close();
    }
  });
});
