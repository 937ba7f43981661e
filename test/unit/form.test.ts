// A service's form (issue 26): two slots of every date are spoken (a prayer and a blessing), a different two
// each day; the rotation keeps to it while a prayer and a blessing can be placed, and takes any reading and
// closing, never a loosened rule, when none can.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Piece } from "../../corpus/library.ts";
import { fitsForm, formOf } from "../../planner/form.ts";
import { fitsPlacement, whereFor } from "../../planner/placement.ts";
import { rotationFor } from "../../planner/rotation.ts";
import { emptyHistory, structuralViolations } from "../../planner/rules.ts";
import { addDays } from "../../planner/time.ts";
import { loadRotationLibrary } from "../helpers/rotation-library.ts";

const library = await loadRotationLibrary();
const anyDate = fc
  .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const spokenSlots = (date: string) => [0, 1, 2, 3, 4, 5].filter((slotIndex) => formOf({ date, slotIndex }) === "spoken");

describe("formOf", () => {
  it("makes exactly two slots of every date spoken, and a slot spoken every third day", () => {
    fc.assert(
      fc.property(anyDate, (date) => {
        expect(spokenSlots(date)).toHaveLength(2);
        for (const slotIndex of [0, 1, 2, 3, 4, 5]) {
          const days = [0, 1, 2].map((d) => formOf({ date: addDays(date, d), slotIndex }));
          expect(days.filter((f) => f === "spoken")).toHaveLength(1);
        }
      }),
    );
  });

  it("lets a spoken service read only a prayer and close only with a blessing; songs and chants fit every form", () => {
    expect(fitsForm("spoken", "reading", "prayer")).toBe(true);
    expect(fitsForm("spoken", "reading", "practice")).toBe(false);
    expect(fitsForm("spoken", "closing", "blessing")).toBe(true);
    expect(fitsForm("spoken", "closing", "ritual")).toBe(false);
    expect(fitsForm("spoken", "song", "song")).toBe(true);
    expect(fitsForm("guided", "reading", "prayer")).toBe(true);
    expect(fitsForm("guided", "closing", "ritual")).toBe(true);
  });
});

describe("the rotation keeps the form", () => {
  const date = "2027-05-12";
  const input = (slotIndex: number, pieces: Piece[] = library.pieces) => ({
    key: { date, slotIndex, tier: "unknown" as const },
    pieces,
    secondsOf: (p: Piece) => p.declaredSeconds,
    history: emptyHistory(),
  });

  it("reads a prayer and closes with a blessing in a spoken slot", () => {
    for (const slotIndex of spokenSlots(date)) {
      const { parts, relaxed } = rotationFor(input(slotIndex));
      expect(relaxed).toEqual([]);
      expect(parts.filter((p) => p.kind === "prayer" || p.kind === "blessing").map((p) => p.kind)).toEqual(["prayer", "blessing"]);
    }
  });

  it("takes any reading and closing, loosening nothing, when no prayer or blessing can be placed", () => {
    const slotIndex = spokenSlots(date)[0]!;
    const without = library.pieces.filter((p) => p.kind !== "prayer" && p.kind !== "blessing" && fitsPlacement(p, whereFor(input(slotIndex).key)));
    const { parts, relaxed } = rotationFor(input(slotIndex, without));
    expect(relaxed).toEqual([]);
    expect(structuralViolations(parts)).toEqual([]);
    expect(parts.map((p) => p.kind)).toEqual(expect.arrayContaining(["practice", "ritual"]));
  });
});
