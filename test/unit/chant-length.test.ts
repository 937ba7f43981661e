// A chant's length from its script (corpus/chant-length.ts): the estimate the renderer picks rounds with and the
// checker holds `seconds` to. Arithmetic on the script only; how close it comes to real recordings is measured
// over the library's renders (`npm run check:library -- --recordings`), not here.
import { describe, expect, it } from "vitest";
import { chantLengthProblems } from "../../corpus/check-chant-length.ts";
import { CHANT_LAYOUT, chantLineSeconds, chantRounds, chantRoundSeconds, chantSeconds } from "../../corpus/chant-length.ts";
import type { CheckPiece } from "../../corpus/check-piece.ts";
import { toScript } from "../../corpus/script.ts";

const text = "Kettle on, cups out.\nThe post is late again.\n\nWe wait, and the window fogs.\nWe wait.";
const script = toScript(text);

const chant = (seconds: number, body = text): CheckPiece => ({
  rel: "chants/kettle.md",
  folder: "chants",
  kind: "chant",
  fm: { seconds },
  tldr: "",
  text: body,
  listeners: body,
  bodyLine: 6,
});

describe("a chant's length", () => {
  it("grows with letters, lines and the pauses commas make, and slows with the rate", () => {
    expect(chantLineSeconds("We wait, and the window fogs.")).toBeGreaterThan(chantLineSeconds("We wait and the window fogs."));
    expect(chantLineSeconds("We wait for the post.")).toBeGreaterThan(chantLineSeconds("We wait."));
    expect(chantLineSeconds("We wait.", 0.33)).toBeCloseTo(2 * chantLineSeconds("We wait."), 9);
  });

  it("lays a round out as the renderer does: pauses only before another line, marked silences held", () => {
    const lines = ["Kettle on, cups out.", "The post is late again.", "We wait, and the window fogs.", "We wait."].map((l) => chantLineSeconds(l));
    const sum = lines.reduce((a, b) => a + b, 0);
    // two line breaks and one stanza break; none after the last line
    expect(chantRoundSeconds(script)).toBeCloseTo(sum + 2 * CHANT_LAYOUT.lineBreak + CHANT_LAYOUT.paragraphBreak, 9);
    const held = toScript("Kettle on.\n[silence: 10 seconds]\nWe wait.");
    expect(chantRoundSeconds(held)).toBeCloseTo(chantLineSeconds("Kettle on.") + 10 + chantLineSeconds("We wait."), 9);
  });

  it("adds a round and the breath between rounds for each time through, and picks the count nearest the declared length", () => {
    const step = chantSeconds(script, 2) - chantSeconds(script, 1);
    expect(step).toBeCloseTo(chantRoundSeconds(script) + CHANT_LAYOUT.betweenRounds, 9);
    expect(chantSeconds(script, 3) - chantSeconds(script, 2)).toBeCloseTo(step, 9);
    for (const r of [1, 2, 3, 4]) expect(chantRounds(script, chantSeconds(script, r) + step * 0.4)).toBe(r);
    expect(chantRounds(script, 1)).toBe(1);
    expect(chantRounds(script, 10_000)).toBe(4);
  });
});

describe("the checker's chant length rule", () => {
  it("accepts the length of a number of rounds and names the lengths when the declared one falls between", () => {
    const two = Math.round(chantSeconds(script, 2));
    expect(chantLengthProblems(chant(two))).toEqual([]);
    const between = Math.round((chantSeconds(script, 2) + chantSeconds(script, 3)) / 2);
    const [why] = chantLengthProblems(chant(between));
    expect(why).toContain(`seconds ${between}`);
    for (const r of [1, 2, 3, 4]) expect(why).toContain(`${r}: ${Math.round(chantSeconds(script, r))} s`);
    expect(chantLengthProblems({ ...chant(between), kind: "prayer" })).toEqual([]);
  });
});
