// The pure parts of review: the library file a contribution becomes (it must always load), and the
// screening rules' edges.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readYaml } from "../../corpus/front-matter.ts";
import { CommonFrontMatter } from "../../corpus/schema.ts";
import { contributionCategories, draftDocument, slugOf, tldrOf } from "../../review/document.ts";
import { neutralizeMentions, tooShort, unsafeMarkup } from "../../review/screening.ts";
import { fillerText, screenField } from "../../services/screening.ts";

describe("draftDocument", () => {
  it("always writes front matter the library loader accepts, with a kebab-case slug", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...contributionCategories),
        fc.string({ minLength: 3, maxLength: 200 }).filter((t) => t.trim().length >= 3 && !/[\r\n]/.test(t)),
        fc.array(fc.string({ minLength: 1, maxLength: 30 }), { minLength: 1, maxLength: 200 }).map((words) => words.join(" ")),
        (category, title, content) => {
          const draft = draftDocument({ name: "N", category, title: title.trim(), content: content.trim() || "x" });
          const [, yaml, body] = draft.source.match(/^---\n([\s\S]*?)\n---\n([\s\S]*)$/)!;
          const fm = CommonFrontMatter.parse(readYaml(yaml));
          expect(fm.title).toBe(title.trim());
          expect(draft.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
          expect(draft.slug.length).toBeLessThanOrEqual(60);
          expect(draft.file).toBe(`corpus/library/${category}/${draft.slug}.md`);
          expect(body.trim()).toBe((content.trim() || "x").trim());
        },
      ),
      { numRuns: 300 },
    );
  });

  it("puts hymns and practice in their own folders, with the folder's kind", () => {
    expect(draftDocument({ name: "N", category: "hymns", title: "Song of the Long Road", content: "word ".repeat(30) })).toMatchObject({
      kind: "hymn",
      path: "hymns/song-of-the-long-road",
    });
    expect(draftDocument({ name: "N", category: "practice", title: "Counting Breaths", content: "word ".repeat(30) })).toMatchObject({
      kind: "practice",
      file: "corpus/library/practice/counting-breaths.md",
    });
  });

  it("derives seconds as words ÷ 2.5 and a tldr of 60–160 characters", () => {
    const draft = draftDocument({ name: "N", category: "prayers", title: "Fifty Words", content: Array.from({ length: 50 }, (_, i) => `word${i}`).join(" ") });
    expect(draft.seconds).toBe(20);
    for (const text of ["Short.", "x ".repeat(400), "One sentence that is long enough to stand on its own as a summary of the piece."]) {
      const tldr = tldrOf(text, "prayer", "A Title");
      expect(tldr.length).toBeGreaterThanOrEqual(60);
      expect(tldr.length).toBeLessThanOrEqual(160);
    }
  });

  it("reads a poem's line breaks as spaces: its words stay apart in the tldr and all count toward its seconds", () => {
    const lines = ["May the kettle click", "and the house stay still", "may the first cup be slow", "and may I notice the steam"];
    const draft = draftDocument({ name: "N", category: "prayers", title: "Kettle Lines", content: lines.join("\n") });
    expect(draft.source).toMatch(/tldr: .*click and the house stay still may the first cup/);
    expect(draft.seconds).toBe(Math.round(20 / 2.5));
    // A hard break (two trailing spaces) too, and one word to a line.
    const words = Array.from({ length: 21 }, (_, i) => `word${i}`);
    expect(draftDocument({ name: "N", category: "prayers", title: "One Word Lines", content: words.join("  \n") }).seconds).toBe(Math.round(21 / 2.5));
  });

  it("makes slugs from accented titles and a stable one for titles without Latin letters", () => {
    expect(slugOf("Café at Dawn: Noël's Song")).toBe("cafe-at-dawn-noels-song");
    expect(slugOf("祈り")).toMatch(/^piece-[0-9a-f]{8}$/);
    expect(slugOf("祈り")).toBe(slugOf("祈り"));
  });
});

describe("screening", () => {
  it("lets real writing through", () => {
    const text = "A prayer for the testing season, when everything feels examined and nothing feels finished, and the kettle sings on anyway.";
    expect([fillerText("content", text), tooShort(text), unsafeMarkup("content", text), screenField("content", text, "piece", ["Your piece."])]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(unsafeMarkup("content", "Use `<b>` in code, compare a < b > c, and visit <https://example.org> or [this](https://example.org).")).toBeNull();
  });

  it("neutralizes mentions but not e-mail addresses or code", () => {
    expect(neutralizeMentions("@a hi @b-c me@mail.org `@d`")).toBe("@\u200Da hi @\u200Db-c me@mail.org `@d`");
  });
});

it("counts a contribution's words in the right number", () => {
  expect(tooShort("Salt")).toBe("`content` has 1 word; a piece needs at least 20.");
  expect(tooShort("Salt on the sill")).toBe("`content` has 4 words; a piece needs at least 20.");
  expect(tooShort(Array.from({ length: 20 }, (_, i) => `word${i}`).join(" "))).toBeNull();
});
