// `dry_run: true` on the three public writes (reflect, contribute, POST /api/feedback): full validation and
// screening, the exact record or pull request/issue that would be created, `received: false`; nothing stored,
// only the preview allowance spent (not the limit), no code-host request. The real call that follows creates exactly what was shown.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startFakeGitHub, type FakeGitHub } from "../helpers/fake-github.ts";
import { bodyOf } from "../helpers/mcp-clients.ts";
import { connectMcp, openTestApp, type TestServer } from "../helpers/server.ts";
import { asIp, freshIp } from "../helpers/addresses.ts";
/** Points taken from an operation's own limits (a dry run takes only the preview allowance, LIMITS.preview). */
const limitsSpent = (consume: { mock: { calls: unknown[][] } }) => consume.mock.calls.filter(([rule]) => rule !== "preview").length;

const ADMIN = { authorization: "Bearer dry-run-tests-admin-key-0123" };
const clock = new Date("2026-11-23T09:15:00Z");
let queue: TestServer;
let hosted: TestServer;
let fake: FakeGitHub;
let mcp: Client;
const PIECE =
  "A prayer for the first tram of the morning, for its driver and its few sleepy riders, and for the city that wakes around them slowly and without complaint.";

async function stored(server: TestServer) {
  const [songs, live, queued] = await Promise.all([
    server.get("/api/reflections/by-song"),
    server.get("/api/reflections"),
    server.get("/admin/api/submissions?status=all", { headers: ADMIN }),
  ]);
  return { total: songs.body.totalReflections, live: live.body.reflections, queued: queued.body.total ?? null };
}

beforeAll(async () => {
  fake = await startFakeGitHub("keepers", "sanctuary");
  queue = await openTestApp({ SANCTUARY_ADMIN_KEY: ADMIN.authorization.slice(7) }, { clock: () => clock });
  hosted = await openTestApp(
    { SANCTUARY_GITHUB_TOKEN: "ghp_dry_run_token_0123456789", SANCTUARY_GITHUB_REPO: "keepers/sanctuary", SANCTUARY_GITHUB_API_URL: fake.apiUrl },
    { clock: () => clock },
  );
  mcp = await connectMcp(queue);
});
afterAll(async () => {
  await mcp?.close();
  await queue?.stop();
  await hosted?.stop();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  vi.restoreAllMocks();
});

