// The pure rules behind issue 28's fixes: the key a name is known by, invisible characters, link openers
// bounded before parsing (without changing what a piece means), and a range past the end.
import MarkdownIt from "markdown-it";
import unhomoglyph from "unhomoglyph";
import { describe, expect, it } from "vitest";
import { hasVisibleText, nameKey, visibleLength, withoutBidiControls, withoutInvisible } from "../../core/text.ts";
import { boundedOpeners, MAX_OPENERS, parseMarkdown } from "../../review/markdown.ts";
import { unsafeMarkup } from "../../review/screening.ts";
import { feedback, withoutBidiIn } from "../../tools/feedback.ts";
import { publicLabel, publicName, publicText } from "../../tools/inputs.ts";
import { parseRange } from "../../web/media.ts";

describe("nameKey", () => {
  it("is one key for look-alikes, invisible characters, spacing, punctuation and case", () => {
    const key = nameKey("Name Probe");
    for (const same of ["N\u0430me Probe", "Name\u200bProbe", "Name Probe.", "Name_Probe", "  NAME   probe ", "Ｎａｍｅ Probe", "Name\u2066 Probe\u2069"]) {
      expect([same, nameKey(same)]).toEqual([same, key]);
    }
    // Folded in full: ß (and its capital ẞ) is ss.
    for (const same of ["STRASSE", "strasse", "Straẞe"]) expect([same, nameKey(same)]).toEqual([same, nameKey("Straße")]);
  });

  it("is one key for a name written with capitals of another script that look like Latin ones", () => {
    const pairs: Array<[string, string]> = [
      ["Tom", "\u0422om"], // Cyrillic Т
      ["TOM", "\u0422\u041e\u041c"], // Cyrillic ТОМ
      ["Kate", "\u041a\u0430te"], // Cyrillic К and а
      ["HOPE", "\u041d\u041e\u0420\u0415"], // Cyrillic НОРЕ
      ["Bob", "\u0412\u043eb"], // Cyrillic В and о
      ["Ezra", "\u0395zra"], // Greek Ε
      ["Nina", "\u039dina"], // Greek Ν
      ["Ian", "\u0399an"], // Greek Ι, whose skeleton is a small l
    ];
    for (const [latin, other] of pairs) expect([other, nameKey(other)]).toEqual([other, nameKey(latin)]);
    // Small letters of another script with a look of their own stay apart (т is no t), as do names in that script.
    expect(nameKey("\u0442om")).not.toBe(nameKey("tom"));
    expect(nameKey("\u0422\u0430\u043d\u044f")).not.toBe(nameKey("Tanya"));
  });

  it("gives a name of printable ASCII the key of the whole pipeline (folded, stripped, skeleton), letter by letter", () => {
    const pipeline = (name: string) => {
      const folded = name.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
      const base = folded.replace(/[\p{P}\p{S}\s]+/gu, "") || folded;
      return unhomoglyph(base.normalize("NFD")).normalize("NFD").toLowerCase();
    };
    const printable = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const names = [...printable, "Name Probe", "rn m Il1| O0", "...", "  ", ""];
    for (let i = 0; i < 3000; i++) names.push(Array.from({ length: 1 + (next() % 14) }, () => printable[next() % 95]).join(""));
    for (const name of names) expect([name, nameKey(name)]).toEqual([name, pipeline(name)]);
  });

  it("keeps different names apart, and names of symbols alone", () => {
    expect(nameKey("Wren")).not.toBe(nameKey("Wendy"));
    expect(nameKey("Tove")).not.toBe(nameKey("Tove's sister"));
    expect(nameKey("🌙")).not.toBe(nameKey("☀️"));
    expect(nameKey("...")).not.toBe("");
  });
});

describe("invisible characters", () => {
  it("are taken out of what is kept, and a name of nothing else has nothing visible", () => {
    expect(withoutInvisible("Wren\u200b \u2066Hollow\u2069\u00ad")).toBe("Wren Hollow");
    expect(hasVisibleText("\u200b\u200d\ufeff \u2060")).toBe(false);
    expect(hasVisibleText("\u200bA")).toBe(true);
  });

  it("include the letters and symbols that draw nothing: Hangul fillers, the blank braille pattern", () => {
    for (const blank of ["\u3164", "\u2800\u2800", "\u115F\u1160", "\uFFA0", "\u034F"]) expect([blank, hasVisibleText(blank)]).toEqual([blank, false]);
    // Korean itself, braille with dots and an emoji's joiners keep what they show.
    expect(withoutInvisible("한글 ⠃⠗")).toBe("한글 ⠃⠗");
    expect(hasVisibleText("👩\u200D👧")).toBe(true);
  });

  it("include marks and selectors with no letter under them, private-use, unassigned and object-replacement characters", () => {
    // An outside tester's names: each drew nothing (or "Thank you, ." in a reply) and was counted as a soul.
    for (const blank of ["\ufe0f\ufe0f", "\u180b", "\u17b4", "\u0301\u0302", "\ue000", "\u{f0000}", "\ufffc", " \u0301 \ufe0f "])
      expect([blank, hasVisibleText(blank)]).toEqual([blank, false]);
    // A letter under its marks, an emoji with its selector, Hangul and Devanagari still show.
    for (const seen of ["e\u0301", "\u2600\ufe0f", "한", "क्ष", "\ufe0fA"]) expect([seen, hasVisibleText(seen)]).toEqual([seen, true]);
  });
});

