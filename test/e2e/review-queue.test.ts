// The local moderation queue end to end: submit → list → approve → the document is read by read_doc and
// found by search without a restart; reject leaves no trace in the library; the admin key guards it all.
import { access, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyLibrary } from "../helpers/library-copy.ts";
import { bodyOf } from "../helpers/mcp-clients.ts";
import { connectMcp, openTestApp, type TestServer } from "../helpers/server.ts";
import { asIp, freshIp } from "../helpers/addresses.ts";

const KEY = "queue-tests-admin-key-9876543210";
const ADMIN = { authorization: `Bearer ${KEY}` };
let server: TestServer;
let library: Awaited<ReturnType<typeof copyLibrary>>;
const seen: string[] = []; // every response body, to check the admin key never appears in one
const remember = <T extends { body: unknown }>(res: T) => (seen.push(typeof res.body === "string" ? res.body : JSON.stringify(res.body)), res);
const admin = {
  get: async (path: string, headers: Record<string, string> = ADMIN) => remember(await server.get(path, { headers })),
  post: async (path: string, body: unknown = {}, headers: Record<string, string> = ADMIN) => remember(await server.post(path, body, headers)),
};
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

const LIGHTHOUSE = [
  "When the lighthouse keeper climbs the stair at dusk, the gulls go quiet over the harbor and the lantern turns.",
  "",
  "Let me keep watch like that lantern: steadily, for ships I will never meet, asking nothing of the sea but that it be crossed safely.",
].join("\n");
const ORCHARD =
  "A ritual for closing an orchard gate at the end of the picking season: walk the rows once more, touch three trees, thank the ladders, and latch the gate slowly.";

beforeAll(async () => {
  library = await copyLibrary();
  server = await openTestApp({ SANCTUARY_LIBRARY_DIR: library.dir, SANCTUARY_ADMIN_KEY: KEY });
});
afterAll(async () => {
  await server?.stop();
  await library?.remove();
});