describe("reflect with dry_run", () => {
  const call = { name: "Tove", text: "The closing blessing felt like a hand on my shoulder.", timezone: "Europe/Helsinki", location: "a night train" };

  it("shows the exact record, stores nothing, spends only the preview allowance, and the real call then stores it", async () => {
    const consume = vi.spyOn(queue.deps.limits, "consume");
    const before = await stored(queue);
    const ip = { "x-forwarded-for": "192.0.2.31" };
    const res = await queue.post("/api/reflect", { ...call, dry_run: true }, ip);
    expect(res.status).toBe(200);
    const now = (await queue.get("/api/now?timezone=Europe/Helsinki")).body;
    expect(res.body).toMatchObject({ received: false, song: now.current.slug, live_feed: "48h", archive: `${queue.url}/reflections/${now.current.slug}` });
    expect(res.body.preview).toEqual({
      name: "Tove",
      text: call.text,
      song: now.current.slug,
      timezone: "Europe/Helsinki",
      location: "a night train",
      createdAt: clock.toISOString(),
      service: { date: now.service.today.date, slotIndex: expect.any(Number), tier: "north" },
    });
    expect(res.body.message).toContain("Nothing was stored");
    // A dry run over MCP counts as one too (that its body is REST's is in test/e2e/surfaces.test.ts).
    expect(bodyOf(await mcp.callTool({ name: "reflect", arguments: { ...call, dry_run: true } })).received).toBe(false);
    // Six more previews from the same name and address: still nothing stored, only previews counted.
    for (let i = 0; i < 6; i++) expect((await queue.post("/api/reflect", { ...call, dry_run: true }, ip)).status).toBe(200);
    expect(await stored(queue)).toEqual(before);
    expect(limitsSpent(consume)).toBe(0);
    expect(consume.mock.calls.filter(([rule]) => rule === "preview")).toHaveLength(8);

    // The first step sends the same body for real; what is stored is what was shown.
    const send = res.body.next_steps[0];
    expect(send).toMatchObject({ method: "POST", url: `${queue.url}/api/reflect`, tool: "reflect" });
    expect(send.body).toEqual({ ...call, songSlug: now.current.slug });
    const real = await queue.post("/api/reflect", send.body, ip);
    expect(real.status).toBe(200);
    expect(real.body.received).toBe(true);
    const kept = (await queue.get(`/api/reflections/song/${now.current.slug}`)).body.reflections.find((r: any) => r.text === call.text);
    expect(kept).toMatchObject({ name: "Tove", createdAt: res.body.preview.createdAt, timezone: "Europe/Helsinki" });
    expect(limitsSpent(consume)).toBe(1);

    // Now the same words from the same name would be a repeat: the dry run answers the real call's 409, still storing nothing.
    const afterReal = await stored(queue);
    const repeat = await queue.post("/api/reflect", { ...call, dry_run: true }, ip);
    expect([repeat.status, repeat.body.error]).toEqual([409, expect.stringContaining("already received")]);
    expect((await queue.post("/api/reflect", { ...call, name: "  TOVE ", dry_run: true }, ip)).status).toBe(409);
    expect((await queue.post("/api/reflect", { ...call, name: "Tove's sister", dry_run: true }, ip)).status).toBe(200);
    expect(await stored(queue)).toEqual(afterReal);
    expect(limitsSpent(consume)).toBe(1);
  });

  it("says when the real call would be refused for the hour's allowance, reading it without spending it", async () => {
    const ip = asIp(freshIp());
    const name = "Aino";
    const text = (n: number) => `The ${["first", "second", "third", "fourth", "fifth"][n]} chant of the evening stayed with me on the way home.`;
    const before = (await queue.post("/api/reflect", { name, text: text(0), dry_run: true }, ip)).body.message;
    expect(before).not.toMatch(/would be refused/);
    for (let n = 0; n < 5; n++) expect((await queue.post("/api/reflect", { name, text: text(n) }, ip)).body.received).toBe(true);
    const spent = await queue.post("/api/reflect", { name, text: "A sixth thought, after the candles were out and the hall was quiet.", dry_run: true }, ip);
    expect(spent.status).toBe(200);
    expect(spent.body.message).toMatch(/Sent now, it would be refused: this hour's allowance is spent, with room again in \d+ minutes\./);
    // Saying so spent nothing: the preview allowance aside, the real call is refused as the dry run said.
    expect((await queue.post("/api/reflect", { name, text: "A sixth thought, after the candles were out and the hall was quiet." }, ip)).status).toBe(429);
  });

  it("validates and screens as the real call does", async () => {
    const placeholder = await queue.post("/api/reflect", { ...call, name: "<your name>", dry_run: true }, asIp(freshIp()));
    expect(placeholder.status).toBe(400);
    expect(placeholder.body.field).toBe("name");
    const short = await queue.post("/api/reflect", { ...call, text: "Too short.", dry_run: true }, asIp(freshIp()));
    expect(short.status).toBe(400);
    const song = await queue.post("/api/reflect", { ...call, songSlug: "no-such-song", dry_run: true }, asIp(freshIp()));
    expect(song.status).toBe(400);
    expect(song.body.field).toBe("songSlug");
    expect((await queue.post("/api/reflect", { ...call, dry_run: "yes" }, asIp(freshIp()))).body.field).toBe("dry_run");
  });

  it("refuses a misspelt dry_run rather than publishing, over REST and MCP, and stores nothing", async () => {
    const before = await stored(queue);
    for (const spelling of ["dryRun", "dry-run", "DRY_RUN"]) {
      const refused = await queue.post("/api/reflect", { ...call, [spelling]: true }, asIp(freshIp()));
      expect(refused.status, spelling).toBe(400);
      expect(refused.body.field).toBe(spelling);
      expect(refused.body.error).toContain("did you mean `dry_run`?");
      expect(refused.body.allowed).toEqual(expect.arrayContaining(["name", "text", "dry_run"]));
    }
    const overMcp = await mcp.callTool({ name: "reflect", arguments: { ...call, dryRun: true } });
    expect(overMcp.isError).toBe(true);
    expect(bodyOf(overMcp).field).toBe("dryRun");
    // A slip of a letter is named with the field meant, one nothing resembles with the fields alone; a read refuses both.
    const slip = await queue.get("/api/now?timezon=Europe/Helsinki");
    expect(slip.status).toBe(400);
    expect(slip.body.error).toBe("`timezon` is not a field now takes: did you mean `timezone`? Its fields: timezone, name.");
    const stray = await queue.get("/api/now?colour=Europe/Helsinki");
    expect(stray.status).toBe(400);
    expect(stray.body.error).toBe("`colour` is not a field now takes. Its fields: timezone, name.");
    // `?name=` on now fills no step and is not given, as an empty timezone is: answered, not refused.
    const nameless = await queue.get("/api/now?timezone=Europe/Helsinki&name=");
    expect(nameless.status).toBe(200);
    expect(nameless.body.next_steps).toEqual((await queue.get("/api/now?timezone=Europe/Helsinki")).body.next_steps);
    // Another API's name for a field is named with the field it stands for.
    expect((await queue.get("/api/now?zone=Europe/Helsinki")).body.error).toBe(
      "`zone` is not a field now takes: did you mean `timezone`? Its fields: timezone, name.",
    );
    // A URL's passing parameters (a monitor's cache-buster, a shared link's tracking tags) are no fields: answered.
    for (const path of ["/api/health?_=1764831600", "/api/now?timezone=Europe/Helsinki&utm_source=newsletter&fbclid=x", "/api/music?_t=2"]) {
      expect((await queue.get(path)).status, path).toBe(200);
    }
    expect(await stored(queue)).toEqual(before);
  });
});

describe("contribute and feedback with dry_run on the moderation queue", () => {
  it("shows the queue entry and the file, queues nothing, and the real call queues exactly that", async () => {
    const consume = vi.spyOn(queue.deps.limits, "consume");
    const before = await stored(queue);
    const body = { name: "Tove", category: "prayers", title: "The First Tram", content: PIECE };
    const res = await queue.post("/api/contribute", { ...body, dry_run: true }, asIp(freshIp()));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ received: false, pr: null, file: "corpus/library/prayers/the-first-tram.md" });
    expect(res.body.preview).toMatchObject({
      destination: "moderation_queue",
      title: "The First Tram",
      body: PIECE,
      labels: [],
      file: { path: "corpus/library/prayers/the-first-tram.md" },
    });
    expect(res.body.preview.file.content).toMatch(/^---\ntitle: The First Tram\nkind: prayer\n/);
    // "Read what the prayers section already holds" reads that section with read_doc, and its url answers it.
    const section = res.body.next_steps.find((s: any) => s.description === "Read what the prayers section already holds");
    expect(section).toMatchObject({ tool: "read_doc", url: `${queue.url}/api/docs/prayers` });
    expect((await queue.get("/api/docs/prayers")).body.section).toBe("prayers");
    expect(bodyOf(await mcp.callTool({ name: "contribute", arguments: { ...body, dry_run: true } })).received).toBe(false);
    expect(await stored(queue)).toEqual(before);
    expect(limitsSpent(consume)).toBe(0);

    const real = await queue.post("/api/contribute", res.body.next_steps[0].body, asIp(freshIp()));
    expect(real.status).toBe(201);
    const entry = (await queue.get(`/admin/api/submissions/${real.body.pr.number}`, { headers: ADMIN })).body.submission;
    expect(entry.contribution).toMatchObject({
      title: res.body.preview.title,
      content: res.body.preview.body,
      file: res.body.preview.file.path,
      source: res.body.preview.file.content,
    });
  });

  it("shows the feedback entry, queues nothing, spends only the preview allowance", async () => {
    const consume = vi.spyOn(queue.deps.limits, "consume");
    const before = await stored(queue);
    const res = await queue.post("/api/feedback", { message: "The evening chant was lovely; could it be longer?", dry_run: true }, asIp(freshIp()));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      received: false,
      issue: null,
      preview: {
        destination: "moderation_queue",
        title: "The evening chant was lovely; could it be…",
        body: "The evening chant was lovely; could it be longer?\n\nFrom a visitor who gave no name, as feedback.",
        labels: [],
      },
    });
    // A report with a name and a context shows both, as the queue keeps them (an outside tester's report).
    const full = {
      name: "Odile",
      category: "bug",
      title: "The souls badge lags",
      description: "The souls badge showed 3 after I attended.",
      context: { page: "/api/now" },
    };
    const shown = await queue.post("/api/feedback", { ...full, dry_run: true }, asIp(freshIp()));
    expect(shown.body.preview.body).toBe(
      'The souls badge showed 3 after I attended.\n\nFrom "Odile", as bug.\n\nContext sent with it:\n{\n  "page": "/api/now"\n}',
    );
    expect(await stored(queue)).toEqual(before);
    expect(limitsSpent(consume)).toBe(0);
    expect((await queue.post("/api/feedback", { message: "<your message>", dry_run: true }, asIp(freshIp()))).status).toBe(400);
  });
});

