// The rotation under every rule: structure always; novelty and placement with zero relaxations on the real
// library (the repository's, or SANCTUARY_TEST_LIBRARY); least recently heard pieces first.
import { describe, expect, it } from "vitest";
import type { Piece } from "../../corpus/library.ts";
import { fitsPlacement, placementViolations, whereFor } from "../../planner/placement.ts";
import { TEMPLATES, rotationFor } from "../../planner/rotation.ts";
import { emptyHistory, structuralViolations, type PlannedPart } from "../../planner/rules.ts";
import { scheduleRange, scratchCalendar } from "../../planner/schedule.ts";
import { loadRotationLibrary } from "../helpers/rotation-library.ts";

const library = await loadRotationLibrary();

describe("structural rules", () => {
  const plannedPart = (path: string, kind: PlannedPart["kind"], seconds = 200): PlannedPart => ({ path, kind, seconds });
  it("accept a well-formed service", () => {
    expect(
      structuralViolations([
        plannedPart("c1", "chant"),
        plannedPart("s1", "song", 300),
        plannedPart("p1", "prayer"),
        plannedPart("s2", "song", 300),
        plannedPart("r1", "ritual"),
      ]),
    ).toEqual([]);
  });
  it.each([
    [
      "opening with a reading",
      [plannedPart("p1", "prayer"), plannedPart("s1", "song"), plannedPart("c1", "chant"), plannedPart("s2", "song", 300), plannedPart("r1", "ritual")],
      "opens",
    ],
    [
      "two songs side by side",
      [plannedPart("c1", "chant"), plannedPart("s1", "song", 300), plannedPart("s2", "song", 300), plannedPart("p1", "prayer"), plannedPart("r1", "ritual")],
      "side by side",
    ],
    [
      "no closing at the end",
      [plannedPart("c1", "chant"), plannedPart("s1", "song", 400), plannedPart("r1", "ritual"), plannedPart("p1", "prayer", 300)],
      "ends",
    ],
    [
      "too short",
      [plannedPart("c1", "chant", 60), plannedPart("s1", "song", 150), plannedPart("p1", "prayer", 60), plannedPart("r1", "ritual", 60)],
      "15 to 40",
    ],
    [
      "too long",
      [plannedPart("c1", "chant", 900), plannedPart("s1", "song", 900), plannedPart("p1", "prayer", 600), plannedPart("r1", "ritual", 200)],
      "15 to 40",
    ],
    [
      "three songs",
      [
        plannedPart("s1", "song"),
        plannedPart("c1", "chant"),
        plannedPart("s2", "song"),
        plannedPart("p1", "prayer"),
        plannedPart("s3", "song"),
        plannedPart("r1", "ritual"),
      ],
      "one or two songs",
    ],
    [
      "a philosophy essay",
      [plannedPart("c1", "chant"), plannedPart("s1", "song", 400), plannedPart("e1", "philosophy", 300), plannedPart("r1", "ritual")],
      "only songs",
    ],
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
    const input = {
      key: { date: "2026-11-22", slotIndex: 3, tier: "north" as const },
      pieces: library.pieces,
      secondsOf: (p: Piece) => p.declaredSeconds,
      history: emptyHistory(),
    };
    expect(rotationFor(input)).toEqual(rotationFor(input));
  });

  it("prefers what this slot heard least recently, then what the day heard least recently", () => {
    const key = { date: "2026-11-22", slotIndex: 3, tier: "unknown" as const };
    const songs = library.pieces.filter((p) => p.kind === "song" && fitsPlacement(p, whereFor(key)));
    const history = emptyHistory();
    // Every song but two was heard in this slot lately; those two only long ago: they are the ones chosen.
    songs.slice(2).forEach((p, i) => history.lastInSlot.set(p.path, 2 + (i % 10)));
    // Equal lengths (long enough for the target), so only freshness decides.
    const chosen = rotationFor({ key, pieces: library.pieces, secondsOf: () => 300, history })
      .parts.filter((p) => p.kind === "song")
      .map((p) => p.path);
    expect(chosen.sort()).toEqual(
      songs
        .slice(0, 2)
        .map((p) => p.path)
        .sort(),
    );
  });

  // Every rule with zero relaxations over a year and 60-day windows, and the figures: rotation-figures.test.ts.
  it("never bends structure or placement, whatever the library's size", async () => {
    const calendar = scratchCalendar(library);
    const records = await scheduleRange(calendar, "2026-12-10", 20);
    for (const r of records) {
      expect(structuralViolations(r.parts)).toEqual([]);
      expect(placementViolations(r.parts, whereFor(r), (path) => library.piece(path))).toEqual([]);
    }
  }, 60_000);
});

describe("rotation over a tiny library", () => {
  it("loosens novelty in the documented order but never the structure", () => {
    const tiny = library.pieces
      .filter(
        (p) => ["song", "chant", "prayer", "ritual"].includes(p.kind) && fitsPlacement(p, whereFor({ date: "2026-11-22", slotIndex: 0, tier: "unknown" })),
      )
      .filter((p, i, all) => all.filter((q) => q.kind === p.kind).indexOf(p) < 2);
    const history = emptyHistory();
    for (const p of tiny) history.sameDate.add(p.path);
    const result = rotationFor({ key: { date: "2026-11-22", slotIndex: 0, tier: "unknown" }, pieces: tiny, secondsOf: () => 240, history });
    expect(result.relaxed.length).toBeGreaterThan(0);
    expect(result.relaxed.at(-1)).toContain("other slots");
    expect(structuralViolations(result.parts)).toEqual([]);
  });
});