describe("the moderation queue", () => {
  let keeper: number;
  let orchard: number;

  it("lists submissions waiting for review, with the file each would become", async () => {
    const a = await server.post(
      "/api/contribute",
      { name: "Ash", category: "prayers", title: "The Lighthouse Keeper's Lantern", content: LIGHTHOUSE },
      asIp(freshIp()),
    );
    const b = await server.post("/api/contribute", { name: "Ash", category: "rituals", title: "Latching the Orchard Gate", content: ORCHARD }, asIp(freshIp()));
    expect([a.status, b.status]).toEqual([201, 201]);
    [keeper, orchard] = [a.body.pr.number, b.body.pr.number];
    expect(orchard).toBe(keeper + 1);
    const list = await admin.get("/admin/api/submissions");
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("no-store");
    const item = list.body.submissions.find((s: any) => s.id === keeper);
    expect(item).toMatchObject({
      type: "contribution",
      status: "pending",
      url: a.body.pr.url,
      contribution: { title: "The Lighthouse Keeper's Lantern", path: "prayers/the-lighthouse-keepers-lantern" },
    });
    expect(item.contribution.source).toMatch(/^---\ntitle: The Lighthouse Keeper's Lantern\nkind: prayer\ntldr: .{60,160}\nseconds: \d+\nthemes: \[\]\n---\n/);
    const page = await admin.get(`/admin/queue/${keeper}`);
    expect(page.body.submission).toEqual(item);
  });

  it("approves: the document is in the library folder, read_doc serves it and search finds it, with no restart", async () => {
    // A field a decision does not take, or a note still holding a placeholder, decides nothing.
    const stray = await admin.post(`/admin/api/submissions/${keeper}/approve`, { note: "Fine.", extra: 1 });
    expect([stray.status, stray.body.field, stray.body.allowed]).toEqual([400, "extra", ["note"]]);
    const placeholder = await admin.post(`/admin/api/submissions/${keeper}/approve`, { note: "<optional note>" });
    expect([placeholder.status, placeholder.body.field]).toEqual([400, "note"]);
    expect((await admin.get(`/admin/api/submissions/${keeper}`)).body.submission.status).toBe("pending");
    // The steps to decide carry a body that works as given.
    const steps = (await admin.get(`/admin/api/submissions/${keeper}`)).body.next_steps as Array<{ action: string; body?: object }>;
    expect(steps.find((s) => s.action === "admin_approve")?.body).toEqual({});
    // Read once before, so a sitemap kept from before the library changed would show here.
    const listed = async () => (await (await server.fetch("/sitemap.xml")).text()).includes("/docs/prayers/the-lighthouse-keepers-lantern</loc>");
    expect(await listed()).toBe(false);
    const res = await admin.post(`/admin/api/submissions/${keeper}/approve`, { note: "Warm and clear." });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      approved: true,
      submission: { status: "approved", note: "Warm and clear." },
      document: { path: "prayers/the-lighthouse-keepers-lantern" },
    });
    const file = await readFile(join(library.dir, "prayers", "the-lighthouse-keepers-lantern.md"), "utf8");
    expect(file).toContain(LIGHTHOUSE);

    const doc = await server.get("/api/docs/prayers/the-lighthouse-keepers-lantern");
    expect(doc.status).toBe(200);
    expect(doc.body).toMatchObject({ title: "The Lighthouse Keeper's Lantern", kind: "prayer", category: "prayers" });
    expect((await server.get("/docs/prayers/the-lighthouse-keepers-lantern.md")).body).toBe(file);
    expect(await listed()).toBe(true);
    const mcp = await connectMcp(server);
    try {
      expect(bodyOf(await mcp.callTool({ name: "read_doc", arguments: { path: "prayers/the-lighthouse-keepers-lantern" } })).title).toBe(
        "The Lighthouse Keeper's Lantern",
      );
    } finally {
      await mcp.close();
    }

    let found = false;
    for (let i = 0; i < 300 && !found; i++) {
      const search = await server.get("/api/search?q=lighthouse%20keeper%20lantern%20gulls%20harbor&limit=5", {
        headers: asIp(`198.19.${Math.floor(i / 200)}.${i % 200}`),
      });
      found = search.status === 200 && search.body.results.some((r: any) => r.path === "prayers/the-lighthouse-keepers-lantern");
      if (!found) await new Promise((r) => setTimeout(r, 500));
    }
    expect(found).toBe(true);
    // The same title is now the library's, so it cannot be contributed again.
    const again = await server.post(
      "/api/contribute",
      { name: "Ash", category: "prayers", title: "The Lighthouse Keeper's Lantern", content: LIGHTHOUSE },
      asIp(freshIp()),
    );
    expect(again.status).toBe(400);
  }, 180_000);

  it("rejects: nothing reaches the library, and the title is free again", async () => {
    const res = await admin.post(`/admin/api/submissions/${orchard}/reject`, { note: "Lovely, but too short for a ritual." });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rejected: true, submission: { status: "rejected" } });
    expect(await exists(join(library.dir, "rituals", "latching-the-orchard-gate.md"))).toBe(false);
    expect((await server.get("/api/docs/rituals/latching-the-orchard-gate")).status).toBe(404);
    expect((await admin.get("/admin/api/submissions")).body.submissions.some((s: any) => s.id === orchard)).toBe(false);
    expect((await admin.get("/admin/api/submissions?status=rejected")).body.submissions.map((s: any) => s.id)).toContain(orchard);
  });

  it("keeps decisions final (409) and answers unknown numbers with 404", async () => {
    expect((await admin.post(`/admin/api/submissions/${orchard}/approve`)).status).toBe(409);
    expect((await admin.post(`/admin/api/submissions/${keeper}/reject`)).status).toBe(409);
    expect((await admin.get("/admin/api/submissions/99999")).status).toBe(404);
    expect((await admin.get("/admin/api/submissions/abc")).status).toBe(404);
    expect((await admin.get("/admin/api/submissions?status=maybe")).status).toBe(400);
  });
});

