// Recordings are made in the order visitors will hear them: the services playing now first (the visitor
// without a timezone leading), then those that begin next, then the rest; the home page plays from the first
// recorded part and says when the others should land. A fast fake stands in for the audio engine.
import { mkdir, writeFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { inListeningOrder, type renderRecordings } from "../../audio/recordings.ts";
import { loadConfig } from "../../config.ts";
import { loadLibrary } from "../../corpus/library.ts";
import { ServiceCalendar } from "../../planner/calendar.ts";
import { listeningOrder, servicesNext, servicesNow } from "../../planner/listening-order.ts";
import { slotOf } from "../../planner/time.ts";
import { openKeyValueStore } from "../../storage/index.ts";
import { Media } from "../../corpus/media.ts";
import { startTestServer } from "../helpers/server.ts";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const NOW = new Date("2027-03-14T10:20:00Z");
const libraryDir = loadConfig({ SANCTUARY_LIBRARY_DIR: process.env.SANCTUARY_LIBRARY_DIR }).libraryDir;

/** A renderer that writes a few bytes per piece at once, noting the order; after `after` pieces it waits for the stop. */
function fakeRenderer(rendered: string[], after = Infinity): typeof renderRecordings {
  return async (batch, store, onDone, opts = {}) => {
    for (const job of batch) {
      if (rendered.length >= after) await new Promise((resolve) => opts.signal?.addEventListener("abort", resolve, { once: true }));
      if (opts.signal?.aborted) return;
      await mkdir(dirname(job.file), { recursive: true });
      await writeFile(job.file, Buffer.from([0xff, 0xfb, 0x90, 0x00]));
      const entry = { file: job.name, seconds: job.piece.declaredSeconds, bytes: 4, sourceHash: job.sourceHash };
      await store.set(job.path, entry);
      await onDone(job, entry);
      // Noted once it is in the manifest, so a test that waits for it reads a finished recording.
      rendered.push(job.path);
    }
  };
}

describe("the order of recording", () => {
  it("puts the no-timezone visitor's service first, then every service playing now, then those beginning next", async () => {
    const now = await servicesNow(NOW);
    const utc = slotOf(NOW, "UTC");
    expect(now[0]).toEqual({ date: utc.date, slotIndex: utc.slotIndex, tier: "unknown" });
    // Lisbon (north) is playing now somewhere in that list, and every tier appears.
    const lisbon = slotOf(NOW, "Europe/Lisbon");
    expect(now).toContainEqual({ date: lisbon.date, slotIndex: lisbon.slotIndex, tier: "north" });
    expect(new Set(now.map((k) => k.tier))).toEqual(new Set(["north", "south", "unknown"]));
    const next = servicesNext(NOW);
    expect(next.length).toBe(18); // six slot beginnings in a day, three tiers each
    for (const key of next) expect(now).not.toContainEqual(key);
  });

  it("orders the library so: the current services' parts, then the next ones', then the rest, each piece once", async () => {
    const library = await loadLibrary(libraryDir);
    const kv = openKeyValueStore({ kind: "memory" });
    const dir = await mkdtemp(join(tmpdir(), "sanctuary-order-"));
    try {
      const calendar = new ServiceCalendar(kv, library, await Media.open(dir), () => NOW);
      const paths = library.pieces.map((p) => p.path);
      const order = await listeningOrder(calendar, NOW, paths);
      expect(new Set(order).size).toBe(order.length);
      expect([...order].sort()).toEqual([...paths].sort());
      const first = (await calendar.ensure((await servicesNow(NOW))[0])).parts.map((p) => p.path);
      expect(order.slice(0, first.length)).toEqual([...new Set(first)]);
      const playing = new Set<string>();
      for (const key of await servicesNow(NOW)) for (const p of (await calendar.ensure(key)).parts) playing.add(p.path);
      const lastPlaying = Math.max(...[...playing].map((p) => order.indexOf(p)));
      expect(lastPlaying).toBe(playing.size - 1);
      // Whatever follows the services playing now and next is in library order.
      const rest = order.slice(order.length - 50);
      expect(rest).toEqual(paths.filter((p) => rest.includes(p)));
      // The pure reordering keeps unlisted items in their places after the listed ones.
      expect(inListeningOrder([{ path: "a" }, { path: "b" }, { path: "c" }], ["c"]).map((x) => x.path)).toEqual(["c", "a", "b"]);
    } finally {
      await kv.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("the home page plays from the first recorded part and says when the others should land", { timeout: 90_000 }, async () => {
    const rendered: string[] = [];
    const server = await startTestServer({ SANCTUARY_RECORDINGS: "on", SANCTUARY_RENDERERS: "1" }, { render: fakeRenderer(rendered, 1), clock: () => NOW });
    try {
      for (let i = 0; i < 600 && rendered.length < 1; i++) await new Promise((r) => setTimeout(r, 100));
      await server.deps.media.reload();
      const page = (await server.get("/")).body as string;
      const first = (await server.get("/api/now")).body.service.order[0];
      expect(rendered[0]).toBe(first.path ?? `songs/${first.slug}`);
      const parts = page.split('<li class="part"').slice(1);
      expect(parts[0]).toContain("<audio");
      expect(parts.slice(1).some((p) => /Being recorded now, ready (within a minute|in about \d+ minutes?)/.test(p))).toBe(true);
      expect(page).toContain("data-recording-eta=");
    } finally {
      await server.stop();
    }
  });
});