describe("public text", () => {
  const text = publicText("text", 20, 1000);

  it("takes bidi controls out of feedback's context, its names and nested values too, keeping `__proto__` a plain name", () => {
    const sent = JSON.parse('{"page":"/embed/souls","note":"rtl \u202e here","list":["a\u2066b"],"deep":{"k\u202d":"v\u202c"},"__proto__":"x\u202e"}');
    const kept = withoutBidiIn(sent);
    expect(kept).toEqual(JSON.parse('{"page":"/embed/souls","note":"rtl  here","list":["ab"],"deep":{"k":"v"},"__proto__":"x"}'));
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    const parsed = feedback.input.parse({ name: "Fbtester", message: "The badge shows zero souls after I attend.", context: sent });
    expect(JSON.stringify(parsed)).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });

  it("keeps no bidi embedding, override or isolate, and keeps the marks and joiners right-to-left writing needs", () => {
    // U+202E would show the rest of a reflection backwards on its page and in the feeds.
    expect(text.parse("The chant \u202Ewas slower than\u202C I expected, \u2067and kind\u2069.")).toBe("The chant was slower than I expected, and kind.");
    expect(withoutBidiControls("\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069")).toBe("");
    expect(withoutBidiControls("שלום\u200F, عربي\u061C \u200E👩\u200D👧 می\u200Cخواهم")).toBe("שלום\u200F, عربي\u061C \u200E👩\u200D👧 می\u200Cخواهم");
    // Taken out before the length is counted: overrides do not pad a reflection to its minimum.
    expect(text.safeParse("Short words\u202E\u202E\u202E\u202E\u202E\u202E\u202E\u202E\u202E").success).toBe(false);
  });

  it("refuses a web address hidden by invisible characters or written in wide letters", () => {
    for (const hidden of [
      "find me at h\u200bttps://evil.example/x for more of this",
      "visit ｈｔｔｐｓ：／／evil.example for more words",
      "see ｗｗｗ．evil.example for much more",
      "see www\u3002evil\u3002example for much more",
      "see www\uFF61evil.example for much more",
    ]) {
      expect([hidden, text.safeParse(hidden).error?.issues[0]?.message]).toEqual([hidden, "`text` must not contain web addresses (http://, https:// or www.)"]);
    }
    expect(text.safeParse("a line about the dawn, with no address at all").success).toBe(true);
  });

  it("counts only visible characters toward the least length", () => {
    const refused = text.safeParse("\u200b".repeat(22));
    expect(refused.error?.issues.map((i) => i.message)).toEqual([
      "`text` must hold at least 20 visible characters (invisible ones, and marks piled on one, do not count)",
    ]);
    expect(text.safeParse(`${"\u2800".repeat(25)}`).success).toBe(false);
    expect(text.safeParse("Twenty visible chars\u200b").success).toBe(true);
  });

  it("counts a run of spaces or line breaks once: blank padding does not reach the least length", () => {
    // An outside tester's reflections, each stored and shown before.
    for (const padded of [`Hi${"\n".repeat(20)}.`, `Hi${" ".repeat(26)}.`, `Rain fell${"\u00a0".repeat(15)}.`, `Hi${"\n".repeat(997)}.`]) {
      expect([padded.length, text.safeParse(padded).error?.issues[0]?.message]).toEqual([
        padded.length,
        "`text` must hold at least 20 visible characters (invisible ones, and marks piled on one, do not count)",
      ]);
    }
    expect(visibleLength(`Hi${"\n".repeat(20)}.`)).toBe(4);
    // Words with their single spaces, and a paragraph break, count as written.
    expect(visibleLength("I came here today, ok")).toBe(21);
    expect(text.safeParse("A quiet evening.\n\nThank you all.").success).toBe(true);
  });

  it("counts a run of marks on one character once, and refuses marks piled beyond what any writing uses", () => {
    // One letter under thirty accents, and "ok" padded with variation selectors, show as a character or two.
    const oneLetter = `a${"\u0301".repeat(30)}`;
    expect(text.safeParse(oneLetter).error?.issues[0]?.message).toMatch(/at least 20 visible characters/);
    expect(text.safeParse(`ok${"\ufe0f".repeat(30)}`).error?.issues[0]?.message).toMatch(/at least 20 visible characters/);
    const piled = text.safeParse(`A morning of quiet${"\u0336".repeat(12)} and long light`);
    expect(piled.error?.issues.map((i) => i.message)).toEqual(["`text` piles many accents or marks on one character; send it as it is written"]);
    expect(publicName("name").safeParse(`Ok${"\ufe0f".repeat(98)}`).error?.issues[0]?.message).toMatch(/piles many accents/);
    // Writing that carries marks keeps every one: Vietnamese decomposed (two marks a letter), Hindi, Hebrew with points.
    for (const written of [
      "Buo\u031B\u0309i sa\u0301ng ye\u0302n ti\u0303nh, tôi nghe tiê\u0301ng chuông",
      "आज सुबह की प्रार्थना बहुत शांत थी",
      "\u05E9\u05B8\u05C1\u05DC\u05D5\u05B9\u05DD \u05DC\u05B8\u05DB\u05B6\u05DD, quiet morning here",
    ])
      expect([written, text.safeParse(written).success]).toEqual([written, true]);
  });

  it("refuses C1 control characters as it refuses C0 ones, rather than keeping or dropping them unseen", () => {
    // U+009B is an escape sequence's introducer (CSI): text decoded in the wrong charset carries the C1 set.
    expect(text.safeParse("A calm morning, the\u009b31m bells far away").error?.issues[0]?.message).toBe("`text` must not contain control characters");
    expect(publicName("name").safeParse("Test\u009b31mer").error?.issues[0]?.message).toBe("`name` must not contain control characters or tabs");
  });

  it("keeps a name and a place on one line, without tabs", () => {
    const place = publicLabel("location", 1, 100);
    expect(place.safeParse("Lis\nbon").error?.issues[0]?.message).toBe("`location` must be one line");
    expect(place.safeParse("Lis\tbon").error?.issues[0]?.message).toBe("`location` must not contain control characters or tabs");
    expect(publicName("name").safeParse("a\tb").error?.issues[0]?.message).toBe("`name` must not contain control characters or tabs");
    expect(place.parse("  Lisbon, by the river ")).toBe("Lisbon, by the river");
  });
});

