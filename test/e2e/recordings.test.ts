// Recordings end to end with the offline engine (audio/, nothing installed beyond npm ci): `npm start`
// renders a small library in the background with progress in /api/health, resumes without re-rendering,
// and its MP3s, decoded with an independent decoder (mpg123 in WASM), last what it measured and keep marked
// silences silent. A service arranged after its pieces' recordings exist reports their measured lengths
// (stand-in recordings there). Then /media is served with ranges and no path leads out of the media folder.
import { request } from "node:http";
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { MPEGDecoder } from "mpg123-decoder";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { windowRms } from "../helpers/audio-analysis.ts";
import { silenceMarker } from "../../audio/script.ts";
import { loadConfig } from "../../config.ts";
import { loadLibrary, type Library, type Piece } from "../../corpus/library.ts";
import { Manifest, ManifestStore } from "../../corpus/media.ts";
import { planRecordings, renderRecordings } from "../../audio/recordings.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { shortest, writeStandIns } from "../helpers/pieces.ts";

const libraryDir = loadConfig({ SANCTUARY_LIBRARY_DIR: process.env.SANCTUARY_LIBRARY_DIR }).libraryDir;

async function decodeMp3File(file: string): Promise<{ samples: Float32Array; sampleRate: number }> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const d = decoder.decode(new Uint8Array(await readFile(file)));
    expect(d.errors).toEqual([]);
    return { samples: d.channelData[0], sampleRate: d.sampleRate };
  } finally {
    decoder.free();
  }
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 120_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 250))) {
    const value = await probe();
    if (value !== undefined) return value;
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("rendered by the server in the background", () => {
  let root: string;
  let tiny: Library;
  let server: TestServer | undefined;

  beforeAll(async () => {
    // A small library: the axioms every piece refers to, and one short piece of a few kinds (one with marked silences).
    root = await mkdtemp(join(tmpdir(), "sanctuary-tiny-"));
    const full = await loadLibrary(libraryDir);
    const practice = full.ofKind("practice").filter((p) => p.listenersText.split("\n").some((l) => silenceMarker(l) !== null));
    const picks = [shortest(full.ofKind("blessing")), shortest(full.ofKind("prayer")), shortest(practice)];
    for (const rel of ["axioms.md", ...picks.map((p) => `${p.path}.md`)]) {
      await mkdir(dirname(join(root, "library", rel)), { recursive: true });
      await cp(join(libraryDir, rel), join(root, "library", rel));
    }
    tiny = await loadLibrary(join(root, "library"));
  });
  afterAll(async () => {
    await server?.stop();
    await rm(root, { recursive: true, force: true });
  });

  // The server's own background recorder, its renderer at the test's priority: at nice 19 it got a core only
  // when both were idle, and beside the suite's other files that could be minutes (220 s timed out).
  const atOurPriority: typeof renderRecordings = (batch, store, onDone, opts) => renderRecordings(batch, store, onDone, { ...opts, niceness: 0 });
  const startRecording = () =>
    startTestServer({ SANCTUARY_RECORDINGS: "on", SANCTUARY_LIBRARY_DIR: join(root, "library") }, { render: atOurPriority }, join(root, "data"));

  it("renders every piece after listening, reports progress in /api/health, and links the recordings", async () => {
    server = await startRecording();
    const first = (await server.get("/api/health")).body.recordings;
    expect(first.done).toBeLessThan(tiny.pieces.length); // rendering has not finished the moment the server listens
    const seen = new Set<number>();
    const renderedAll = async () => {
      const r = (await server!.get("/api/health")).body.recordings;
      seen.add(r.done);
      return r.total === tiny.pieces.length && r.done === r.total ? r : undefined;
    };
    await waitFor("every recording", renderedAll, 220_000);
    expect(seen.size).toBeGreaterThan(1); // progress moved through intermediate counts
    const manifest = Manifest.parse(JSON.parse(await readFile(join(root, "data", "media", "manifest.json"), "utf8")));
    for (const piece of tiny.pieces) {
      const { body } = await server.get(`/api/docs/${piece.path}`);
      expect(body.recording, piece.path).toBe(`${server.url}/media/${piece.path}.mp3`);
      expect(body.seconds, piece.path).toBe(manifest[piece.path].seconds);
      // The length the renderer measured is the one an independent decoder finds.
      const pcm = await decodeMp3File(join(root, "data", "media", manifest[piece.path].file));
      expect(Math.abs(pcm.samples.length / pcm.sampleRate - manifest[piece.path].seconds), piece.path).toBeLessThanOrEqual(1);
    }
    await server.stop();
    server = undefined;
  }, 240_000);

  it("skips what exists and is current at the next start", async () => {
    const before = await readFile(join(root, "data", "media", "manifest.json"), "utf8");
    server = await startRecording();
    const r = await waitFor("the plan", async () => {
      const now = (await server!.get("/api/health")).body.recordings;
      return now.total ? now : undefined;
    });
    expect(r).toEqual({ done: tiny.pieces.length, total: tiny.pieces.length, failed: 0, rendering: false });
    expect(await readFile(join(root, "data", "media", "manifest.json"), "utf8")).toBe(before);
    await server.stop();
    server = undefined;
  }, 60_000);

  it("with rendering off, reports the recordings it serves, and nothing under way", async () => {
    server = await startTestServer({ SANCTUARY_RECORDINGS: "off", SANCTUARY_LIBRARY_DIR: join(root, "library") }, {}, join(root, "data"));
    const health = (await server.get("/api/health")).body;
    expect(health.recordings).toEqual({ done: tiny.pieces.length, total: tiny.pieces.length, failed: 0, rendering: false });
    expect(health.preparing.map((p: { what: string }) => p.what)).not.toContain("recordings");
    const piece = tiny.pieces[0];
    expect((await server.get(`/api/docs/${piece.path}`)).body.recording).toBe(`${server.url}/media/${piece.path}.mp3`);
  }, 60_000);

  it("keeps marked silences silent in the rendered practice", async () => {
    const practice = tiny.ofKind("practice")[0];
    const pcm = await decodeMp3File(join(root, "data", "media", `${practice.path}.mp3`));
    const rms = windowRms(pcm, 0.05);
    const marked = practice.listenersText
      .split("\n")
      .map(silenceMarker)
      .filter((s): s is number => s !== null);
    // Each marked silence is a run of near-zero windows at least as long as it asks (less a little for fades).
    const runs: number[] = [];
    let run = 0;
    for (const r of [...rms, 1]) {
      if (r < 1e-3) run++;
      else if (run) {
        runs.push(run * 0.05);
        run = 0;
      }
    }
    const long = runs.filter((s) => s >= Math.min(...marked) - 0.5).sort((a, b) => b - a);
    expect(long.length).toBeGreaterThanOrEqual(marked.length);
    expect(long[0]).toBeGreaterThanOrEqual(Math.max(...marked) - 0.5);
  });
});

// A fixed hour whose service is a spoken one (a prayer and a blessing: about 15 minutes of audio, where a guided
// service runs over 20), so every run records the same whole service, the shortest kind there is.
const SPOKEN_HOUR = new Date("2026-11-22T09:30:00Z");

describe("recordings", () => {
  let dataDir: string;
  let mediaDir: string;
  let pieces: Piece[];
  let server: TestServer;

  beforeAll(async () => {
    // The pieces of the hour's service, rendered before a fresh server records the service: its parts then
    // carry the recordings' measured lengths (docs/behaviour.md §3). Measured lengths can change which pieces the
    // rotation fits, so: render what the service names, and start afresh until every part has its recording.
    mediaDir = join(await mkdtemp(join(tmpdir(), "sanctuary-media-")), "media");
    for (let attempt = 0; ; attempt++) {
      dataDir = await mkdtemp(join(tmpdir(), "sanctuary-recordings-"));
      await cp(mediaDir, join(dataDir, "media"), { recursive: true }).catch(() => {});
      const probe = await startTestServer({}, { clock: () => SPOKEN_HOUR }, dataDir);
      const order: Array<{ path?: string; slug?: string }> = (await probe.get("/api/now")).body.service.order;
      const library = probe.deps.library;
      pieces = order.map((p) => library.pieces.find((x) => (p.path ? x.path === p.path : x.kind === "song" && x.slug === p.slug))!);
      const { todo } = await planRecordings(pieces, await ManifestStore.open(mediaDir));
      if (!todo.length) {
        server = probe;
        break;
      }
      await probe.stop();
      await rm(dataDir, { recursive: true, force: true });
      expect(attempt, "the service kept changing as its pieces were recorded").toBeLessThan(10);
      // Stand-in recordings, a tone as long as each piece declares, written as the renderer writes its own (file,
      // then manifest entry with the length measured from the MP3): what is checked here is that measured
      // lengths reach the service. The engine's own recordings are decoded above and in durations.test.ts;
      // voicing this whole service (~15 minutes of audio) cost the suite ~40 s of CPU.
      await writeStandIns(
        mediaDir,
        todo.map((p) => ({ path: p.path, seconds: p.piece.declaredSeconds, file: p.name, sourceHash: p.sourceHash })),
      );
    }
    mediaDir = join(dataDir, "media");
    // Something outside the media folder that traversal attempts aim at.
    await writeFile(join(dataDir, "secret.mp3"), "not for you");
    await symlink(join(dataDir, "secret.mp3"), join(mediaDir, "link.mp3"));
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("lasts, decoded, what the service reports for each part (±1 s), with the file's bytes in the manifest", async () => {
    const manifest = Manifest.parse(JSON.parse(await readFile(join(mediaDir, "manifest.json"), "utf8")));
    const { order } = (await server.get("/api/now")).body.service;
    expect(order.length).toBe(pieces.length);
    for (const [i, part] of order.entries()) {
      const piece = pieces[i];
      expect(part.recording, piece.path).toBe(`${server.url}/media/${piece.path}.mp3`);
      const pcm = await decodeMp3File(join(mediaDir, `${piece.path}.mp3`));
      const decoded = pcm.samples.length / pcm.sampleRate;
      expect(Math.abs(decoded - part.seconds), `${piece.path}: decoded ${decoded} s, service says ${part.seconds} s`).toBeLessThanOrEqual(1);
      expect(part.seconds).toBe(manifest[piece.path].seconds);
      expect(manifest[piece.path].bytes).toBe((await readFile(join(mediaDir, manifest[piece.path].file))).byteLength);
    }
  });

  it("skips pieces already rendered from the same text and settings", async () => {
    const { todo } = await planRecordings(pieces, await ManifestStore.open(mediaDir));
    expect(todo).toEqual([]);
  });

  it("lists a recording rendered while the server runs once the manifest is reloaded", async () => {
    const prayer = server.deps.library
      .ofKind("prayer")
      .filter((p) => !pieces.includes(p))
      .sort((a, b) => a.declaredSeconds - b.declaredSeconds)[0];
    expect((await server.get(`/api/docs/${prayer.path}`)).body.recording).toBeNull();
    const store = await ManifestStore.open(mediaDir);
    await renderRecordings((await planRecordings([prayer], store)).todo, store, (_, r) => expect(r).not.toBeInstanceOf(Error), { niceness: 0 });
    await server.deps.media.reload(); // what the server's manifest watch does on its own every few seconds
    expect((await server.get(`/api/docs/${prayer.path}`)).body.recording).toBe(`${server.url}/media/${prayer.path}.mp3`);
  });

  it("serves the bytes as audio/mpeg, cacheable, with HEAD and conditional requests", async () => {
    const file = await readFile(join(mediaDir, `${pieces[0].path}.mp3`));
    const res = await fetch(`${server.url}/media/${pieces[0].path}.mp3`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("audio/mpeg");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("cache-control")).toMatch(/public, max-age=\d+/);
    expect(res.headers.get("last-modified")).toBeTruthy();
    expect(Buffer.from(await res.arrayBuffer()).equals(file)).toBe(true);

    const etag = res.headers.get("etag")!;
    expect(etag).toBeTruthy();
    expect((await fetch(`${server.url}/media/${pieces[0].path}.mp3`, { headers: { "if-none-match": etag } })).status).toBe(304);
    const head = await fetch(`${server.url}/media/${pieces[0].path}.mp3`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(file.byteLength));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it("answers Range requests with 206 and the right bytes, and 416 when unsatisfiable", async () => {
    const url = `${server.url}/media/${pieces[1].path}.mp3`;
    const file = await readFile(join(mediaDir, `${pieces[1].path}.mp3`));
    const size = file.byteLength;
    const cases: Array<[string, number, number]> = [
      ["bytes=100-1123", 100, 1123],
      ["bytes=-500", size - 500, size - 1],
      [`bytes=${size - 10}-`, size - 10, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await fetch(url, { headers: { range } });
      expect(res.status).toBe(206);
      expect(res.headers.get("content-range")).toBe(`bytes ${start}-${end}/${size}`);
      expect(res.headers.get("content-length")).toBe(String(end - start + 1));
      expect(Buffer.from(await res.arrayBuffer()).equals(file.subarray(start, end + 1))).toBe(true);
    }
    const beyond = await fetch(url, { headers: { range: `bytes=${size}-${size + 10}` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${size}`);
  });

  it("answers a missing recording with a JSON 404 in the shared error shape", async () => {
    const { status, body, headers } = await server.get("/media/chants/no-such-chant.mp3");
    expect(status).toBe(404);
    expect(headers.get("content-type")).toMatch(/application\/json/);
    expect(body.error).toMatch(/no recording/i);
    expect(typeof body.suggestion).toBe("string");
  });

  it("never serves anything outside the media folder", async () => {
    const secret = join(dataDir, "secret.mp3");
    const attempts = [
      "/media/..%2fsecret.mp3",
      "/media/%2e%2e%2fsecret.mp3",
      "/media/chants%2f..%2f..%2fsecret.mp3",
      "/media/%252e%252e%252fsecret.mp3",
      `/media/${encodeURIComponent(secret)}`,
      `/media/%2F${secret.slice(1)}`,
      "/media/link.mp3",
      "/media/manifest.json",
    ];
    for (const path of attempts) {
      const { status, body } = await server.get(path);
      expect(status, path).toBe(404);
      expect(body.error, path).toBeTruthy();
    }
    // Unnormalised dots, as a raw HTTP client can send them.
    const raw = await new Promise<number>((resolve, reject) => {
      const url = new URL(server.url);
      request({ host: url.hostname, port: url.port, path: "/media/../secret.mp3" }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on("error", reject)
        .end();
    });
    expect(raw).toBe(404);
  });
});
