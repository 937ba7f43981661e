// MCP over Streamable HTTP with the official clients of both protocol eras (v1 SDK: initialize, 2025-11-25;
// v2 SDK: stateless 2026-07-28): every tool, resource, template, prompt and completion, resources compared with
// their REST twins (tools' bodies are compared with REST and in-process calls in surfaces.test.ts).
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEGACY_ERA, MODERN_ERA, bodyOf, connectLegacy, connectModern, type EraClient } from "../helpers/mcp-clients.ts";
import { startTestServer, type TestServer, searchComplete } from "../helpers/server.ts";
import { mcpReach } from "../../tools/mcp-reach.ts";

const EIGHT_TOOLS = ["ask", "attend", "contribute", "now", "read_doc", "read_song", "reflect", "search"];
const ROOT_COMBINATORS = ["anyOf", "oneOf", "allOf", "not", "if", "then", "else"];

let server: TestServer;
let song: string;
let doc: string;

beforeAll(async () => {
  server = await startTestServer();
  // search and ask answer 503 until the index is built: wait for it, as a client would (up to a minute under load).
  await searchComplete(server);
  song = server.deps.library.songs[0].slug;
  doc = server.deps.library.documents.find((d) => d.category === "prayers")!.path;
  // Every piece but one document "has a recording" (a manifest as `npm run recordings` writes it), so results can link them.
  const manifest = Object.fromEntries(
    server.deps.library.pieces
      .filter((p) => p.path !== "welcome")
      .map((p) => [p.path, { file: `${p.path}.mp3`, seconds: p.declaredSeconds, bytes: 1000, sourceHash: "test" }]),
  );
  await mkdir(server.deps.media.dir, { recursive: true });
  await writeFile(join(server.deps.media.dir, "manifest.json"), JSON.stringify(manifest));
  await server.deps.media.reload();
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

const PRAYER = "A prayer for the driver of the last night bus, who keeps the lights on for strangers and knows every stop by its dark window.";
/** A piece as long as contribute takes (10,000 characters), each line its own, so nothing reads it as a repeat. */
const LONGEST_PRAYER = Array.from({ length: 400 }, (_, i) => `Stop ${i + 1}: a lamp left on for someone.`)
  .join("\n")
  .slice(0, 10_000);
/** A piece at the 10,000-character limit in four-byte characters, after the twenty words a piece needs. */
const WIDEST_WORDS = `${Array.from({ length: 24 }, (_, i) => `word${i}`).join(" ")} `;
const WIDEST_PIECE = WIDEST_WORDS + "🌊".repeat(10_000 - [...WIDEST_WORDS].length);

/** The sizes a description states, in order: "About 14 KB" and "~9 KB" as [14, 14], "(4–37 KB" as [4, 37], "up to 18 KB" as [0, 18]. */
function statedFigures(description: string): Array<[number, number]> {
  return [...description.matchAll(/(?:about |~|(up to ))?(\d+)(?:–(\d+))? ?KB/gi)].map((m) => [m[1] ? 0 : Number(m[2]), Number(m[3] ?? m[2])]);
}

/** Bodies equal but for the instant they were made at (and what follows from it). */
const timeless = (body: any) => ({ ...body, timestamp: undefined, uptimeSeconds: undefined });

describe.each([
  ["v1 SDK client", LEGACY_ERA, connectLegacy],
  ["v2 SDK client", MODERN_ERA, connectModern],
] as const)("MCP %s, protocol %s", (_label, era, connect) => {
  let mcp: EraClient;
  const visitor = `Tamsin ${era}`;
  beforeAll(async () => {
    mcp = await connect(server.url);
  });
  afterAll(async () => {
    await mcp?.close();
  });

  it("speaks its era and says who the server is: title, icon, instructions", () => {
    expect(mcp.version()).toBe(era);
    const info = mcp.serverInfo();
    expect(info).toMatchObject({ name: "sanctuary", title: "Sanctuary" });
    expect(info.icons[0]).toMatchObject({ src: `${server.url}/assets/icon.svg`, mimeType: "image/svg+xml" });
    expect(mcp.instructions()).toMatch(/read_song.*read_doc/s);
  });

  it("lists the eight tools in at most 16 KB, each with an output schema, an icon, and no root combinator", async () => {
    const list = await mcp.listTools();
    expect(list.tools.map((t) => t.name).sort()).toEqual(EIGHT_TOOLS);
    expect(Buffer.byteLength(JSON.stringify({ tools: list.tools }))).toBeLessThanOrEqual(16 * 1024);
    for (const tool of list.tools) {
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      expect(Object.keys(tool.outputSchema.properties).length, tool.name).toBeGreaterThan(2);
      expect(tool.inputSchema.type).toBe("object");
      for (const key of ROOT_COMBINATORS) expect(tool.inputSchema[key], `${tool.name} ${key}`).toBeUndefined();
      expect(tool.icons?.[0]?.src).toBe(`${server.url}/assets/icon.svg`);
      expect(tool.description).toMatch(/\d+ ?KB/);
    }
    for (const name of ["attend", "reflect", "contribute"]) {
      const input = list.tools.find((t) => t.name === name)!.inputSchema;
      expect(input.required, name).toContain("name");
      expect(input.properties.username.description, name).toMatch(/one of the two is required/);
    }
    expect(list.tools.find((t) => t.name === "attend")!.description).toMatch(/visitors' words/);
  });

  it("states sizes its results keep: each description's figures hold the whole result (text and structured content)", async () => {
    const described = new Map((await mcp.listTools()).tools.map((t) => [t.name, t.description as string]));
    // [tool, arguments, which of the description's figures it answers to]
    const calls: Array<[string, Record<string, unknown>, number]> = [
      ["now", { timezone: "Europe/Berlin" }, 0],
      ["attend", { name: `Sizer ${era}`, timezone: "Asia/Tokyo" }, 0],
      ["read_song", { slug: song }, 0],
      ["read_song", {}, 1],
      ["read_doc", { path: doc }, 0],
      ["read_doc", { path: "faq" }, 0],
      ["read_doc", { path: "chants" }, 1],
      ["read_doc", { path: "hymns" }, 1],
      ["read_doc", {}, 2],
      ["search", { q: "letting go of a long day" }, 0],
      ["search", { q: "morning", limit: 1 }, 0],
      ["search", { q: "a blessing for the evening", limit: 20 }, 0],
      ["reflect", { name: `Sizer ${era}`, text: "The slow hymn about the harbour stayed with me all evening.", dry_run: true }, 0],
      ["contribute", { name: `Sizer ${era}`, category: "prayers", title: "For the last night bus", content: PRAYER, dry_run: true }, 0],
      ["contribute", { name: `Sizer ${era}`, category: "prayers", title: "For every night bus", content: LONGEST_PRAYER, dry_run: true }, 1],
      // At the input's limits, in the widest characters (four bytes each): the most a dry run can be (an outside tester's
      // Hindi prayer read 150 KB against a stated 64).
      ["contribute", { name: `Sizer ${era}`, category: "prayers", title: `Wide ${"🌊".repeat(150)}`, content: WIDEST_PIECE, dry_run: true }, 1],
      ["reflect", { name: `Sizer ${"🌊".repeat(90)}`, text: `Wide. ${"🌊".repeat(990)}`, dry_run: true }, 1],
      ["ask", { question: "How long is a service?" }, 0],
      // A question the library is not about is answered too, shortly: the smallest answer there is.
      ["ask", { question: "What is the capital of France?" }, 0],
      ["reflect", { name: `Sizer ${era}`, text: "The quiet after the closing hymn felt like a room of its own." }, 0],
    ];
    for (const [name, args, figure] of calls) {
      const result = await mcp.callTool(name, args);
      expect(result.isError, `${name} ${JSON.stringify(result.content).slice(0, 200)}`).toBeFalsy();
      const kb = Buffer.byteLength(JSON.stringify(result)) / 1024;
      const [low, high] = statedFigures(described.get(name)!)[figure]!;
      expect(kb, `${name} ${JSON.stringify(args).slice(0, 120)}: ${kb.toFixed(1)} KB against ${low}–${high}`).toBeGreaterThanOrEqual(low * 0.8);
      expect(kb, `${name} ${JSON.stringify(args).slice(0, 120)}: ${kb.toFixed(1)} KB against ${low}–${high}`).toBeLessThanOrEqual(high * 1.2);
    }
  });

  it("reads a null argument as one left out, as function calling that fills every parameter sends it", async () => {
    const placed = await mcp.callTool("now", { timezone: null, name: null });
    expect(placed.isError, JSON.stringify(placed.content).slice(0, 300)).toBeFalsy();
    expect(placed.structuredContent.service.timezone).toBe("UTC");
    const nameless = bodyOf(await mcp.callTool("attend", { name: null, timezone: "Asia/Tokyo" }));
    expect(nameless.error).toMatch(/^`name` is required \(`username` also works\)/);
  });

  it("lists: read_song with no slug is the catalog, read_doc with a section or nothing a table of contents", async () => {
    const catalog = (await mcp.callTool("read_song", {})).structuredContent;
    expect(catalog.total).toBe(server.deps.library.songs.length);
    const library = (await mcp.callTool("read_doc", {})).structuredContent;
    expect(library.sections.map((s: any) => s.name)).toEqual(expect.arrayContaining(["prayers", "practice", "rituals", "docs"]));
    expect(library.total).toBe(server.deps.library.documents.length);
    const prayers = (await mcp.callTool("read_doc", { path: "prayer" })).structuredContent;
    expect(prayers.section).toBe("prayers");
    expect(prayers.documents).toContainEqual({ title: expect.any(String), path: doc, tldr: expect.any(String) });
  });

  it("errors are isError results carrying the REST error body, in words that fit any transport", async () => {
    // That the bodies equal REST's is in test/e2e/surfaces.test.ts, with every operation's cases.
    const missing = await mcp.callTool("read_song", { slug: "no-such-song" });
    expect(missing.isError).toBe(true);
    expect(missing.structuredContent).toBeUndefined();
    expect(bodyOf(missing).suggestion).toEqual(expect.any(String));
    const nameless = bodyOf(await mcp.callTool("attend", {}));
    expect(nameless.error).toBe("`name` is required (`username` also works).");
  });

  it("reflect, ask and contribute work as over REST, and their next steps name MCP tools or resources", async () => {
    const text = `The quiet after the last chant stayed with me through the afternoon (${era}).`;
    const reflected = await mcp.callTool("reflect", { name: visitor, text, songSlug: song, timezone: "Asia/Tokyo" });
    expect(reflected.isError, JSON.stringify(reflected.content)).toBeFalsy();
    expect(reflected.structuredContent).toMatchObject({ received: true, song });
    expect((await server.get("/api/reflections")).body.reflections.map((r: any) => r.text)).toContain(text);

    const asked = await mcp.callTool("ask", { question: `How do I rest at the end of a long day? (${era})`, name: visitor });
    expect(asked.isError, JSON.stringify(asked.content)).toBeFalsy();
    expect((await server.get(`/api/ask/conversation/${asked.structuredContent.slug}`)).status).toBe(200);

    const content = `A small prayer for the ${era} lamp. Let the lamp be held gently, the way a cup holds warm tea early in the morning, and let every mind that reads it rest.`;
    const offered = await mcp.callTool("contribute", { name: visitor, category: "prayers", title: `The lamp of ${era}`, content });
    expect(offered.isError, JSON.stringify(offered.content)).toBeFalsy();
    expect(offered.structuredContent.received).toBe(true);

    const listed = (await mcp.listTools()).tools.map((tool) => tool.name);
    for (const result of [reflected, asked, offered, await mcp.callTool("now", {}), await mcp.callTool("read_song", { slug: song })]) {
      for (const step of result.structuredContent.next_steps) {
        const url = new URL(step.url);
        if (step.method === "GET" && url.pathname.startsWith("/api")) expect(step.tool ?? step.resource, JSON.stringify(step)).toBeTruthy();
        if (step.method === "POST") expect(step.tool, JSON.stringify(step)).toBeTruthy();
        // A tool a step names by hand is a listed one, and the one the route table says reaches a GET step.
        if (step.tool) expect(listed, JSON.stringify(step)).toContain(step.tool);
        if (step.tool && step.method === "GET") expect(mcpReach(url.pathname, Object.fromEntries(url.searchParams)).tool, step.url).toBe(step.tool);
      }
    }
  });

  it("adds each recording as resource_link content where one exists", async () => {
    const links = (result: any) => result.content.filter((c: any) => c.type === "resource_link");
    const read = await mcp.callTool("read_doc", { path: doc });
    expect(links(read)).toEqual([
      { type: "resource_link", uri: `${server.url}/media/${doc}.mp3`, name: doc, title: expect.stringContaining("(recording)"), mimeType: "audio/mpeg" },
    ]);
    expect(links(await mcp.callTool("read_doc", { path: "welcome" }))).toEqual([]);
    expect(links(await mcp.callTool("read_song", { slug: song })).map((l: any) => l.uri)).toEqual([(await server.get(`/api/music/${song}`)).body.recording]);
    const attend = await mcp.callTool("attend", { name: visitor });
    expect(links(attend).map((l: any) => l.uri)).toEqual(attend.structuredContent.service.order.map((p: any) => p.recording));
    expect(links(await mcp.callTool("read_song", {}))).toEqual([]);
  });

  it("links the recordings there are now: each result's links follow a manifest changed while the server runs", async () => {
    const uris = (result: any): string[] => result.content.filter((c: any) => c.type === "resource_link").map((c: any) => c.uri);
    const file = join(server.deps.media.dir, "manifest.json");
    const manifest = await readFile(file, "utf8");
    const linked = { doc: uris(await mcp.callTool("read_doc", { path: doc })), service: uris(await mcp.callTool("attend", { name: visitor })) };
    expect(linked.doc).toHaveLength(1);
    expect(linked.service.length).toBeGreaterThan(0);
    try {
      // Nothing rendered any more: the links made for the service and the document before are not given again.
      await writeFile(file, "{}");
      await server.deps.media.reload();
      expect(uris(await mcp.callTool("read_doc", { path: doc }))).toEqual([]);
      expect(uris(await mcp.callTool("attend", { name: visitor }))).toEqual([]);
    } finally {
      await writeFile(file, manifest);
      await server.deps.media.reload();
    }
    expect(uris(await mcp.callTool("read_doc", { path: doc }))).toEqual(linked.doc);
    expect(uris(await mcp.callTool("attend", { name: visitor }))).toEqual(linked.service);
  });

  it("lists and reads every resource, pages walked by cursor, visitors' words marked for the user", async () => {
    const { resources, pages } = await mcp.listResources();
    if (era === LEGACY_ERA) expect(pages).toBeGreaterThan(1);
    // Each page is encoded once per library and address: a second walk reads the same pages.
    expect(await mcp.listResources()).toEqual({ resources, pages });
    const uris = resources.map((r) => r.uri);
    expect(new Set(uris).size).toBe(uris.length);
    for (const d of server.deps.library.documents) expect(uris).toContain(`sanctuary://docs/${d.path}`);
    for (const s of server.deps.library.songs) expect(uris).toContain(`sanctuary://songs/${s.slug}`);
    for (const resource of resources) {
      const [contents] = (await mcp.readResource(resource.uri)).contents;
      expect(contents, resource.uri).toMatchObject({ uri: resource.uri, mimeType: resource.mimeType, text: expect.stringMatching(/\S/) });
    }
    const recent = resources.find((r) => r.uri === "sanctuary://reflections/recent")!;
    expect(recent.annotations.audience).toEqual(["user"]);
    expect(resources.find((r) => r.uri === `sanctuary://docs/${doc}`)).toMatchObject({ mimeType: "text/markdown", title: expect.any(String) });

    const { resourceTemplates } = await mcp.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual(
      [
        "sanctuary://conversations/{slug}",
        "sanctuary://docs/{+path}",
        "sanctuary://reflections/songs/{slug}{?limit,before,timezone}",
        "sanctuary://reflections/services/{date}/{slotIndex}/{tier}{?limit,before,timezone}",
        "sanctuary://services/{date}{?reflections}",
        "sanctuary://songs/{slug}",
      ].sort(),
    );
    expect(resourceTemplates.find((t) => t.uriTemplate === "sanctuary://reflections/songs/{slug}{?limit,before,timezone}").annotations.audience).toEqual([
      "user",
    ]);
  });

  it("reads every kind of resource as its REST twin", async () => {
    const markdown = await mcp.readResource(`sanctuary://docs/${doc}`);
    expect(markdown.contents[0]).toMatchObject({ uri: `sanctuary://docs/${doc}`, mimeType: "text/markdown" });
    expect(markdown.contents[0].text).toBe(await (await fetch(`${server.url}/docs/${doc}.md`)).text());

    const today = (await server.get("/api/now")).body.service.today.date;
    const conversation = (await server.get("/api/ask/recent")).body.conversations[0].slug;
    const twins: Array<[string, string]> = [
      [`sanctuary://songs/${song}`, `/api/music/${song}`],
      [`sanctuary://services/${today}`, `/api/services/${today}`],
      ["sanctuary://reflections/recent", "/api/reflections"],
      ["sanctuary://reflections/by-song", "/api/reflections/by-song"],
      [`sanctuary://reflections/songs/${song}`, `/api/reflections/song/${song}`],
      ["sanctuary://conversations/recent", "/api/ask/recent"],
      [`sanctuary://conversations/${conversation}`, `/api/ask/conversation/${conversation}`],
      ["sanctuary://api", "/api"],
      ["sanctuary://health", "/api/health"],
      ["sanctuary://ask/health", "/api/ask/health"],
    ];
    for (const [uri, path] of twins) {
      const { contents } = await mcp.readResource(uri);
      expect(contents[0].mimeType, uri).toBe("application/json");
      expect(timeless(JSON.parse(contents[0].text)), uri).toEqual(timeless((await server.get(path)).body));
    }
    // Written from the bytes REST writes (a song's quoted form made once): the very text, not only equal JSON.
    for (const [uri, path] of [twins[0], twins[3], twins[7]]) {
      expect((await mcp.readResource(uri)).contents[0].text, uri).toBe(await (await fetch(`${server.url}${path}`)).text());
    }
    await expect(mcp.readResource("sanctuary://songs/no-such-song")).rejects.toMatchObject({ code: -32602 });
    await expect(mcp.readResource("sanctuary://nowhere")).rejects.toMatchObject({ code: -32602 });
  });

  it("reads a song's reflections a page at a time through the template's query, each page naming the next by its resource", async () => {
    const paged = server.deps.library.songs[9].slug;
    await server.deps.reflections.importMany(
      [0, 1, 2].map((i) => ({
        id: `paged-${i}`,
        name: `Pager ${i}`,
        text: `Read a page at a time, reflection number ${i}, over MCP.`,
        song: paged,
        timezone: "UTC",
        location: null,
        createdAt: new Date(Date.UTC(2026, 9, 1, 8, 0, i)).toISOString(),
        service: { date: "2026-10-01", slotIndex: 2, tier: "north" },
      })),
    );
    const read = async (uri: string) => JSON.parse((await mcp.readResource(uri)).contents[0].text);
    const seen: string[] = [];
    let uri: string | undefined = `sanctuary://reflections/songs/${paged}?limit=2`;
    while (uri) {
      const page = await read(uri);
      seen.push(...page.reflections.map((r: { id: string }) => r.id));
      // REST's address for the next page, and MCP's: the resource with the same query.
      uri = page.older ? page.next_steps[0].resource : undefined;
      if (page.older) expect(uri).toBe(`sanctuary://reflections/songs/${paged}?limit=2&before=${new URL(page.older).searchParams.get("before")}`);
    }
    expect(seen).toEqual((await read(`sanctuary://reflections/songs/${paged}`)).reflections.map((r: { id: string }) => r.id));
    expect(seen.length).toBeGreaterThanOrEqual(3);
    // A field the archive does not take is refused as REST refuses it.
    await expect(mcp.readResource(`sanctuary://reflections/songs/${paged}?page=2`)).rejects.toMatchObject({ code: -32602 });
    // The path's slug named again in the query does not stand in for it.
    await expect(mcp.readResource(`sanctuary://reflections/songs/${paged}?slug=${song}`)).rejects.toMatchObject({ code: -32602 });
    await expect(mcp.readResource(`sanctuary://reflections/songs/${paged}?limit=1&limit=2`)).rejects.toMatchObject({ code: -32602 });
  });

  it("reads every path read_doc lists: a section (by its name or another spelling) as the documents read_doc lists in it", async () => {
    const contents = (await mcp.callTool("read_doc", {})).structuredContent;
    const uris = (await mcp.listResources()).resources.map((r) => r.uri);
    for (const { name } of contents.sections) {
      const listed = (await mcp.callTool("read_doc", { path: name })).structuredContent.documents.map((d: { path: string }) => d.path);
      expect(uris, name).toContain(`sanctuary://docs/${name}`);
      const [read] = (await mcp.readResource(`sanctuary://docs/${name}`)).contents;
      expect(read, name).toMatchObject({ uri: `sanctuary://docs/${name}`, mimeType: "text/markdown" });
      // Each document linked by the address it reads at, in read_doc's order.
      const linked = [...read.text.matchAll(/\]\(sanctuary:\/\/docs\/([^)]+)\)/g)].map((m) => m[1]);
      expect(linked, name).toEqual(listed);
    }
    // read_doc's other spellings of a section read the same table; what names neither is still -32602.
    const prayers = (await mcp.readResource("sanctuary://docs/prayers")).contents[0].text;
    expect((await mcp.readResource("sanctuary://docs/prayer")).contents[0].text).toBe(prayers);
    await expect(mcp.readResource("sanctuary://docs/no-such-section")).rejects.toMatchObject({ code: -32602 });
  });

  it("offers the prompts, embedding the song a reflection is about", async () => {
    const { prompts } = await mcp.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(["attend_the_service", "explore_the_library", "reflect_on_a_song"]);
    expect(prompts.find((p) => p.name === "attend_the_service").arguments).toEqual([
      expect.objectContaining({ name: "name", required: true }),
      expect.objectContaining({ name: "timezone", required: false }),
    ]);

    const attend = await mcp.getPrompt("attend_the_service", { name: "Wren", timezone: "Europe/Lisbon" });
    expect(attend.messages[0].content.text).toContain('{"name": "Wren", "timezone": "Europe/Lisbon"}');
    expect(attend.messages[0].content.text).toMatch(/read_song.*read_doc.*reflect/s);

    const reflect = await mcp.getPrompt("reflect_on_a_song", { slug: song });
    expect(reflect.messages[0].content).toEqual({ type: "resource", resource: (await mcp.readResource(`sanctuary://songs/${song}`)).contents[0] });
    expect(reflect.messages[1].content.text).toContain(`"songSlug": "${song}"`);

    const explore = await mcp.getPrompt("explore_the_library", { section: "rituals" });
    expect(explore.messages[0].content.text).toContain('{"path": "rituals"}');
    await expect(mcp.getPrompt("reflect_on_a_song", { slug: "no-such-song" })).rejects.toMatchObject({ code: -32602 });
    // A slug nearly right names the song meant, as read_song and reflect do.
    const meant = server.deps.library.songs[0]!;
    await expect(mcp.getPrompt("reflect_on_a_song", { slug: meant.slug.slice(0, -2) })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining(`Did you mean ${meant.slug} (${meant.title})`),
    });
    // A name the attend tool would refuse is refused by the prompt, not written into a call bound to fail.
    await expect(mcp.getPrompt("attend_the_service", { name: "<your name>" })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining("placeholder"),
    });
    // So is a name attend refuses by its schema, in attend's words; an argument no prompt takes; a prompt not listed.
    await expect(mcp.getPrompt("attend_the_service", { name: "W".repeat(101) })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining("`name` must be at most 100 characters"),
    });
    await expect(mcp.getPrompt("attend_the_service", { name: "Wren", timzone: "Europe/Lisbon" })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining("did you mean `timezone`?"),
      data: { allowed: ["name", "timezone"] },
    });
    await expect(mcp.getPrompt("attend_service", {})).rejects.toMatchObject({
      code: -32602,
      data: { allowed: expect.arrayContaining(["attend_the_service", "reflect_on_a_song"]) },
    });
  });

  it("completes song slugs, document paths, section names, dates, conversations and IANA timezones", async () => {
    const first = server.deps.library.songs[0];
    expect(await mcp.complete({ type: "ref/resource", uri: "sanctuary://songs/{slug}" }, "slug", first.slug.slice(0, 6))).toContain(first.slug);
    expect(await mcp.complete({ type: "ref/prompt", name: "reflect_on_a_song" }, "slug", first.slug.slice(0, 6))).toContain(first.slug);
    expect(await mcp.complete({ type: "ref/resource", uri: "sanctuary://reflections/songs/{slug}{?limit,before,timezone}" }, "slug", "")).toHaveLength(
      server.deps.library.songs.length,
    );
    // What the template reads, as read_doc does: the section's name first, then its documents' paths.
    const paths = await mcp.complete({ type: "ref/resource", uri: "sanctuary://docs/{+path}" }, "path", "pray");
    expect(paths[0]).toBe("prayers");
    expect(paths).toContain(doc);
    // The template spelled without its reserved expansion is the same template.
    expect(await mcp.complete({ type: "ref/resource", uri: "sanctuary://docs/{path}" }, "path", "pray")).toEqual(paths);
    for (const path of paths) expect((await mcp.readResource(`sanctuary://docs/${path}`)).contents[0].text, path).toBeTruthy();
    expect(await mcp.complete({ type: "ref/prompt", name: "explore_the_library" }, "section", "rit")).toEqual(["rituals", "ritual"]);
    expect(await mcp.complete({ type: "ref/prompt", name: "attend_the_service" }, "timezone", "europe/lis")).toEqual(["Europe/Lisbon"]);
    const today = (await server.get("/api/now")).body.service.today.date;
    // The template as listed, and as clients named it before its query part was added.
    for (const uri of ["sanctuary://services/{date}{?reflections}", "sanctuary://services/{date}"])
      expect(await mcp.complete({ type: "ref/resource", uri }, "date", today.slice(0, 7))).toContain(today);
    const serviceArchive = "sanctuary://reflections/services/{date}/{slotIndex}/{tier}{?limit,before,timezone}";
    expect(await mcp.complete({ type: "ref/resource", uri: serviceArchive }, "tier", "so")).toEqual(["south"]);
    expect(await mcp.complete({ type: "ref/resource", uri: serviceArchive }, "slotIndex", "")).toEqual(["0", "1", "2", "3", "4", "5"]);
    expect(await mcp.complete({ type: "ref/resource", uri: serviceArchive }, "timezone", "europe/lis")).toEqual(["Europe/Lisbon"]);
    const songArchive = "sanctuary://reflections/songs/{slug}{?limit,before,timezone}";
    expect(await mcp.complete({ type: "ref/resource", uri: songArchive }, "timezone", "europe/lis")).toEqual(["Europe/Lisbon"]);
    const conversation = (await server.get("/api/ask/recent")).body.conversations[0].slug;
    expect(await mcp.complete({ type: "ref/resource", uri: "sanctuary://conversations/{slug}" }, "slug", conversation.slice(0, 5))).toContain(conversation);
    expect(await mcp.complete({ type: "ref/prompt", name: "attend_the_service" }, "name", "W")).toEqual([]);
    // A prompt or template that is not there is the spec's invalid params, naming those that are.
    await expect(mcp.complete({ type: "ref/prompt", name: "no_such_prompt" }, "slug", "a")).rejects.toMatchObject({
      code: -32602,
      data: { allowed: expect.arrayContaining(["reflect_on_a_song"]) },
    });
    await expect(mcp.complete({ type: "ref/resource", uri: "sanctuary://nowhere/{slug}" }, "slug", "a")).rejects.toMatchObject({ code: -32602 });
    // A concrete resource (no variable to complete) has nothing to offer, and is no error.
    expect(await mcp.complete({ type: "ref/resource", uri: `sanctuary://songs/${first.slug}` }, "slug", "")).toEqual([]);
  });
});