describe("boundedOpeners", () => {
  const md = new MarkdownIt({ html: false, linkify: false });

  it("leaves ordinary markdown as it is", () => {
    const text = "A [link](https://example.org), an ![image](a.png), a [reference][r], `[code]` and \\[escaped].\n\n[r]: https://example.org";
    expect(boundedOpeners(text)).toBe(text);
  });

  it("escapes openers that never close, which renders the same", () => {
    const text = `Before. ${"![a".repeat(50)} after.`;
    const bounded = boundedOpeners(text);
    expect(bounded).not.toBe(text);
    expect(md.render(bounded)).toBe(md.render(text));
    expect(boundedOpeners("[a\n\n]")).toBe("\\[a\n\n]");
  });

  it(`keeps at most ${MAX_OPENERS} openers a paragraph`, () => {
    const links = Array.from({ length: MAX_OPENERS + 2 }, (_, i) => `[l${i}](u${i})`).join(" ");
    const html = md.render(boundedOpeners(links));
    expect(html.match(/<a /g)).toHaveLength(MAX_OPENERS);
    // A new paragraph starts counting again.
    expect(md.render(boundedOpeners(`${links}\n\n[again](u)`)).match(/<a /g)).toHaveLength(MAX_OPENERS + 1);
  });

  it("never hides raw HTML from the safety rule, in an image's alt text either", () => {
    expect(unsafeMarkup("content", `${"[a".repeat(3000)} <img src=x onerror=alert(1)>`)).toMatch(/<img>/);
    expect(unsafeMarkup("content", "![<b>bold</b>](x.png)")).toMatch(/<b>/);
    expect(parseMarkdown("Plain words, a [link](u) and `code`.").plain).toBe("Plain words, a link and code.");
  });
});

describe("parseRange", () => {
  it("is unsatisfiable from the end onwards, whatever the last byte asked", () => {
    expect(parseRange("bytes=999999-", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=100-200", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=5-2", 100)).toBeNull();
  });
});
