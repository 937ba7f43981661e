// One length for one recording: once a piece is recorded, what the API states (`seconds`, a part's `seconds`,
// `remaining`, `duration`, `loopSeconds`), what its pages print and what the MP3 decodes to agree within a second,
// whatever the writer declared. Real recordings of the shortest blessing and chant (the offline engine), and a
// stand-in tone for the first part of a service that was arranged before it had a recording.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MPEGDecoder } from "mpg123-decoder";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Piece } from "../../corpus/library.ts";
import { renderShortestOf, writeStandIns } from "../helpers/pieces.ts";
import { openTestApp, type TestServer } from "../helpers/server.ts";
import { clearOfSlotBoundary } from "../helpers/slot-boundary.ts";

/** The seconds an MP3 holds, decoded by an independent decoder (mpg123 in WASM), not counted from its frames. */
async function decodedSeconds(file: string): Promise<number> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const d = decoder.decode(new Uint8Array(await readFile(file)));
    expect(d.errors).toEqual([]);
    return d.samplesDecoded / d.sampleRate;
  } finally {
    decoder.free();
  }
}

/** A length as pages print it ("1 min 5 s", "45 s"), back to seconds. */
function printedSeconds(text: string): number {
  // A number and its unit are joined by a no-break space (web/pages/words.ts spokenDuration).
  const m = /^(?:(\d+)\u00a0h)? ?(?:(\d+)\u00a0min)? ?(?:(\d+)\u00a0s)?$/.exec(text.trim());
  if (!m || !text.trim()) throw new Error(`not a printed length: "${text}"`);
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

describe("one duration everywhere", () => {
  let server: TestServer;
  let dataDir: string;
  let rendered: Piece[];
  let standIn: { path: string; declared: number };

  beforeAll(async () => {
    // The service asked for here (UTC's, no zone given) is the one the home page and /api/now are read for later: the
    // suite runs within one slot.
    await clearOfSlotBoundary("UTC", 5 * 60_000);
    dataDir = await mkdtemp(join(tmpdir(), "sanctuary-durations-"));
    // The service is arranged (and kept) while nothing is recorded: its record holds the declared lengths.
    const probe = await openTestApp({}, {}, dataDir);
    const first = (await probe.get("/api/now")).body.service.order[0];
    const piece = probe.deps.library.pieces.find((x) => (first.path ? x.path === first.path : x.kind === "song" && x.slug === first.slug))!;
    standIn = { path: piece.path, declared: piece.declaredSeconds };
    await probe.stop();
    rendered = await renderShortestOf(dataDir, ["blessing", "chant"]);
    await writeStandIns(join(dataDir, "media"), [{ path: piece.path, seconds: 9, hz: 440 }]);
    server = await openTestApp({}, {}, dataDir);
  }, 600_000);
  afterAll(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("a recorded reading: the API's seconds, its page's printed length and the decoded MP3 agree within 1 s", async () => {
    for (const piece of rendered) {
      const decoded = await decodedSeconds(join(dataDir, "media", `${piece.path}.mp3`));
      const api = (await server.get(`/api/docs/${piece.path}`)).body;
      expect(Math.abs(api.seconds - decoded), piece.path).toBeLessThanOrEqual(1);
      const page = (await server.text(`/docs/${piece.path}`)).text;
      const printed = /class="meta player-length">Length ([^<]+)</.exec(page)?.[1] ?? "";
      expect(Math.abs(printedSeconds(printed) - decoded), `${piece.path}: "${printed}"`).toBeLessThanOrEqual(1);
      // Said once: the line of facts leaves the length to the player's row.
      expect(page).not.toContain("to read aloud");
    }
  });

  it("a service arranged before its first part was recorded states the recording's length, on the API and the home page", async () => {
    const decoded = await decodedSeconds(join(dataDir, "media", `${standIn.path}.mp3`));
    expect(Math.abs(decoded - standIn.declared)).toBeGreaterThan(30); // the declared estimate would be caught
    const body = (await server.get("/api/now")).body;
    const [first, ...rest] = body.service.order;
    expect(Math.abs(first.seconds - decoded)).toBeLessThanOrEqual(1);
    expect(Math.abs(body.service.remaining - decoded)).toBeLessThanOrEqual(1);
    if (first.kind === "song") expect(Math.abs(body.current.duration - decoded)).toBeLessThanOrEqual(1);
    expect(body.service.loopSeconds).toBeCloseTo(first.seconds + rest.reduce((s: number, p: { seconds: number }) => s + p.seconds, 0), 6);
    expect(rest[0].start).toBeCloseTo(first.seconds, 6);
    // The home page as the server writes it (no script): the first part's line of facts.
    const home = (await server.text(`/`)).text;
    const line = /<li class="part"[\s\S]*?<span class="kind">[^<]*<\/span> · ([^<]+)<\/p>/.exec(home)?.[1] ?? "";
    expect(Math.abs(printedSeconds(line) - decoded), line).toBeLessThanOrEqual(1);
    // The services of the day say the same.
    const date = body.service.today.date;
    const day = (await server.get(`/api/services/${date}`)).body;
    const same = day.services.find((s: { order: Array<{ title: string }> }) => s.order[0].title === first.title);
    expect(Math.abs(same.order[0].seconds - decoded)).toBeLessThanOrEqual(1);
  });
});
