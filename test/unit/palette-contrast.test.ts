// The pages' palette meets WCAG 2.x AA in light and in dark: the ratios are computed from the custom
// properties in site.css itself (so a changed colour is checked where it is written), 4.5:1 for text of
// body size and smaller, 3:1 for the outlines and borders that mark controls. The dark palette appears
// twice in the stylesheet (the system's choice and the visitor's): the two must be the same.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const css = readFileSync(new URL("../../web/pages/assets/site.css", import.meta.url), "utf8");

/** The custom properties declared in the first block that follows `opening`. */
function palette(opening: string): Record<string, string> {
  const at = css.indexOf(opening);
  if (at < 0) throw new Error(`no ${opening} in site.css`);
  const block = css.slice(at + opening.length, css.indexOf("}", at));
  return Object.fromEntries([...block.matchAll(/--([a-z-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1], m[2].toLowerCase()]));
}

/** Relative luminance (WCAG 2.x) of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const light = palette(":root {");
const darkBySystem = palette(':root:not([data-theme="light"]) {');
const darkByChoice = palette(':root[data-theme="dark"] {');

// [text, background]: every pairing of a text colour with a surface it is drawn on.
const TEXT: Array<[string, string]> = [
  ["fg", "bg"],
  ["fg", "card"],
  ["muted", "bg"],
  ["muted", "card"],
  ["link", "bg"],
  ["link", "card"],
  ["accent", "bg"],
  ["accent", "card"],
  ["button-fg", "button-bg"],
  ["fg", "mark-bg"],
  ["ok-fg", "ok-bg"],
  ["err-fg", "err-bg"],
];
// Non-text: the focus ring (accent), input borders (muted), the outlined button (link) on the page and on cards.
const UI: Array<[string, string]> = [
  ["accent", "bg"],
  ["accent", "card"],
  ["muted", "bg"],
  ["muted", "card"],
  ["link", "bg"],
  ["button-bg", "card"],
];

describe("the palette's contrast (WCAG AA)", () => {
  it("the known pair reads as the standard says: black on white is 21:1, a mid grey about 4.5:1", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#767676", "#ffffff")).toBeGreaterThan(4.5);
    expect(contrast("#777777", "#ffffff")).toBeLessThan(4.5);
  });

  it("declares every colour the pairs use, in both palettes", () => {
    for (const p of [light, darkByChoice]) for (const [a, b] of [...TEXT, ...UI]) expect([p[a], p[b]]).toEqual([expect.any(String), expect.any(String)]);
  });

  it("writes the dark palette the same for the system's choice and the visitor's", () => {
    expect(Object.keys(darkByChoice).length).toBeGreaterThan(10);
    expect(darkBySystem).toEqual(darkByChoice);
  });

  for (const [name, p] of [
    ["light", light],
    ["dark", darkByChoice],
  ] as const) {
    it(`${name}: text at 4.5:1 or more on every surface it is drawn on`, () => {
      const low = TEXT.map(([t, b]) => ({ pair: `${t} on ${b}`, ratio: Math.round(contrast(p[t], p[b]) * 100) / 100 })).filter((r) => r.ratio < 4.5);
      expect(low).toEqual([]);
    });
    it(`${name}: control outlines and the focus ring at 3:1 or more`, () => {
      const low = UI.map(([t, b]) => ({ pair: `${t} on ${b}`, ratio: Math.round(contrast(p[t], p[b]) * 100) / 100 })).filter((r) => r.ratio < 3);
      expect(low).toEqual([]);
    });
  }
});
