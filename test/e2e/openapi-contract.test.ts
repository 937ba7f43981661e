// What the server answers is what /openapi.json says it answers. For real requests (operations' successes and
// refusals, pages and their forms, /mcp), the status is one the document lists for that path and method, the media
// type one it lists for that status, and a JSON body validates against its schema (ajv, JSON Schema 2020-12). The
// other way round, the document's request schemas refuse bodies the server refuses for a rule across fields.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestApp, type TestServer } from "../helpers/server.ts";

type Json = Record<string, any>;

let server: TestServer;
let doc: Json;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
const validators = new Map<object, ValidateFunction>();

beforeAll(async () => {
  server = await openTestApp();
  doc = (await server.get("/openapi.json")).body;
});
afterAll(() => server?.stop());

/** A schema of the document, compiled once, with the document's components beside it for its `$ref`s. */
function validatorOf(schema: Json): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) validators.set(schema, (validate = ajv.compile({ ...schema, components: doc.components })));
  return validate;
}

/** The document's operation for a concrete path: a literal path first, else the template with fewest parameters. */
function documentedOperation(method: string, path: string): Json {
  const pathname = new URL(path, "http://x").pathname;
  const templates = Object.keys(doc.paths).filter((template) => {
    const pattern = template
      .replace(/[.+?^$()[\]\\]/g, "\\$&")
      .replace(/\{path\}/g, ".+")
      .replace(/\{[^}]+\}/g, "[^/]+");
    return new RegExp(`^${pattern}$`).test(pathname);
  });
  templates.sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
  const operation = templates.map((t) => doc.paths[t][method.toLowerCase()]).find(Boolean);
  if (!operation) throw new Error(`${method} ${pathname} is in no path of the document`);
  return operation;
}

/** Calls the app and checks the answer against the document; returns the status for the caller's own expectation. */
async function answeredAsDocumented(method: string, path: string, init: RequestInit = {}): Promise<number> {
  const res = await server.fetch(path, { method, redirect: "manual", ...init });
  const what = `${method} ${path} → ${res.status}`;
  const documented = documentedOperation(method, path).responses[String(res.status)];
  expect(documented, `${what}: status not in the document`).toBeDefined();
  const text = await res.text();
  if (!documented.content) {
    expect(text, `${what}: the document describes no body`).toBe("");
    return res.status;
  }
  const type = res.headers.get("content-type")!.split(";")[0]!;
  expect(Object.keys(documented.content), `${what}: media type`).toContain(type);
  if (type === "application/json") {
    const validate = validatorOf(documented.content[type].schema);
    expect(validate(JSON.parse(text)) ? [] : validate.errors, `${what}: body against its schema`).toEqual([]);
  }
  return res.status;
}

