// The share card's text layout, without rendering: font widths read from the file, wrapping that never
// exceeds its width or its lines, and titles that reach the SVG escaped.
import { describe, expect, it } from "vitest";
import { fontMetrics } from "../../core/font-metrics.ts";
import { CARD_FONT_FILES, cardSvg, drawable, ellipsized, wrapped } from "../../web/share-cards.ts";

const semibold = fontMetrics(CARD_FONT_FILES[2]);
const measure = (t: string) => semibold.width(t, 60);

describe("font metrics", () => {
  it("reads different advances for different letters, and one em for a character the font lacks", () => {
    expect(measure("m")).toBeGreaterThan(measure("i") * 2);
    expect(measure("iii")).toBeCloseTo(measure("i") * 3);
    expect(measure("\u{1F319}")).toBe(60);
  });
});

describe("wrapping", () => {
  it("keeps every line within the width and the line count, ending in an ellipsis when it cut", () => {
    const title = "What does the sanctuary keep of what I say, for how long, and who can read it when I am gone? ".repeat(3);
    const lines = wrapped(title, 1024, 3, measure);
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(1024);
    expect(lines[2]).toMatch(/…$/);
    expect(wrapped("A short title", 1024, 3, measure)).toEqual(["A short title"]);
  });

  it("breaks a word wider than a line between its characters", () => {
    const lines = wrapped("W".repeat(80), 1024, 5, measure);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(1024);
    expect(lines.join("")).toBe("W".repeat(80));
  });

  it("cuts at a word's end when one is near", () => {
    expect(ellipsized("Rest is not a reward for finishing everything", measure("Rest is not a reward fo"), measure)).toBe("Rest is not a reward…");
  });
});

describe("what the font can draw", () => {
  it("keeps the letters it has, takes accented ones apart when it has the parts, and marks a run it lacks once", () => {
    expect(drawable("Où est le silence?")).toBe("Où est le silence?");
    expect(drawable("Где тишина? 静けさ 🌙 and quiet")).toBe("Где тишина? … and quiet");
  });

  it("gives up on a title it could draw less than half of, and the card draws its fallback", () => {
    expect(drawable("静けさはどこにありますか")).toBeNull();
    const svg = cardSvg({ label: "Conversation", title: "静けさはどこにありますか", fallbackTitle: "A question for the library", context: "", meta: "" });
    expect(svg).toContain(">A question for the library<");
    expect(svg).not.toContain("静");
  });
});

describe("the card's SVG", () => {
  it("escapes what would be markup and leaves out what XML cannot carry", () => {
    const svg = cardSvg({ label: "Conversation", title: `3 < 4 & "five" > 'two'\u0001`, context: "</text><script>", meta: "" });
    expect(svg).toContain("3 &lt; 4 &amp; &quot;five&quot; &gt; &#39;two&#39;");
    expect(svg).toContain("&lt;/text&gt;&lt;script&gt;");
    expect(svg).not.toContain("\u0001");
    expect(svg).not.toContain("<script>");
  });
});