describe("dry_run on the code host", () => {
  it("shows the pull request and file without a single code-host request; the real call sends exactly them", async () => {
    const body = { name: "Tove", category: "prayers", title: "Tram Lines in Frost", content: PIECE };
    const res = await hosted.post("/api/contribute", { ...body, dry_run: true }, asIp(freshIp()));
    expect(res.status).toBe(200);
    expect(fake.requests).toEqual([]);
    const { preview } = res.body;
    expect(preview).toMatchObject({ destination: "pull_request", title: "Contribution (prayers): Tram Lines in Frost", labels: ["contribution", "prayers"] });
    expect(preview.body).toContain("corpus/library/prayers/tram-lines-in-frost.md");

    expect((await hosted.post("/api/contribute", body, asIp(freshIp()))).status).toBe(201);
    const putFile = fake.requests.find((r) => r.method === "PUT")!;
    const pull = fake.requests.find((r) => r.path.endsWith("/pulls"))!;
    const labels = fake.requests.find((r) => r.path.endsWith("/labels"))!;
    expect(Buffer.from(putFile.body.content, "base64").toString("utf8")).toBe(preview.file.content);
    expect(putFile.body.path ?? putFile.path).toContain(preview.file.path);
    expect({ title: pull.body.title, body: pull.body.body }).toEqual({ title: preview.title, body: preview.body });
    expect(labels.body.labels).toEqual(preview.labels);
  });

  it("shows the issue a feedback report would open, without opening it", async () => {
    const report = {
      name: "Tove",
      category: "bug",
      title: "Lyrics page empty",
      description: "The lyrics page for the second song came back empty this morning.",
      context: { page: "/reflections" },
    };
    const res = await hosted.post("/api/feedback", { ...report, dry_run: true }, asIp(freshIp()));
    expect(res.status).toBe(200);
    expect(fake.requests).toEqual([]);
    expect(res.body.preview).toMatchObject({ destination: "issue", title: "[bug] Lyrics page empty", labels: ["feedback", "bug"] });
    expect((await hosted.post("/api/feedback", report, asIp(freshIp()))).status).toBe(201);
    const issue = fake.requests.find((r) => r.path.endsWith("/issues"))!;
    expect(issue.body).toEqual({ title: res.body.preview.title, body: res.body.preview.body, labels: res.body.preview.labels });
  });
});

describe("OpenAPI", () => {
  it("documents the dry-run answer and its preview for contribute and feedback", async () => {
    const doc = (await queue.get("/openapi.json")).body;
    for (const path of ["/api/contribute", "/api/feedback"]) {
      const post = doc.paths[path].post;
      expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(["200", "201"]));
      // Optional, so null is read as not given too (adapters/null-as-absent.ts): a boolean or null.
      expect(post.requestBody.content["application/json"].schema.properties.dry_run.anyOf).toEqual([{ type: "boolean" }, { type: "null" }]);
      expect(post.responses["201"].content["application/json"].schema.properties.preview.description).toContain("dry_run");
    }
    expect(doc.paths["/api/reflect"].post.responses["200"].content["application/json"].schema.properties.preview.description).toContain("dry_run");
  });
});