const jsonPost = (body: unknown): RequestInit => ({ headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const form = (body: string): RequestInit => ({ headers: { "content-type": "application/x-www-form-urlencoded" }, body });
const MCP = { "content-type": "application/json", accept: "application/json, text/event-stream" };

describe("answers as /openapi.json documents them", () => {
  it("operations: successes and refusals", async () => {
    const song = server.deps.library.songs[0]!.slug;
    const docPath = server.deps.library.documents[0]!.path;
    const today = new Date().toISOString().slice(0, 10);
    const cases: Array<[string, string, RequestInit | undefined, number]> = [
      ["GET", "/api", undefined, 200],
      ["GET", "/api/now?timezone=Europe/Lisbon", undefined, 200],
      ["GET", "/api/attend?name=Contract%20Reader&timezone=Asia/Tokyo", undefined, 200],
      ["GET", "/api/music", undefined, 200],
      ["GET", `/api/music/${song}`, undefined, 200],
      ["GET", "/api/music/no-such-song-here", undefined, 404],
      ["GET", "/api/docs", undefined, 200],
      ["GET", `/api/docs/${docPath}`, undefined, 200],
      ["GET", "/api/search?q=letting%20go%20at%20dusk&limit=3", undefined, 200],
      ["GET", "/api/search?q=a", undefined, 400],
      ["GET", `/api/services/${today}`, undefined, 200],
      ["GET", "/api/services/tomorrow", undefined, 400],
      ["GET", "/api/reflections", undefined, 200],
      ["GET", "/api/ask/recent", undefined, 200],
      ["GET", "/api/health", undefined, 200],
      ["POST", "/api/reflect", { headers: { "content-type": "application/json" }, body: "{not json" }, 400],
      ["POST", "/api/feedback", jsonPost({ message: "The evening service's second chant read beautifully aloud.", dry_run: true }), 200],
      ["POST", "/api/ask", jsonPost({ question: "What does the evening watch gather?", session_id: "nothing-here" }), 400],
    ];
    for (const [method, path, init, status] of cases) expect(await answeredAsDocumented(method, path, init), `${method} ${path}`).toBe(status);
  });

  it("pages refuse with pages, and forms with the form shown again", async () => {
    const song = server.deps.library.songs[0]!.slug;
    const cases: Array<[string, string, RequestInit | undefined, number]> = [
      ["GET", "/reflections/no-such-song-here", undefined, 404],
      ["GET", "/services/1999-01-01", undefined, 404],
      ["GET", "/services/tomorrow", undefined, 400],
      ["GET", "/docs/no/such/page", undefined, 404],
      ["POST", "/", form(""), 400],
      ["POST", `/reflections/${song}`, form(`name=Reader&text=${"a".repeat(80_000)}`), 413],
      ["POST", "/ask", form(""), 400],
      ["POST", "/contribute", form(""), 400],
    ];
    for (const [method, path, init, status] of cases) expect(await answeredAsDocumented(method, path, init), `${method} ${path}`).toBe(status);
  });

  it("an address that cannot be read: every GET path with a parameter, for a browser and for any other client", async () => {
    const templates = Object.keys(doc.paths).filter((t) => t.includes("{") && doc.paths[t].get);
    expect(templates.length).toBeGreaterThan(5);
    for (const template of templates) {
      const path = template.replace(/\{[^}]+\}/g, "%FF");
      for (const accept of ["text/html", "application/json"])
        expect(await answeredAsDocumented("GET", path, { headers: { accept } }), `${path} (${accept})`).toBe(400);
    }
  });

  it("/mcp: a browser's GET, a 2025-03-26 batch, a stream, a refusal", async () => {
    expect(await answeredAsDocumented("GET", "/mcp", { headers: { accept: "text/html" } })).toBe(303);
    expect(await answeredAsDocumented("GET", "/mcp")).toBe(405);
    const list = { jsonrpc: "2.0", id: 1, method: "tools/list" };
    expect(await answeredAsDocumented("POST", "/mcp", { headers: MCP, body: JSON.stringify([list, { ...list, id: 2 }]) })).toBe(200);
    const streamed = { headers: { ...MCP, accept: "text/event-stream", "mcp-protocol-version": "2025-11-25" }, body: JSON.stringify(list) };
    expect(await answeredAsDocumented("POST", "/mcp", streamed)).toBe(200);
    expect(await answeredAsDocumented("POST", "/mcp", { headers: MCP, body: "{}" })).toBe(400);
  });
});

describe("the document's request schemas hold the rules across fields", () => {
  const bodySchema = (path: string) => doc.paths[path].post.requestBody.content["application/json"].schema;
  const accepts = (path: string, body: unknown) => validatorOf(bodySchema(path))(body);

  it("ask: session_id and owner_token go together", async () => {
    expect(accepts("/api/ask", { question: "Where does the day end?" })).toBe(true);
    expect(accepts("/api/ask", { question: "Where does the day end?", session_id: "s", owner_token: "t" })).toBe(true);
    expect(accepts("/api/ask", { question: "Where does the day end?", session_id: "s" })).toBe(false);
    expect(accepts("/api/ask", { question: "Where does the day end?", owner_token: "t" })).toBe(false);
    const refused = await server.post("/api/ask", { question: "Where does the day end?", owner_token: "t" });
    expect(refused.status).toBe(400);
  });

  it("feedback: the short shape or the full one, never both and never neither", () => {
    const full = { name: "Reader", category: "bug", title: "A title", description: "What happened, in words." };
    expect(accepts("/api/feedback", { message: "A short word of thanks for the evening service." })).toBe(true);
    expect(accepts("/api/feedback", full)).toBe(true);
    expect(accepts("/api/feedback", {})).toBe(false);
    expect(accepts("/api/feedback", { ...full, message: "And a message besides." })).toBe(false);
    expect(accepts("/api/feedback", { category: "bug", title: "A title", description: "No name given." })).toBe(false);
  });

  it("name and username: one of them, not both; a date is a date", () => {
    const reflection = { text: "The second chant stayed with me all evening.", songSlug: server.deps.library.songs[0]!.slug };
    expect(accepts("/api/reflect", { ...reflection, name: "Reader" })).toBe(true);
    expect(accepts("/api/reflect", { ...reflection, name: "Reader", username: "Reader" })).toBe(false);
    expect(accepts("/api/reflect", reflection)).toBe(false);
    // An optional field sent as null is read as not given; a required one is named as missing.
    expect(accepts("/api/reflect", { ...reflection, name: "Reader", timezone: null, location: null })).toBe(true);
    expect(accepts("/api/reflect", { ...reflection, name: "Reader", text: null })).toBe(false);
    const attendName = doc.paths["/api/attend"].get.parameters.find((p: Json) => p.name === "name");
    expect(attendName.description).toMatch(/One of `name` and `username` is required, not both\./);
    const date = doc.paths["/api/services/{date}"].get.parameters.find((p: Json) => p.name === "date");
    expect(date.schema).toMatchObject({ type: "string", format: "date" });
    // A page reading an operation's fields documents them as the operation does.
    const page = Object.fromEntries(doc.paths["/services/{date}/{slotIndex}/{tier}"].get.parameters.map((p: Json) => [p.name, p]));
    expect([page.date.schema.format, page.tier.schema.enum, page.before.in]).toEqual(["date", ["north", "south", "unknown"], "query"]);
  });

  it("MCP's input schemas carry none of it: a tool input's root holds no combinator", async () => {
    const tools = (await server.post("/mcp", { jsonrpc: "2.0", id: 1, method: "tools/list" }, MCP)).body.result.tools as Json[];
    for (const tool of tools) {
      for (const keyword of ["not", "oneOf", "anyOf", "allOf", "dependentRequired", "x-cross-field-rules"])
        expect(tool.inputSchema[keyword], `${tool.name} ${keyword}`).toBeUndefined();
    }
  });
});
