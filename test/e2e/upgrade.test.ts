// Upgrading keeps data: `test/fixtures/old-layout/state` was written by the release before SQLite (one file
// per key; four visits from three names, four reflections on three songs, the services it recorded), and
// `expected.json` holds what that release answered. The current server, started on a copy, must import
// it once and answer the same, with the old files kept aside.
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestApp, type TestServer } from "../helpers/server.ts";
import { formatInstant } from "../../tools/shapes.ts";

const FIXTURE = new URL("../fixtures/old-layout/", import.meta.url).pathname;
const OLD_ORIGIN = "http://127.0.0.1:39877";

interface Expected {
  writtenAt: string;
  souls: number;
  responses: Record<string, Record<string, unknown>>;
}

let expected: Expected;
let dataDir: string;
let server: TestServer | null = null;
/** Five minutes after the old release wrote the data: its visits and reflections are still in their windows. */
let clock: Date;

/** A body with the old server's origin spelled as this one's, and without its next steps (wording may change). */
function comparable(body: Record<string, unknown>, origin: string): Record<string, unknown> {
  // visitorWritten only names where visitors' words are (added since that release): the words themselves must match.
  const { next_steps: _, visitorWritten: __, ...rest } = JSON.parse(JSON.stringify(body).replaceAll(OLD_ORIGIN, origin)) as Record<string, unknown>;
  return rest;
}

type Part = { path?: string; slug?: string; title: string; seconds: number; start: number; position: number };
type Service = { order: Part[]; loopSeconds: number };

/**
 * A services body as the library of today shows it: a piece the library no longer holds is passed over and the
 * parts after it move up (docs/behaviour.md §6). Everything else stays as the old release answered.
 */
function withoutRemovedPieces(body: Record<string, unknown>, today: (path: string) => { title: string; seconds: number } | undefined): Record<string, unknown> {
  const services = (body.services as Service[]).map((service) => {
    let start = 0;
    const order = service.order
      .filter((part) => today(part.path ?? `songs/${part.slug}`) !== undefined)
      .map((part, i) => {
        // A piece keeps its path when it is rewritten; its title and length are the library's today (one duration
        // everywhere: the recording's, else the declared one).
        const now = today(part.path ?? `songs/${part.slug}`)!;
        const moved = { ...part, title: now.title, seconds: now.seconds, position: i + 1, start };
        start += now.seconds;
        return moved;
      });
    // Each service's count of reflections was added since that release: it is the list's length. So was each
    // reflection's createdAtFormatted there: its time on its own clock, as the release's other lists already gave it.
    const reflections = (service as { reflections?: Array<{ createdAt: string; timezone: string }> }).reflections?.map((r) => ({
      ...r,
      createdAtFormatted: formatInstant(r.createdAt, r.timezone),
    }));
    return { ...service, order, loopSeconds: start, reflections, reflectionCount: reflections?.length };
  });
  return { ...body, services };
}

async function startOnFixture(): Promise<TestServer> {
  return openTestApp({ BASE_URL: "" }, { clock: () => clock }, dataDir);
}

beforeAll(async () => {
  expected = JSON.parse(await readFile(join(FIXTURE, "expected.json"), "utf8")) as Expected;
  clock = new Date(Date.parse(expected.writtenAt) + 5 * 60_000);
  dataDir = await mkdtemp(join(tmpdir(), "sanctuary-upgrade-"));
  await cp(join(FIXTURE, "state"), join(dataDir, "state"), { recursive: true });
});

afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe("starting over a data folder of the release before SQLite", () => {
  it("imports it once, keeps the old files aside and reports the counts", async () => {
    server = await startOnFixture();
    expect(server.deps.kv.imported).toMatchObject({
      imported: { reflections: 15, presence: 3, services: 21, "services-index": 1 },
      damaged: [],
      resumed: false,
    });
    const entries = await readdir(dataDir);
    expect(entries).toContain("state.db");
    expect(entries).not.toContain("state");
    expect(entries.filter((e) => e.startsWith("state.imported-"))).toHaveLength(1);
  }, 60_000);

  it("serves the same reflections, services and souls as the release that wrote them", async () => {
    for (const [path, body] of Object.entries(expected.responses)) {
      const res = await server!.get(path);
      expect(res.status, path).toBe(200);
      const then = path.startsWith("/api/services/")
        ? withoutRemovedPieces(body, (p) => {
            const piece = server!.deps.library.piece(p);
            return piece && { title: piece.title, seconds: server!.deps.media.secondsOf(piece) };
          })
        : body;
      expect(comparable(res.body, server!.url), path).toEqual(comparable(then, server!.url));
    }
    expect((await server!.get("/api/now")).body.congregation.souls).toBe(expected.souls);
  });

  it("answers the same after a restart, with nothing imported twice", async () => {
    await server!.close();
    server = await startOnFixture();
    expect(server.deps.kv.imported).toBeNull();
    expect((await server.get("/api/reflections")).body.reflections).toEqual(comparable(expected.responses["/api/reflections"], server.url).reflections);
    expect((await server.get("/api/now")).body.congregation.souls).toBe(expected.souls);
    // One more visit by a name already counted changes nothing; a new name counts once.
    await server.get("/api/attend?name=wren");
    await server.get("/api/attend?name=Heron");
    expect((await server.get("/api/now")).body.congregation.souls).toBe(expected.souls + 1);
  }, 60_000);
});

describe("an old data folder with a file that cannot be read", () => {
  it("imports the rest and says so as a warning, naming the file left there", async () => {
    const dir = await mkdtemp(join(tmpdir(), "sanctuary-upgrade-torn-"));
    await cp(join(FIXTURE, "state"), join(dir, "state"), { recursive: true });
    await mkdir(join(dir, "state", "presence"), { recursive: true });
    await writeFile(join(dir, "state", "presence", "torn"), '{"name": "ash", "a');
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().split("\n").filter(Boolean));
        done();
      },
    });
    const torn = await openTestApp({ BASE_URL: "" }, { clock: () => clock, log: pino({ level: "info" }, sink) }, dir);
    try {
      const said = lines.map((line) => JSON.parse(line)).find((entry) => /old file layout/.test(entry.msg));
      expect(said).toMatchObject({ level: 40, damaged: ["presence:torn"] });
      expect(said.msg).toContain("1 file could not be read and was left there");
    } finally {
      await torn.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
