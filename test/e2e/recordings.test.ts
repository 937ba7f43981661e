// Recordings end to end: render two real pieces with espeak-ng and ffmpeg through the CLI's own functions,
// then serve them from /media with ranges, and make sure no path leads out of the media folder.
import { request } from "node:http";
import { mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { loadLibrary, type Piece } from "../../corpus/library.ts";
import { Manifest, ManifestStore } from "../../corpus/media.ts";
import { missingTools, planRecordings, probe, renderMany } from "../../corpus/recordings.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const missing = await missingTools();
const reason = missing.length ? ` (SKIPPED: ${missing.join(", ")} not installed; apt-get install -y espeak-ng ffmpeg)` : "";
if (reason) console.warn(`recordings tests${reason}`);

describe.skipIf(missing.length > 0)(`recordings${reason}`, () => {
  let dataDir: string;
  let mediaDir: string;
  let pieces: Piece[];
  let server: TestServer;
  const shortest = (list: Piece[]) => [...list].sort((a, b) => a.declaredSeconds - b.declaredSeconds)[0];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "sanctuary-recordings-"));
    mediaDir = join(dataDir, "media");
    const library = await loadLibrary(loadConfig({ DATA_DIR: dataDir, SANCTUARY_LIBRARY_DIR: process.env.SANCTUARY_LIBRARY_DIR }).libraryDir);
    pieces = [shortest(library.ofKind("chant")), shortest(library.ofKind("blessing"))];
    const store = await ManifestStore.open(mediaDir);
    const { todo } = await planRecordings(pieces, store);
    const failures: string[] = [];
    await renderMany(todo, store, 2, (p, r) => void (r instanceof Error && failures.push(`${p.piece.path}: ${r.message}`)));
    expect(failures).toEqual([]);
    // Something outside the media folder that traversal attempts aim at.
    await writeFile(join(dataDir, "secret.mp3"), "not for you");
    await symlink(join(dataDir, "secret.mp3"), join(mediaDir, "link.mp3"));
    server = await startTestServer({}, {}, dataDir);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("renders decodable MP3s whose measured lengths are in the manifest", async () => {
    const manifest = Manifest.parse(JSON.parse(await readFile(join(mediaDir, "manifest.json"), "utf8")));
    expect(Object.keys(manifest)).toEqual(expect.arrayContaining(pieces.map((p) => p.path)));
    for (const piece of pieces) {
      const entry = manifest[piece.path];
      expect(entry.file).toBe(`${piece.path}.mp3`);
      const measured = await probe(join(mediaDir, entry.file));
      expect(measured.codec).toBe("mp3");
      expect(measured.seconds).toBeGreaterThan(5);
      expect(entry.seconds).toBeCloseTo(measured.seconds, 1);
      expect(entry.bytes).toBe((await readFile(join(mediaDir, entry.file))).byteLength);
    }
  });

  it("skips pieces already rendered from the same text and settings", async () => {
    const { todo } = await planRecordings(pieces, await ManifestStore.open(mediaDir));
    expect(todo).toEqual([]);
  });

  it("links each piece to its recording and uses the measured length", async () => {
    const manifest = Manifest.parse(JSON.parse(await readFile(join(mediaDir, "manifest.json"), "utf8")));
    for (const piece of pieces) {
      const { status, body } = await server.get(`/api/docs/${piece.path}`);
      expect(status).toBe(200);
      expect(body.recording).toBe(`${server.url}/media/${piece.path}.mp3`);
      expect(body.seconds).toBe(manifest[piece.path].seconds);
    }
  });

  it("lists a recording rendered while the server runs once the manifest is reloaded", async () => {
    const prayer = server.deps.library.ofKind("prayer").sort((a, b) => a.declaredSeconds - b.declaredSeconds)[0];
    expect((await server.get(`/api/docs/${prayer.path}`)).body.recording).toBeNull();
    const store = await ManifestStore.open(mediaDir);
    await renderMany((await planRecordings([prayer], store)).todo, store, 1, (_, r) => expect(r).not.toBeInstanceOf(Error));
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
    const cases: Array<[string, number, number]> = [["bytes=100-1123", 100, 1123], ["bytes=-500", size - 500, size - 1], [`bytes=${size - 10}-`, size - 10, size - 1]];
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
