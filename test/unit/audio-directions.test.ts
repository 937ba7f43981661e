// Recordings never speak a direction: a real ritual with directions is rendered the way `npm run recordings`
// renders it, decoded again with mpg123, and compared with a render of the same text whose direction lines are
// gone (a timed direction left as the silence it holds). Were a direction's words voiced, the recording would
// run seconds longer and carry speech where the direction stands.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MPEGDecoder } from "mpg123-decoder";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { windowRms } from "../../audio/analysis.ts";
import { seconds, type Pcm } from "../../audio/pcm.ts";
import { fromLibrary, renderPieceToFile } from "../../audio/piece.ts";
import { renderSpeech } from "../../audio/speech.ts";
import { loadLibrary } from "../../corpus/library.ts";
import { markOf } from "../../corpus/silence.ts";

const root = new URL("../../corpus/library", import.meta.url).pathname;
const PATH = "rituals/the-stone-that-goes-around-the-circle";

let decoder: MPEGDecoder;
let dir: string;
beforeAll(async () => {
  decoder = new MPEGDecoder();
  await decoder.ready;
  dir = await mkdtemp(join(tmpdir(), "audio-directions-"));
});
afterAll(async () => {
  decoder.free();
  await rm(dir, { recursive: true, force: true });
});

/** Runs of 50 ms windows under `threshold` RMS lasting at least `min` seconds: [start, end] in seconds. */
function quietRuns(pcm: Pcm, min: number, threshold = 1e-3): [number, number][] {
  const w = windowRms(pcm, 0.05);
  const runs: [number, number][] = [];
  let start = -1;
  w.forEach((r, i) => {
    if (r < threshold && start < 0) start = i;
    if ((r >= threshold || i === w.length - 1) && start >= 0) {
      const end = r >= threshold ? i : i + 1;
      if ((end - start) * 0.05 >= min) runs.push([start * 0.05, end * 0.05]);
      start = -1;
    }
  });
  return runs;
}

describe("a ritual's directions in its recording", async () => {
  const library = await loadLibrary(root);
  const ritual = library.document(PATH)!;
  const marks = ritual.listenersText.split("\n").flatMap((line) => markOf(line) ?? []);
  const timed = marks.filter((m) => m.kind === "direction" && m.seconds > 0);

  it("are marked in the ritual: some hold time, some take none", () => {
    expect(timed.length).toBeGreaterThanOrEqual(2);
    expect(marks.some((m) => m.kind === "direction" && m.seconds === 0)).toBe(true);
  });

  it("are never voiced: the decoded MP3 is the render without them, silent where each one holds its time", async () => {
    const file = join(dir, `${PATH}.mp3`);
    await renderPieceToFile(fromLibrary(ritual), file);
    await decoder.reset();
    const d = decoder.decode(await readFile(file));
    expect(d.errors).toEqual([]);
    const heard: Pcm = { samples: d.channelData[0], sampleRate: d.sampleRate };

    // The same text with every direction line taken out; a timed one leaves its silence behind.
    const without = ritual.listenersText
      .split("\n")
      .flatMap((line) => {
        const m = markOf(line);
        if (m?.kind !== "direction") return [line];
        return m.seconds > 0 ? [`[silence: ${m.seconds} seconds]`] : [];
      })
      .join("\n");
    const bare = renderSpeech(without);
    // The shortest direction here has ten or so words: voiced, it would add three seconds or more.
    expect(Math.abs(seconds(heard) - seconds(bare))).toBeLessThan(0.2);

    // Each timed direction is a stretch of digital silence of its length, in the order the text gives them.
    const runs = quietRuns(heard, Math.min(...timed.map((m) => m.seconds)) - 0.2);
    expect(runs.map(([a, b]) => Math.round(b - a))).toEqual(timed.map((m) => m.seconds));
    for (const [a, b] of runs) for (const r of windowRms(heard, 0.5, a + 0.1, b - 0.1)) expect(r).toBeLessThan(1e-4);
    // …while the spoken parts between them are at speech level.
    const between = windowRms(heard, 0.5, runs[0][1], runs[1][0]);
    expect(Math.max(...between)).toBeGreaterThan(0.05);
    // The loudness over time follows the bare render, window by window (MP3 coding aside).
    const a = windowRms(heard, 1);
    const b = windowRms(bare, 1);
    const differing = a.filter((r, i) => Math.abs(r - (b[i] ?? 0)) > 0.02).length;
    expect(differing / a.length).toBeLessThan(0.05);
  }, 180_000); // two readings of a four-minute ritual through flite: 25 s alone, longer on a shared machine
});
