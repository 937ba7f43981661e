// The rotation under every rule: structure always, novelty with zero relaxations on the real library.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadLibrary, type Piece } from "../../corpus/library.ts";
import { Media } from "../../corpus/media.ts";
import { ServiceCalendar, TIERS } from "../../planner/calendar.ts";
import { TEMPLATES, rotationFor } from "../../planner/rotation.ts";
import { emptyHistory, noveltyViolations, structuralViolations, type PlannedPart } from "../../planner/rules.ts";
import { addDays } from "../../planner/time.ts";
import { openKeyValueStore } from "../../storage/index.ts";

const library = await loadLibrary(new URL("../../corpus/library", import.meta.url).pathname);

describe("structural rules", () => {
  const part = (path: string, kind: PlannedPart["kind"], seconds = 200): PlannedPart => ({ path, kind, seconds });
  it("accept a well-formed service", () => {
    expect(structuralViolations([part("c1", "chant"), part("s1", "song", 300), part("p1", "prayer"), part("s2", "song", 300), part("r1", "ritual")])).toEqual([]);
  });
  it.each([
    ["opening with a reading", [part("p1", "prayer"), part("s1", "song"), part("c1", "chant"), part("s2", "song", 300), part("r1", "ritual")], "opens"],
    ["two songs side by side", [part("c1", "chant"), part("s1", "song", 300), part("s2", "song", 300), part("p1", "prayer"), part("r1", "ritual")], "side by side"],
    ["no closing at the end", [part("c1", "chant"), part("s1", "song", 400), part("r1", "ritual"), part("p1", "prayer", 300)], "ends"],
    ["too short", [part("c1", "chant", 60), part("s1", "song", 150), part("p1", "prayer", 60), part("r1", "ritual", 60)], "15 to 40"],
    ["too long", [part("c1", "chant", 900), part("s1", "song", 900), part("p1", "prayer", 600), part("r1", "ritual", 200)], "15 to 40"],
    ["three songs", [part("s1", "song"), part("c1", "chant"), part("s2", "song"), part("p1", "prayer"), part("s3", "song"), part("r1", "ritual")], "one or two songs"],
    ["a philosophy essay", [part("c1", "chant"), part("s1", "song", 400), part("e1", "philosophy", 300), part("r1", "ritual")], "only songs"],
  ])("refuse %s", (_label, parts, message) => {
    expect(structuralViolations(parts).join(" ")).toContain(message);
  });
  it("every template opens with music, ends with the closing and never pairs songs", () => {
    for (const t of TEMPLATES) {
      expect(["song", "chant"]).toContain(t[0]);
      expect(t.at(-1)).toBe("closing");
      expect(t.some((r, i) => r === "song" && t[i - 1] === "song")).toBe(false);
    }
  });
});

describe("rotation over the real library", () => {
  it("is deterministic for a key and history", () => {
    const input = { key: { date: "2026-11-22", slotIndex: 3, tier: "north" as const }, pieces: library.pieces, secondsOf: (p: Piece) => p.declaredSeconds, history: emptyHistory(), season: "autumn" };
    expect(rotationFor(input)).toEqual(rotationFor(input));
  });

  it("holds every structural and novelty rule over 60 days × 6 slots × 3 tiers with zero relaxations", async () => {
    await fc.assert(
      fc.asyncProperty(fc.date({ min: new Date("2026-01-01T00:00:00Z"), max: new Date("2030-12-31T00:00:00Z"), noInvalidDate: true }), async (start) => {
        const media = new Media("/nonexistent");
        const calendar = new ServiceCalendar(openKeyValueStore({ kind: "memory" }), library, media, ({ tier }) => (tier === "unknown" ? null : "winter"));
        const first = start.toISOString().slice(0, 10);
        for (let d = 0; d < 60; d++) {
          const date = addDays(first, d);
          for (let slotIndex = 0; slotIndex < 6; slotIndex++) {
            for (const tier of TIERS) {
              const key = { date, slotIndex, tier };
              const history = await calendar.historyFor(key);
              const record = await calendar.ensure(key);
              expect(record.relaxed).toEqual([]);
              expect(structuralViolations(record.parts)).toEqual([]);
              expect(noveltyViolations(record.parts, history)).toEqual([]);
            }
          }
        }
      }),
      { numRuns: 3 },
    );
  }, 120_000);
});

describe("rotation over a tiny library", () => {
  it("loosens novelty in the documented order but never the structure", () => {
    const tiny = library.pieces.filter((p) => ["song", "chant", "prayer", "ritual"].includes(p.kind)).filter((p, i, all) => all.filter((q) => q.kind === p.kind).indexOf(p) < 2);
    const history = emptyHistory();
    for (const p of tiny) history.sameDate.add(p.path);
    const result = rotationFor({ key: { date: "2026-11-22", slotIndex: 0, tier: "unknown" }, pieces: tiny, secondsOf: () => 240, history });
    expect(result.relaxed.length).toBeGreaterThan(0);
    expect(result.relaxed.at(-1)).toContain("other slots");
    expect(structuralViolations(result.parts)).toEqual([]);
  });
});