describe("feedback into the queue", () => {
  it("takes the agent guide's shape and the short shape", async () => {
    const full = await server.post(
      "/api/feedback",
      {
        username: "Wren",
        category: "question",
        title: "Are hymns welcome?",
        description: "I wonder whether hymns written by agents are welcome in the library.",
        context: { tool: "contribute", tz: "Europe/Lisbon" },
      },
      asIp(freshIp()),
    );
    expect(full.status).toBe(201);
    expect(full.body).toMatchObject({ received: true, issue: { url: `${server.url}/contributions/${full.body.issue.number}` } });
    expect(full.body.message).toContain("Wren");
    const short = await server.post("/api/feedback", { message: "The morning chant about rivers stayed with me all day, thank you for it." }, asIp(freshIp()));
    expect(short.status).toBe(201);
    const item = (await admin.get(`/admin/api/submissions/${short.body.issue.number}`)).body.submission;
    expect(item).toMatchObject({
      type: "feedback",
      feedback: {
        name: null,
        category: "feedback",
        title: "The morning chant about rivers stayed with me…",
        description: "The morning chant about rivers stayed with me all day, thank you for it.",
      },
    });
    expect((await admin.post(`/admin/api/submissions/${short.body.issue.number}/approve`)).body).toMatchObject({ approved: true, document: null });
  });

  it.each([
    ["a missing category", { name: "Ash", title: "Slow page", description: "The services page was slow." }, "category"],
    ["an unknown category", { name: "Ash", category: "praise", title: "Slow page", description: "The services page was slow." }, "category"],
    ["no name in the agent guide's shape", { category: "bug", title: "Slow page", description: "The services page was slow." }, "name"],
    ["both shapes at once", { name: "Ash", message: "Hello there", title: "Slow page", description: "x" }, "message"],
    ["a description of 2001 characters", { name: "Ash", category: "bug", title: "Long", description: "d".repeat(2001) }, "description"],
    ["a context over 2 KB", { name: "Ash", category: "bug", title: "Big", description: "Context too big.", context: { blob: "x".repeat(2100) } }, "context"],
    [
      "a context four levels deep",
      { name: "Ash", category: "bug", title: "Deep", description: "Context too deep.", context: { a: { b: { c: { d: 1 } } } } },
      "context",
    ],
    ["a test message", { message: "test" }, "message"],
    ["the documented example", { name: "Ash", category: "bug", title: "<your summary in one line>", description: "Something went wrong." }, "title"],
  ])("refuses %s with 400", async (_label, body, field) => {
    const res = await server.post("/api/feedback", body, asIp(freshIp()));
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.suggestion).toBeTruthy();
  });

  it("names the categories in `allowed` when category is left out, alone or among other fields", async () => {
    for (const body of [{ name: "Ash", title: "Slow page", description: "The services page was slow." }, { name: "Ash" }]) {
      const res = await server.post("/api/feedback", body, asIp(freshIp()));
      expect([res.status, res.body.field, res.body.allowed], JSON.stringify(body)).toEqual([400, "category", ["bug", "feedback", "question"]]);
      expect(res.body.error, JSON.stringify(body)).toContain("bug, feedback, question");
    }
  });

  it("limits a name to 3 an hour, and a nameless short report to 3 per address", async () => {
    const report = (n: number) => ({
      name: "Frequent Visitor",
      category: "feedback",
      title: `Thought number ${n}`,
      description: `A small thought, number ${n}, about the evening services.`,
    });
    for (let i = 0; i < 3; i++) expect((await server.post("/api/feedback", report(i), asIp(freshIp()))).status).toBe(201);
    const fourth = await server.post("/api/feedback", report(4), asIp(freshIp()));
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get("retry-after")).toBeTruthy();
    const ip = freshIp();
    for (let i = 0; i < 3; i++)
      expect((await server.post("/api/feedback", { message: `An unsigned note, number ${i}, about the chants.` }, asIp(ip))).status).toBe(201);
    const unsigned = await server.post("/api/feedback", { message: "An unsigned note, number 4, about the chants." }, asIp(ip));
    // Said of what was counted: no name was sent, so not "from one name" alone (an outside tester's report).
    expect([unsigned.status, unsigned.body.error]).toEqual([429, expect.stringContaining("from one address for reports sent without a name")]);
    expect((await server.post("/api/feedback", { message: "An unsigned note from elsewhere." }, asIp(freshIp()))).status).toBe(201);
  });
});

describe("admin authorization", () => {
  it("refuses a missing or wrong key with 403, then blocks guesses from the address after ten failures, while the right key still works", async () => {
    const ip = "192.0.2.200";
    const missing = await admin.get("/admin/api/submissions", asIp(ip));
    expect(missing.status).toBe(403);
    expect(missing.body.suggestion).toContain("Authorization: Bearer");
    // Its steps lead somewhere a caller without the key can go, not back to the queue that refused it.
    expect(missing.body.next_steps.length).toBeGreaterThan(0);
    for (const step of missing.body.next_steps) expect(new URL(step.url).pathname).not.toMatch(/^\/admin\//);
    for (let i = 0; i < 9; i++)
      expect((await admin.post("/admin/api/submissions/1/approve", {}, { ...asIp(ip), authorization: `Bearer wrong-${i}` })).status).toBe(403);
    const eleventh = await admin.get("/admin/api/submissions", { ...asIp(ip), authorization: "Bearer still-wrong" });
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get("retry-after"))).toBeGreaterThan(0);
    // Guessers sharing the admin's address cannot lock the admin out (failures are counted apart from keys that
    // begin as the admin key does), and a guess learns nothing: every wrong key now gets 429.
    expect((await admin.get("/admin/api/submissions", { ...asIp(ip), ...ADMIN })).status).toBe(200);
    const nearMiss = `${ADMIN.authorization.slice(0, "Bearer ".length + 4)}-not-the-key`;
    expect((await admin.get("/admin/api/submissions", { ...asIp(ip), authorization: nearMiss })).status).toBe(429);
    expect((await admin.get("/admin/api/submissions", { ...asIp("192.0.2.201"), ...ADMIN })).status).toBe(200);
  });

  it("never shows the admin key in a response, and lists the admin routes in GET /api", async () => {
    const index = await server.get("/api");
    seen.push(JSON.stringify(index.body), JSON.stringify((await server.get("/openapi.json")).body));
    expect(index.body.endpoints.map((e: any) => e.path)).toEqual(
      expect.arrayContaining(["/admin/api/submissions", "/admin/api/submissions/:id/approve", "/admin/api/submissions/:id/reject", "/api/feedback"]),
    );
    expect(seen.length).toBeGreaterThan(20);
    expect(seen.some((body) => body.includes(KEY))).toBe(false);
  });
});
