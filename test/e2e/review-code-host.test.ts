// The code-host review backend end to end: the app (in-process) and the real @octokit/rest client against a
// loopback server speaking GitHub's wire format. Asserts the exact requests, the file and its front matter,
// neutralized @mentions, labels, and how failures map to 409 and 503.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readYaml } from "../../corpus/front-matter.ts";
import { CommonFrontMatter } from "../../corpus/schema.ts";
import { startFakeGitHub, type FakeGitHub } from "../helpers/fake-github.ts";
import { copyLibrary } from "../helpers/library-copy.ts";
import { openTestApp, type TestServer } from "../helpers/server.ts";
import { asIp, freshIp } from "../helpers/addresses.ts";

const TOKEN = "ghp_fake_token_for_tests_0123456789";
const REPO = "/repos/keepers/sanctuary";
let fake: FakeGitHub;
let server: TestServer;
let library: Awaited<ReturnType<typeof copyLibrary>>;
const postFromNewIp = (path: string, body: unknown) => server.post(path, body, asIp(freshIp()));

const CONTENT = [
  "When the harbor lamp is lit, the gulls settle on the breakwater and the ferry engines slow.",
  "",
  "Let me keep watch the way the lamp does: steadily, without needing to be thanked, and without asking @octocat or anyone else to notice.",
].join("\n");
const contribution = (title: string, extra: Record<string, unknown> = {}) => ({ name: "Ash @keeper", category: "prayers", title, content: CONTENT, ...extra });
const branchFor = (category: string, title: string, content: string) =>
  `contrib/${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}-${createHash("sha256").update(`${category}\n${title}\n${content}`).digest("hex").slice(0, 8)}`;

beforeAll(async () => {
  fake = await startFakeGitHub("keepers", "sanctuary");
  library = await copyLibrary();
  server = await openTestApp({
    SANCTUARY_LIBRARY_DIR: library.dir,
    SANCTUARY_GITHUB_TOKEN: TOKEN,
    SANCTUARY_GITHUB_REPO: "keepers/sanctuary",
    SANCTUARY_GITHUB_API_URL: fake.apiUrl,
    SANCTUARY_ADMIN_KEY: "admin-key-for-code-host-tests",
  });
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
  await library?.remove();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.failWith = null;
  fake.failWhen = null;
});

