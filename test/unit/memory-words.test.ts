// buildMemory's word side (search/memory-build.ts, memory-postings.ts) reads each field's words once, lists a page
// under a word without a set and fills postings straight into typed arrays; `words` leaves a word without an
// apostrophe as matched. Held here to the plain statement of what they make, for rows in any order (the table's order
// is not promised): the pages holding each written word, each once in the order first found, and each stem's pages
// ascending with the strength rank.ts gives their fields.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildMemory, surfaceOf, type Row } from "../../search/memory-build.ts";
import { fieldStrength } from "../../search/rank.ts";
import { terms, words } from "../../search/text.ts";

const PAGES = ["a", "b", "c"];
const TEXTS = ["The lantern's light holds.", "Rivers keep time; the river’s stones", "breath and breaths", "", "Candle_light at the door"];

const rowArb = fc.record({
  page: fc.constantFrom(...PAGES),
  role: fc.constantFrom<Row["role"]>("card", "passage"),
  text: fc.constantFrom(...TEXTS),
  tldr: fc.constantFrom(...TEXTS),
  themes: fc.constantFrom("", "night-watch", "letting-go rivers"),
  headings: fc.constantFrom(...TEXTS),
});

function rowsOf(drawn: Array<Omit<Row, "id" | "title" | "pagePath" | "path" | "slug" | "category" | "section" | "vector">>): Row[] {
  return drawn.map((r, i) => ({
    ...r,
    id: `${r.page}#${i}`,
    title: r.page === "a" ? "The Lantern Hours" : `Notes ${r.page}`,
    pagePath: `/docs/${r.page}`,
    path: r.page,
    slug: null,
    category: "docs",
    section: null,
    vector: new Float32Array(0),
  }));
}

/** What the surfaces and postings hold, stated plainly: sets and lists, row by row. */
function plainly(rows: Row[]) {
  const pageOf = new Map<string, number>();
  const surfaces = new Map<string, Set<number>>();
  const hits = new Map<string, Map<number, { title: boolean; themes: boolean; tldr: boolean; headings: boolean; bodyTf: number }>>();
  const bodyLength: number[] = [];
  for (const row of rows) {
    if (!pageOf.has(row.page)) pageOf.set(row.page, pageOf.size);
    const p = pageOf.get(row.page)!;
    bodyLength[p] ??= 0;
    for (const w of words(`${row.title} ${row.themes.replace(/-/g, " ")} ${row.tldr} ${row.headings} ${row.text}`))
      (surfaces.get(surfaceOf(w)) ?? surfaces.set(surfaceOf(w), new Set()).get(surfaceOf(w))!).add(p);
    const mark = (t: string) => {
      const byPage = hits.get(t) ?? hits.set(t, new Map()).get(t)!;
      return byPage.get(p) ?? byPage.set(p, { title: false, themes: false, tldr: false, headings: false, bodyTf: 0 }).get(p)!;
    };
    if (row.role === "card") {
      for (const t of terms(row.title)) mark(t).title = true;
      for (const t of terms(row.themes.replace(/-/g, " "))) mark(t).themes = true;
      for (const t of terms(row.tldr)) mark(t).tldr = true;
      for (const t of terms(row.headings)) mark(t).headings = true;
    } else {
      const own = terms(row.text);
      for (const t of own) mark(t).bodyTf++;
      bodyLength[p] += own.length;
    }
  }
  const averageLength = bodyLength.reduce((a, b) => a + b, 0) / Math.max(1, pageOf.size);
  const postings = new Map(
    [...hits].map(([t, byPage]) => {
      const held = [...byPage].sort(([a], [b]) => a - b);
      return [
        t,
        { pages: held.map(([p]) => p), strengths: held.map(([p, h]) => Math.fround(fieldStrength({ ...h, bodyLength: bodyLength[p], averageLength }))) },
      ];
    }),
  );
  return { surfaces: new Map([...surfaces].map(([w, set]) => [w, [...set]])), postings };
}

describe("buildMemory's word side", () => {
  it("holds what the plain statement holds, for rows in any order", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(rowArb, { minLength: 1, maxLength: 9 }), async (drawn) => {
        const rows = rowsOf(drawn);
        const built = await buildMemory(rows, new Map());
        const expected = plainly(rows);
        expect(new Map([...built.surfaces].map(([w, pages]) => [w, [...pages]]))).toEqual(expected.surfaces);
        expect(new Map([...built.postings].map(([t, { pages, strengths }]) => [t, { pages: [...pages], strengths: [...strengths] }]))).toEqual(
          expected.postings,
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe("words", () => {
  it("straightens apostrophes and drops a possessive 's as the plain statement does, leaving other words as matched", () => {
    const plain = (text: string) =>
      ((text.includes("_") ? text.replace(/(?<=\p{L})_+(?=\p{L})/gu, "") : text).toLowerCase().match(/\p{L}+(?:['’]\p{L}+)*/gu) ?? []).map((w) =>
        w.replace(/’/g, "'").replace(/'s$/, ""),
      );
    const piece = fc.constantFrom("river", "’s", "'s", "'", "’", " ", "_", "Ŝtone", "don't", "S", "ΣΑΣ", ".", "x’y’s");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join("");
        expect(words(text)).toEqual(plain(text));
      }),
      { numRuns: 2000 },
    );
  });
});
