// /openapi.json is generated from the operations: it must validate as OpenAPI 3.1 and list every route.
import { validate } from "@readme/openapi-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiPath } from "../../adapters/openapi.ts";
import { openTestApp, type TestServer } from "../helpers/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await openTestApp();
});
afterAll(() => server?.stop());

describe("/openapi.json", () => {
  it("validates as OpenAPI 3.1 with a real validator", async () => {
    const { status, body } = await server.get("/openapi.json");
    expect(status).toBe(200);
    expect(body.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(body));
    if (!result.valid) throw new Error(`OpenAPI document is not valid: ${JSON.stringify(result.errors, null, 2)}`);
    expect(result.valid).toBe(true);
    // The validator really does refuse a broken document.
    const broken = structuredClone(body);
    broken.paths["/api/music"].get.responses = { "200": { content: {} } };
    expect((await validate(broken)).valid).toBe(false);
  });

  it("documents each type a route's success is served as, and a redirect as a Location with no body", async () => {
    const { body } = await server.get("/openapi.json");
    const song = server.deps.library.songs[0]!.slug;
    const doc = server.deps.library.documents.find((d) => d.category === "prayers")!.path;
    for (const [template, path] of [
      ["/docs/{path}", `/docs/${doc}`],
      ["/docs/{path}", `/docs/${doc}.md`],
      ["/assets/{file}", "/assets/site.css"],
      ["/assets/{file}", "/assets/icon.svg"],
    ]) {
      const served = (await server.fetch(path)).headers.get("content-type")!.split(";")[0];
      expect(Object.keys(body.paths[template].get.responses["200"].content), path).toContain(served);
    }
    const moved = body.paths["/music/{slug}"].get.responses["301"];
    expect([moved.content, Object.keys(moved.headers)]).toEqual([undefined, ["Location"]]);
    const redirect = await server.fetch(`/music/${song}`, { redirect: "manual" });
    expect([redirect.status, redirect.headers.get("location"), await redirect.text()]).toEqual([301, `/reflections/${song}`, ""]);
  });

  it("lists every route the app serves, with error responses in the shared shape", async () => {
    const { body } = await server.get("/openapi.json");
    for (const route of server.deps.routes) {
      const item = body.paths[openApiPath(route.path)];
      expect(item, route.path).toBeDefined();
      expect(item[route.method.toLowerCase()], `${route.method} ${route.path}`).toBeDefined();
    }
    const reflect = body.paths["/api/reflect"].post;
    expect(reflect.responses["400"].content["application/json"].schema.$ref).toBe("#/components/schemas/ErrorBody");
    expect(reflect.responses["429"].headers["Retry-After"]).toBeDefined();
    expect(reflect.requestBody.content["application/json"].schema.properties.text.maxLength).toBe(1000);
    // What the store's outage answers (docs/behaviour.md §10) is documented where it can happen, and health's 503
    // is its own body, not an error's.
    for (const [path, method] of [
      ["/api/reflect", "post"],
      ["/api/attend", "get"],
      ["/api/services/{date}", "get"],
      ["/api/ask/recent", "get"],
    ]) {
      const unavailable = body.paths[path][method].responses["503"];
      expect(unavailable?.headers?.["Retry-After"], path).toBeDefined();
      expect(unavailable.content["application/json"].schema.$ref).toBe("#/components/schemas/ErrorBody");
    }
    // A HEAD of attend is refused (it would count a visit): the one GET whose HEAD differs says so where clients read.
    expect(body.paths["/api/attend"].get.description).toMatch(/HEAD is refused \(405, Allow: GET\)/);
    const head = await server.fetch("/api/attend?name=Head%20Checker", { method: "HEAD" });
    expect([head.status, head.headers.get("allow")]).toEqual([405, "GET"]);
    // POST /mcp refuses a message it cannot take with a JSON-RPC error, and is documented so.
    const mcp = body.paths["/mcp"].post.responses;
    for (const status of ["400", "413"]) expect(mcp[status].content["application/json"].schema.$ref).toBe("#/components/schemas/JsonRpcError");
    const refused = await server.fetch("/mcp", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(refused.status).toBe(400);
    const envelope = await refused.json();
    const shape = body.components.schemas.JsonRpcError;
    expect(Object.keys(envelope).sort()).toEqual([...shape.required].sort());
    expect(Object.keys(envelope.error)).toEqual(expect.arrayContaining(shape.properties.error.required));
    // Every status /mcp answers is in the document: a notification's 202, the Host check's 403, and the 405 of GET and
    // DELETE, each of which the server does answer so.
    expect(Object.keys(mcp)).toEqual(expect.arrayContaining(["200", "202", "400", "403", "413"]));
    const notified = await server.fetch("/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    });
    expect(notified.status).toBe(202);
    // A browser's GET is sent to the page on connecting (303 with Location): documented beside the 405.
    expect(Object.keys(body.paths["/mcp"].get.responses["303"].headers)).toEqual(["Location"]);
    for (const method of ["GET", "DELETE"]) {
      expect(Object.keys(body.paths["/mcp"][method.toLowerCase()].responses), method).toEqual(method === "GET" ? ["303", "405"] : ["405"]);
      const answer = await server.fetch("/mcp", { method });
      expect([answer.status, answer.headers.get("allow")], method).toEqual([405, "POST"]);
    }
    // A route that answers ranges says so: a client generator learns of 206, 304 and 416, and what Content-Range holds.
    const media = body.paths["/media/{path}"].get.responses;
    expect(Object.keys(media)).toEqual(expect.arrayContaining(["200", "206", "304", "416", "404"]));
    expect(media["206"].content["audio/mpeg"]).toBeDefined();
    expect(media["416"].headers["Content-Range"]).toBeDefined();
    expect(body.paths["/api/music"].get.responses["206"]).toBeUndefined();
    const health = body.paths["/api/health"].get.responses;
    expect(health["503"].content["application/json"].schema).toEqual(health["200"].content["application/json"].schema);
    const song = body.paths["/api/music/{slug}"].get;
    expect(song.parameters).toContainEqual(expect.objectContaining({ name: "slug", in: "path", required: true }));
    expect(song["x-mcp-tool"]).toBe("read_song");
    expect(song.responses["404"]).toBeDefined();
    const search = body.paths["/api/search"].get;
    expect(search.parameters).toContainEqual(expect.objectContaining({ name: "q", in: "query", required: true }));
    expect(search.parameters).toContainEqual(expect.objectContaining({ name: "limit", in: "query", required: false }));
  });

  it("describes the body of every POST that reads one: a page's form as the boxes the page has, form-encoded", async () => {
    const { body } = await server.get("/openapi.json");
    // Every POST but a redirect's (an older MCP address: 308, the body sent on unread) says what to send.
    for (const route of server.deps.http.routes.filter((r) => r.method === "POST" && r.status !== 308)) {
      expect(body.paths[openApiPath(route.path)].post.requestBody, route.path).toBeDefined();
    }
    const song = server.deps.library.songs[0]!.slug;
    for (const [page, path, unread] of [
      ["/", "/", []],
      [`/reflections/${song}`, "/reflections/{slug}", ["songSlug"]],
      ["/ask", "/ask", []],
      ["/contribute", "/contribute", []],
    ] as const) {
      const { text } = await server.text(page);
      const form = /<form\b[^>]*method="post"[^>]*>[\s\S]*?<\/form>/.exec(text)![0];
      const boxes = [...form.matchAll(/<(?:input|textarea|select)\b[^>]*\bname="([^"]+)"/g)].map((m) => m[1]);
      const documented = body.paths[path].post.requestBody.content["application/x-www-form-urlencoded"].schema;
      // The song page's songSlug is for its script's JSON call; the form's route files it under the page's song.
      const read = boxes.filter((box) => !(unread as readonly string[]).includes(box));
      expect(
        Object.keys(documented.properties)
          .filter((p) => p !== "conversation")
          .sort(),
        page,
      ).toEqual(read.sort());
      expect(read, page).toEqual(expect.arrayContaining(documented.required));
    }
    // Each form sends its visitor's name where its operation needs one (reflect and contribute take name or username).
    expect(body.paths["/"].post.requestBody.content["application/x-www-form-urlencoded"].schema.required).toEqual(["name", "text"]);
    expect(body.paths["/ask"].post.requestBody.content["application/x-www-form-urlencoded"].schema.required).toEqual(["question"]);
    const mcp = body.paths["/mcp"].post.requestBody.content["application/json"].schema;
    expect(mcp.anyOf.map((s: { type: string }) => s.type)).toEqual(["object", "array"]);
    const decision = body.paths["/admin/api/submissions/{id}/approve"].post.requestBody;
    expect([decision.required, Object.keys(decision.content["application/json"].schema.properties)]).toEqual([false, ["note"]]);
  });
});