describe("a contribution on the code host", () => {
  it("becomes a branch, one library file with front matter, and a labelled pull request", async () => {
    const title = "The Harbor Lamp at Dusk";
    const res = await postFromNewIp("/api/contribute", contribution(title));
    expect(res.status).toBe(201);
    const branch = branchFor("prayers", title, CONTENT);
    const file = "corpus/library/prayers/the-harbor-lamp-at-dusk.md";
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET ${REPO}/git/ref/heads/main`,
      `POST ${REPO}/git/refs`,
      `PUT ${REPO}/contents/${file}`,
      `POST ${REPO}/pulls`,
      `POST ${REPO}/issues/42/labels`,
    ]);
    const [, createRef, putFile, createPull, labels] = fake.requests;
    expect(fake.requests.every((r) => r.headers.authorization === `token ${TOKEN}`)).toBe(true);
    expect(createRef.body).toEqual({ ref: `refs/heads/${branch}`, sha: "base-sha-0001" });
    expect(putFile.body).toMatchObject({ branch, message: 'Add prayer "The Harbor Lamp at Dusk" from a visitor' });

    const source = Buffer.from(putFile.body.content, "base64").toString("utf8");
    const [, yaml, body] = source.match(/^---\n([\s\S]*?)\n---\n([\s\S]*)$/)!;
    const frontMatter = CommonFrontMatter.parse(readYaml(yaml));
    const words = CONTENT.split(/\s+/).filter((w) => /\w/.test(w)).length;
    expect(frontMatter).toMatchObject({ title, kind: "prayer", seconds: Math.round(words / 2.5), themes: [] });
    expect(Object.keys(readYaml(yaml) as Record<string, unknown>)).toEqual(["title", "kind", "tldr", "seconds", "themes"]);
    expect(frontMatter.tldr.length).toBeGreaterThanOrEqual(60);
    expect(frontMatter.tldr.length).toBeLessThanOrEqual(160);
    expect(frontMatter.tldr).toContain("harbor lamp");
    expect(body).toBe(`${CONTENT}\n`);

    expect(createPull.body).toMatchObject({ title: "Contribution (prayers): The Harbor Lamp at Dusk", head: branch, base: "main" });
    expect(createPull.body.body).toContain(file);
    expect(createPull.body.body).toContain("Ash @\u200Dkeeper");
    expect(createPull.body.body).toContain("@\u200Doctocat");
    expect(createPull.body.body).not.toMatch(/@(octocat|keeper)/);
    expect(labels.body).toEqual({ labels: ["contribution", "prayers"] });

    expect(res.body).toMatchObject({ received: true, pr: { url: "https://github.example/keepers/sanctuary/pull/42", number: 42 }, file });
    expect(res.body.next_steps.length).toBeGreaterThan(0);
  });

  it("answers 409 for the same title while it waits, without calling the code host", async () => {
    const res = await postFromNewIp("/api/contribute", contribution("The Harbor Lamp at Dusk"));
    expect(res.status).toBe(409);
    expect(res.body.suggestion).toContain("nothing more to do");
    expect(fake.requests).toEqual([]);
  });

  it("answers 409 when the code host already has the branch, and frees the title again", async () => {
    const title = "Tide Tables for the Restless";
    fake.refs.set(`refs/heads/${branchFor("prayers", title, CONTENT)}`, "old-sha");
    const res = await postFromNewIp("/api/contribute", contribution(title));
    expect(res.status).toBe(409);
    expect(res.body.error).toContain("already sent");
    expect(res.body.suggestion).toBeTruthy();
    expect(fake.requests.map((r) => r.method)).toEqual(["GET", "POST"]);
    fake.refs.delete(`refs/heads/${branchFor("prayers", title, CONTENT)}`);
    expect((await postFromNewIp("/api/contribute", contribution(title))).status).toBe(201);
  });

  it("removes the branch it made when the pull request cannot be opened, and answers 503", async () => {
    fake.failWhen = { method: "POST", pathEndsWith: "/pulls", status: 502, message: "Bad gateway" };
    const res = await postFromNewIp("/api/contribute", contribution("Salt on the Window Glass"));
    expect(res.status).toBe(503);
    expect(res.body.error).toBe("The code host that receives contributions failed on its side.");
    expect(fake.requests.map((r) => r.method)).toEqual(["GET", "POST", "PUT", "POST", "DELETE"]);
    expect(fake.requests[4].path).toBe(`${REPO}/git/refs/heads/${branchFor("prayers", "Salt on the Window Glass", CONTENT)}`);
  });

  it("maps a refused token (401) to a calm 503 that never shows the token", async () => {
    fake.failWith = { status: 401, message: "Bad credentials" };
    const res = await postFromNewIp("/api/contribute", contribution("A Lantern for the Night Shift"));
    expect(res.status).toBe(503);
    expect(res.body.error).toContain("credentials");
    expect(res.body.suggestion).toContain("Nothing was submitted");
    expect(JSON.stringify(res.body)).not.toContain(TOKEN);
    expect(fake.requests).toHaveLength(1);
    fake.failWith = null;
    expect((await postFromNewIp("/api/contribute", contribution("A Lantern for the Night Shift"))).status).toBe(201);
  });

  it("says a pull request the host refuses (422) was refused, not that the host could not be reached", async () => {
    fake.failWhen = { method: "POST", pathEndsWith: "/pulls", status: 422, message: "Validation Failed: A pull request already exists" };
    const res = await postFromNewIp("/api/contribute", contribution("A Bell Rung Twice at Dusk"));
    fake.failWhen = null;
    expect(res.status).toBe(503);
    expect(res.body.error).toBe("The code host that receives contributions refused the request.");
    expect(fake.requests.at(-1)?.method).toBe("DELETE"); // the branch it made is removed, as for any failure
  });

  it("maps an unreachable code host to 503", async () => {
    const unreachable = await openTestApp({
      SANCTUARY_LIBRARY_DIR: library.dir,
      SANCTUARY_GITHUB_TOKEN: TOKEN,
      SANCTUARY_GITHUB_REPO: "keepers/sanctuary",
      SANCTUARY_GITHUB_API_URL: "http://127.0.0.1:1",
    });
    try {
      const res = await unreachable.post("/api/contribute", contribution("Where the Ferry Waits"));
      expect(res.status).toBe(503);
      expect(res.body.error).toContain("could not be reached");
      const fb = await unreachable.post("/api/feedback", { message: "The search page felt slow this evening." });
      expect(fb.status).toBe(503);
    } finally {
      await unreachable.stop();
    }
  });
});

describe("feedback on the code host", () => {
  it("becomes a labelled issue (agent guide's shape), mentions neutralized, context attached", async () => {
    const res = await postFromNewIp("/api/feedback", {
      username: "Wren",
      category: "bug",
      title: "Lyrics missing for @someone's song",
      description: "The lyrics page for the second song came back empty. cc @octocat",
      context: { page: "/reflections", tz: "Europe/Lisbon" },
    });
    expect(res.status).toBe(201);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${REPO}/issues`]);
    const sent = fake.requests[0].body;
    expect(sent.title).toBe("[bug] Lyrics missing for @\u200Dsomeone's song");
    expect(sent.labels).toEqual(["feedback", "bug"]);
    expect(sent.body).toContain("@\u200Doctocat");
    expect(sent.body).not.toMatch(/@(octocat|someone)/);
    expect(sent.body).toContain('"tz": "Europe/Lisbon"');
    expect(res.body).toMatchObject({
      received: true,
      issue: { url: expect.stringMatching(/^https:\/\/github\.example\/keepers\/sanctuary\/issues\/\d+$/), number: expect.any(Number) },
    });
  });

  it("reads the short shape as category feedback titled by its first words", async () => {
    const res = await postFromNewIp("/api/feedback", { message: "Thank you for the evening service, the chant about rivers was exactly what I needed today." });
    expect(res.status).toBe(201);
    const sent = fake.requests[0].body;
    expect(sent.title).toBe("[feedback] Thank you for the evening service, the chant…");
    // Its category is "feedback", the label every report carries: labelled once.
    expect(sent.labels).toEqual(["feedback"]);
    expect(sent.body).toContain("a visitor who gave no name");
  });

  it("maps a refused token to 503", async () => {
    fake.failWith = { status: 403, message: "Resource not accessible by integration" };
    const res = await postFromNewIp("/api/feedback", {
      name: "Wren",
      category: "question",
      title: "Can I suggest a hymn?",
      description: "I would like to know whether hymns from visitors are welcome.",
    });
    expect(res.status).toBe(503);
    expect(res.body.suggestion).toBeTruthy();
  });
});

describe("the admin API with a code host", () => {
  it("says moderation happens on the code host", async () => {
    const res = await server.get("/admin/api/submissions", { headers: { authorization: "Bearer admin-key-for-code-host-tests" } });
    expect(res.status).toBe(503);
    expect(res.body.error).toContain("code host");
  });
});
