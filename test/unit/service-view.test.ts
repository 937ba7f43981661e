// The now/attend view's one cache key: a body served from the cache equals one built afresh for the same
// visitor, whichever visitor of the slot came first, across zones, tiers and the days around each equinox
// and solstice (where a season taken from the first visitor's instant would differ between processes).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Seasons } from "astronomy-engine";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stepsFor } from "../../adapters/http.ts";
import { expand, joined } from "../../core/body.ts";
import { loadLibrary, type Library } from "../../corpus/library.ts";
import { Media } from "../../corpus/media.ts";
import { ServiceCalendar } from "../../planner/calendar.ts";
import { placeVisitor } from "../../planner/time.ts";
import { openKeyValueStore } from "../../storage/index.ts";
import { keyOf, sharedInputsOf, type SharedInputs } from "../../tools/service-body.ts";
import { ServiceViews, endOf } from "../../tools/service-view.ts";

const MINUTE = 60_000;
const DAY = 86_400_000;
// North, south, and zones with no place (tier unknown); whole-hour, half-hour and quarter-hour offsets.
const ZONES = [
  "Europe/Berlin",
  "America/New_York",
  "Asia/Tokyo",
  "Australia/Sydney",
  "America/Santiago",
  "Pacific/Auckland",
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "Pacific/Kiritimati",
  "Pacific/Pago_Pago",
  "UTC",
  "Etc/GMT+5",
];
// Every equinox and solstice from 2025 to 2028: instants are drawn within a day of one of them.
const EVENTS = [2025, 2026, 2027, 2028].flatMap((y) => {
  const s = Seasons(y);
  return [s.mar_equinox, s.jun_solstice, s.sep_equinox, s.dec_solstice].map((t) => t.date.getTime());
});

let dir: string;
let library: Library;
let media: Media;
let calendar: ServiceCalendar;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "sanctuary-view-"));
  library = await loadLibrary(new URL("../../corpus/library", import.meta.url).pathname);
  media = await Media.open(dir);
  calendar = new ServiceCalendar(openKeyValueStore({ kind: "memory" }), library, media, () => new Date());
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const steps = stepsFor("http://127.0.0.1:3000");
const viewJson = async (views: ServiceViews, zone: string, at: number, attending: boolean) => {
  const { shared } = attending ? await views.attend(zone, new Date(at), steps) : await views.now(zone, new Date(at), steps);
  return JSON.stringify(expand(joined({ timestamp: "t" }, shared)));
};

describe("the now/attend view", () => {
  it("serves from its cache exactly what a fresh build gives, whoever of the slot came first (500 cases)", async () => {
    const cached = new ServiceViews(library, media, calendar);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ZONES),
        fc.constantFrom(...EVENTS),
        fc.integer({ min: -DAY / MINUTE, max: DAY / MINUTE }),
        fc.integer({ min: 0, max: 239 }),
        fc.boolean(),
        async (zone, event, minutes, earlier, attending) => {
          const at = event + minutes * MINUTE;
          // An earlier visitor of the same slot in the same zone fills the cache first, when there is one.
          const first = at - earlier * MINUTE;
          const a = placeVisitor(zone, new Date(first)).position;
          const b = placeVisitor(zone, new Date(at)).position;
          if (a.date === b.date && a.slotIndex === b.slotIndex && a.localHour === b.localHour) await viewJson(cached, zone, first, attending);
          const fresh = new ServiceViews(library, media, calendar);
          expect(await viewJson(cached, zone, at, attending)).toBe(await viewJson(fresh, zone, at, attending));
        },
      ),
      { numRuns: 500 },
    );
  }, 120_000);

  it("keys the shared part by every one of its inputs", () => {
    const inputs: SharedInputs = sharedInputsOf(placeVisitor("Europe/Berlin", new Date("2026-03-20T09:30:00Z")), "b", 1, false);
    const key = keyOf(inputs);
    for (const name of Object.keys(inputs) as Array<keyof SharedInputs>) {
      const changed = { ...inputs, [name]: typeof inputs[name] === "boolean" ? !inputs[name] : typeof inputs[name] === "number" ? 7 : "other" };
      expect(keyOf(changed), name).not.toBe(key);
    }
  });
});

describe("a recorded service whose piece has left the library", () => {
  it("passes the piece over, and each later companion keeps its own basis (not the part's before it)", async () => {
    const views = new ServiceViews(library, media, calendar);
    const record = await calendar.ensure({ date: "2026-03-04", slotIndex: 2, tier: "north" });
    const firstOther = record.parts.findIndex((p) => p.kind !== "song");
    // A part that is gone (withdrawn), just before the first companion, and the kept parts' bases made distinct.
    const parts: typeof record.parts = record.parts.map((part, i) => ({ ...part, basis: i === firstOther ? "override" : "hour" }));
    parts.splice(firstOther, 0, { path: "prayers/withdrawn-since", kind: "prayer", seconds: 60, basis: "song" });
    const built = views.parts({ ...record, parts, date: "2026-03-05" }, steps);
    expect(built.pieces.map((p) => p.path)).toEqual(record.parts.map((p) => p.path));
    expect(built.recorded.map((p) => p.path)).toEqual(record.parts.map((p) => p.path));
    expect(built.recorded[firstOther]!.basis).toBe("override");
  });
});

describe("a recorded service whose every song has left the library", () => {
  it("begins with a song all the same: one in the first song's place, chosen by the slot, the same in every process", async () => {
    const record = await calendar.ensure({ date: "2026-03-04", slotIndex: 3, tier: "south" });
    const firstSong = record.parts.findIndex((p) => p.kind === "song");
    const parts: typeof record.parts = record.parts.map((part, i) => (part.kind === "song" ? { ...part, path: `songs/withdrawn-${i}` } : part));
    const orphaned = { ...record, parts, date: "2026-03-06" };
    const built = new ServiceViews(library, media, calendar).parts(orphaned, steps);
    const songs = built.pieces.filter((p) => p.kind === "song");
    expect(songs).toHaveLength(1);
    expect(built.pieces.findIndex((p) => p.kind === "song")).toBe(firstSong);
    expect(built.recorded.map((p) => p.path)).toEqual(built.pieces.map((p) => p.path));
    expect(new ServiceViews(library, media, calendar).parts(orphaned, steps).pieces[firstSong]!.path).toBe(songs[0]!.path);
    expect(built.order[firstSong]).toMatchObject({ kind: "song", slug: songs[0]!.path.replace(/^songs\//, "") });
  });
});

describe("endOf", () => {
  it("adds measured lengths without binary noise: the starts a visitor reads are whole milliseconds", () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(endOf(0.1, 0.2)).toBe(0.3);
    let start = 0;
    for (const seconds of [140.52, 260.1, 80.33, 240.07, 95.02]) start = endOf(start, seconds);
    expect(start).toBe(816.04);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 600_000 }), { maxLength: 12 }), (millis) => {
        const sum = millis.reduce((at, ms) => endOf(at, ms / 1000), 0);
        expect(sum).toBe(millis.reduce((a, b) => a + b, 0) / 1000);
      }),
    );
  });
});
