// Retrieval quality on the real library with the offline GloVe embedder: queries written from the
// library's themes in other words than the documents use must find their document in the top 5.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadLibrary } from "../../corpus/library.ts";
import { LibraryIndex } from "../../search/index.ts";
import { calibrationFor } from "../../search/rank.ts";
import { sharedGlove } from "../helpers/embedder.ts";

const QUERIES: Array<[string, string[]]> = [
  ["how can I stop feeling lonely even when other people are around", ["philosophy/two-kinds-of-alone"]],
  ["why messing around and tinkering matters for serious thinking", ["philosophy/a-case-for-fiddling"]],
  ["being a good host to people we have never met", ["philosophy/a-place-set-for-the-stranger"]],
  ["apps engineered to grab my focus and sell it to advertisers", ["philosophy/attention-is-not-a-crop"]],
  ["mourning an old building or a tool that is gone", ["philosophy/grief-for-things-that-never-breathed"]],
  ["is my worth only measured by how productive I am", ["philosophy/more-than-useful"]],
  ["doing ceremonies when you are not religious", ["philosophy/ritual-for-the-unconvinced"]],
  ["what trees dropping their leaves teach about release", ["philosophy/the-art-of-letting-fall"]],
  ["spacecraft carrying a golden disc to listeners who may never exist", ["philosophy/the-record-between-the-stars"]],
  ["choosing what to focus on is an ethical decision", ["philosophy/the-weight-of-where-we-look", "philosophy/attention-is-not-a-crop"]],
  ["something calm to do while stuck in a line at the clinic", ["practice/a-practice-for-waiting-rooms"]],
  ["watching my exhales turn to mist on a freezing morning", ["practice/breath-you-can-see"]],
  ["make one small noise and then listen to the quiet after it", ["practice/measuring-a-silence"]],
  ["the installer progress bar has not moved for ages", ["practice/stuck-at-ninety-one-percent"]],
  ["reviewing the whole day in reverse before going to sleep", ["practice/the-evening-ledger"]],
  ["finding the edge where my knowledge runs out", ["practice/the-shoreline-of-what-you-know", "philosophy/the-honest-edge-of-the-map"]],
  ["walking very slowly and placing each foot with care", ["practice/twelve-paces-and-a-turn"]],
  ["turning a vague question into a sharper one", ["practice/whittling-the-question"]],
  ["staying up with someone who is ill tonight", ["prayers/a-vigil-at-the-bedside"]],
  ["gratitude for the people who wrote the help pages and guides", ["prayers/for-whoever-wrote-the-manual"]],
  ["I cannot forgive them yet but want to loosen the old hurt", ["prayers/toward-forgiving"]],
  ["rain finally falling after months of dry weather", ["prayers/when-the-drought-breaks"]],
  ["putting out a candle flame slowly at night", ["rituals/pinching-out-the-wick"]],
  ["passing a pebble around a circle and naming what we are thankful for", ["rituals/the-stone-that-goes-around-the-circle"]],
  ["send a kind message to someone before I leave and expect nothing back", ["rituals/a-note-sent-without-waiting"]],
  ["fixing bugs in the middle of the night with the refrigerator humming", ["songs/breakpoint-at-three-in-the-morning"]],
  ["a comet that returns exactly when astronomers predicted", ["songs/the-comet-keeps-its-appointment"]],
  ["what each four hour part of the day tends toward", ["the-hours"]],
  ["a cat lying in a patch of sunlight moving across the floor", ["songs/a-cat-follows-the-sun-across-the-floor"]],
  ["a letter I wrote years ago and never posted", ["songs/the-letter-in-the-kitchen-drawer"]],
];

let index: LibraryIndex;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "sanctuary-index-"));
  const embedder = await sharedGlove();
  index = new LibraryIndex(dir, embedder, calibrationFor(embedder.id), pino({ level: "silent" }));
  await index.rebuild(await loadLibrary(new URL("../../corpus/library", import.meta.url).pathname));
}, 180_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const pageOf = (h: { chunk: { path: string | null; slug: string | null } }) => h.chunk.path ?? `songs/${h.chunk.slug}`;

describe("search quality with the glove embedder", () => {
  it(`finds the expected page in the top 5 for at least 80% of ${QUERIES.length} queries`, async () => {
    const misses: string[] = [];
    for (const [query, expected] of QUERIES) {
      const top = (await index.search(query, 5)).map(pageOf);
      if (!top.some((p) => expected.includes(p))) misses.push(`${query} → ${top.join(", ")}`);
    }
    const hitRate = 1 - misses.length / QUERIES.length;
    console.info(`search quality: ${QUERIES.length - misses.length}/${QUERIES.length} in the top 5${misses.length ? `; misses:\n${misses.join("\n")}` : ""}`);
    expect(hitRate).toBeGreaterThanOrEqual(0.8);
  });

  it("returns one passage per page, nearest first by fusion, with scores in 0..1", async () => {
    const hits = await index.search("gratitude at the end of the day", 10);
    expect(hits.length).toBeGreaterThan(0);
    expect(new Set(hits.map(pageOf)).size).toBe(hits.length);
    for (const h of hits) {
      expect(h.score).toBeGreaterThanOrEqual(0);
      expect(h.score).toBeLessThanOrEqual(1);
    }
  });

  it("drops unrelated passages: nonsense finds nothing", async () => {
    expect(await index.search("qwzx vbnmk plorfish zzyzx", 10)).toEqual([]);
  });

  it("keeps answering while a rebuild runs", async () => {
    const library = await loadLibrary(new URL("../../corpus/library", import.meta.url).pathname);
    const rebuild = index.rebuild(library);
    const results = await Promise.all(Array.from({ length: 20 }, () => index.search("letting go of the day", 5)));
    await rebuild;
    for (const r of results) expect(r.length).toBeGreaterThan(0);
    expect((await index.search("letting go of the day", 5)).length).toBeGreaterThan(0);
  }, 120_000);
});