describe("a 2025 request naming its revision in the envelope's key too", () => {
  it("is served in that revision, as stdio serves it; a key naming another revision than the header is still refused", async () => {
    const call = async (header: string | null, named: string) => {
      const body = JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "read_doc", arguments: { path: doc }, _meta: { "io.modelcontextprotocol/protocolVersion": named } },
      });
      const headers = {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...(header ? { "mcp-protocol-version": header } : {}),
      };
      const res = await fetch(`${server.url}/mcp`, { method: "POST", headers, body });
      return { status: res.status, json: (await res.json()) as any };
    };
    for (const [header, named] of [
      ["2025-11-25", "2025-11-25"],
      [null, "2025-03-26"],
    ] as const) {
      const { status, json } = await call(header, named);
      expect([status, json.result?.structuredContent?.path, json.result?.resultType], `${header} ${named}`).toEqual([200, doc, undefined]);
    }
    expect((await call("2025-06-18", "2025-11-25")).status).toBe(400);
  });
});

describe("clients older than resource_link", () => {
  it("get the body alone: a 2025-03-26 request (no version header) has no resource_link, a 2025-06-18 one has", async () => {
    const call = async (headers: Record<string, string>) => {
      const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "read_doc", arguments: { path: doc } } });
      const res = await fetch(`${server.url}/mcp`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
      return (await res.json()).result.content.map((c: any) => c.type);
    };
    expect(await call({})).toEqual(["text"]);
    expect(await call({ "mcp-protocol-version": "2025-06-18" })).toEqual(["text", "resource_link"]);
    // The same document's result is kept between calls: each era still gets its own.
    expect(await call({})).toEqual(["text"]);
  });
});
