// Escaping for pages and feeds: each of the five characters HTML gives meaning to becomes its entity, anywhere in
// any text, and every other character stays as it is (the fast path for texts holding none of them included).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeHtml } from "../../web/embed.ts";

/** Escaping as it was first written, one character at a time (the ampersand first, so no entity is escaped twice). */
const byEachCharacter = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

describe("escapeHtml", () => {
  it("escapes the five characters and nothing else", () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;");
    expect(escapeHtml("&amp;")).toBe("&amp;amp;");
    expect(escapeHtml("A quiet morning · “light” — ’")).toBe("A quiet morning · “light” — ’");
    expect(escapeHtml("")).toBe("");
  });

  it("writes what one replacement per character wrote, for any text", () => {
    const text = fc.string({ unit: fc.constantFrom("&", "<", ">", '"', "'", "a", " ", "é", "—", "\u{1F54A}", "\n") });
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ unit: "grapheme" })), (s) => escapeHtml(s) === byEachCharacter(s)),
      { numRuns: 2000 },
    );
  });
});
