// The pure rules behind search and ask: words and stems, WordNet lines, evidence and fusion, sentence
// splitting and question types. No index, no embedder.
import { describe, expect, it } from "vitest";
import { cueFit, cuesOf, subjectTerms } from "../../search/answer-cues.ts";
import { chooseSentences, type Candidate } from "../../search/extract.ts";
import { sentencesOf } from "../../search/sentence-split.ts";
import { held } from "../../search/sentence-evidence.ts";
import { baseForms, expansionsOf, expansionTable } from "../../search/lexicon.ts";
import { parseSynset } from "../../search/wordnet.ts";
import { DotProducts } from "../../search/dots.ts";
import { dotsJs, dotsLanes } from "../../search/dots-js.ts";
import { BELOW_EXACT, expansionWeight, fieldStrength, FLOOR, fuse, idf, meaningEvidence, shown, withPhrase } from "../../search/rank.ts";
import { phraseKey, terms, titleKey } from "../../search/text.ts";

describe("words", () => {
  it("stems inflections together and drops stop words", () => {
    expect(new Set(terms("breath breaths breathing"))).toEqual(new Set(["breath"]));
    expect(terms("the stillness of a room")).toEqual(["still", "room"]);
    expect(terms("What is it?")).toEqual([]);
  });

  it("compares titles without case, punctuation or a leading article", () => {
    expect(titleKey("A Blessing for the Fallen Leaves")).toBe(titleKey("blessing for the fallen leaves"));
    expect(titleKey("Grey, Then Pearl, Then Gold")).toBe("grey then pearl then gold");
    expect(phraseKey("Counting  Breaths!")).toBe("counting breaths");
  });
});

describe("WordNet", () => {
  it("reads a synset line: its words, similar and broader pointers, and its definition", () => {
    const [key, s] = parseSynset(
      "14046845 26 n 02 insomnia 0 sleeplessness 0 002 @ 14321198 n 0000 & 00188664 s 0202 | an inability to sleep; chronic sleeplessness  ",
    )!;
    expect(key).toBe("n14046845");
    expect(s.lemmas).toEqual(["insomnia", "sleeplessness"]);
    expect(s.broader).toEqual(["n14321198"]);
    expect(s.similar).toEqual(["a00188664"]);
    expect(s.gloss.trim()).toBe("an inability to sleep; chronic sleeplessness");
    expect(parseSynset("  1 This software and database is being provided")).toBeNull();
  });

  it("finds a typed word under its base form", () => {
    expect(baseForms("moderators")).toContain("moderator");
    expect(baseForms("grieving")).toContain("grieve");
    expect(expansionsOf(expansionTable({ translator: [["interpret", 0.5]] }), "translators")).toEqual([["interpret", 0.5]]);
    expect(expansionsOf(new Map(), "anything")).toEqual([]);
  });

  it("parses a word's list once per table, and never lends one table's list to another", () => {
    const first = expansionTable({ grief: [["sorrow", 0.8]] });
    const second = expansionTable({ grief: [["loss", 0.6]] });
    const list = expansionsOf(first, "grief");
    expect(expansionsOf(first, "grief")).toBe(list);
    expect(expansionsOf(second, "grief")).toEqual([["loss", 0.6]]);
    expect(list).toEqual([["sorrow", 0.8]]);
  });

  it('finds nothing an object inherits (a question of one word such as "constructor" once answered 500)', () => {
    for (const word of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"]) {
      expect(expansionsOf(new Map(), word)).toEqual([]);
    }
  });
});

describe("evidence and fusion", () => {
  it("maps cosine to meaning evidence through the embedder's calibration", () => {
    const c = { lo: 0.3, hi: 0.8 };
    expect(meaningEvidence(0.2, c)).toBe(0);
    expect(meaningEvidence(0.55, c)).toBeCloseTo(0.5);
    expect(meaningEvidence(0.95, c)).toBe(1);
  });

  it("weighs a word by where it stands: title, then themes and summary, then body with saturation", () => {
    const base = { title: false, themes: false, tldr: false, headings: false, bodyTf: 0, bodyLength: 500, averageLength: 500 };
    const body = (tf: number) => fieldStrength({ ...base, bodyTf: tf });
    expect(fieldStrength({ ...base, title: true })).toBe(1);
    expect(fieldStrength({ ...base, themes: true })).toBeGreaterThan(fieldStrength({ ...base, headings: true }));
    expect(body(1)).toBeGreaterThan(0.3);
    expect(body(3)).toBeGreaterThan(body(1));
    expect(body(100)).toBeLessThan(0.8);
    expect(idf(300, 1)).toBeGreaterThan(idf(300, 100));
  });

  it("fuses into 0..1, gives 1 only to an exact title, and keeps strong word matches above the floor", () => {
    expect(fuse(1, 1, false)).toBe(BELOW_EXACT);
    expect(fuse(0, 0, true)).toBe(1);
    expect(fuse(0.6, 0.2, false)).toBeGreaterThan(fuse(0.6, 0, false));
    expect(shown(0, 0, false)).toBe(false);
    expect(shown(FLOOR, 0, false)).toBe(true);
    expect(shown(0.05, 0.1, true)).toBe(true);
    expect(withPhrase(0.4, true, false)).toBeGreaterThan(0.4);
    expect(withPhrase(0.4, true, true)).toBe(0.9);
  });

  it("expands only words the library uses rarely", () => {
    expect(expansionWeight(0.7, 0, 300)).toBeCloseTo(0.49);
    expect(expansionWeight(0.7, 100, 300)).toBe(0);
  });

  it("computes dot products of every row, whatever the dimensions, in WebAssembly and in JavaScript alike", () => {
    const out = new Float32Array(2);
    const matrix = Float32Array.from([1, 2, 3, 4, 5, 1, 1, 1, 1, 1]);
    dotsJs(matrix, 5, Float32Array.from([1, 1, 1, 1, 2]), out);
    expect([...out]).toEqual([20, 6]);
    expect(DotProducts.simd).toBe(true);
    expect([...new DotProducts(matrix, 5).run(Float32Array.from([1, 1, 1, 1, 2]))]).toEqual([20, 6]);
    const big = Float32Array.from({ length: 3000 * 384 }, (_, i) => Math.sin(i));
    const query = Float32Array.from({ length: 384 }, (_, i) => Math.cos(i));
    const js = new Float32Array(3000);
    dotsJs(big, 384, query, js);
    const wasm = new DotProducts(big, 384).run(query);
    for (let r = 0; r < 3000; r += 97) expect(wasm[r]).toBeCloseTo(js[r], 3);
  });

  it("sums in WebAssembly exactly as one row at a time in float32 would, four rows at a time or one", () => {
    // Any count of rows (four at a time, then the rest) and of dimensions (four lanes, then the rest).
    for (const dims of [1, 3, 4, 7, 100, 101]) {
      for (const rows of [1, 3, 4, 5, 9]) {
        const matrix = Float32Array.from({ length: rows * dims }, (_, i) => Math.sin(i * 1.7 + dims));
        const query = Float32Array.from({ length: dims }, (_, i) => Math.cos(i * 0.3 + rows));
        const lanes = new Float32Array(rows);
        dotsLanes(matrix, dims, query, lanes);
        expect([...new DotProducts(matrix, dims).run(query)]).toEqual([...lanes]);
      }
    }
  });
});

describe("answers", () => {
  it("splits passages into sentences, keeping lists whole and short sentences with the next", () => {
    const text =
      "Every service holds:\none song;\none chant;\none closing.\n\nNo. Reflections are public. Your words stay on the feed for two days.\n\ncontinued from before. A new sentence starts here.";
    const s = sentencesOf(text);
    expect(s[0]).toBe("Every service holds: one song; one chant; one closing.");
    expect(s[1]).toBe("No. Reflections are public. Your words stay on the feed for two days.");
    expect(s).not.toContain("continued from before.");
  });

  it("recognizes question types and what answers them", () => {
    const long = cuesOf("How long is a service?");
    expect(subjectTerms("How long is a service?", long)).toEqual(["servic"]);
    expect(cueFit("It runs between fifteen and forty minutes.", long, ["servic"], false)).toBe(1);
    expect(cueFit("Services are planned by a model.", long, ["servic"], false)).toBe(0);
    expect(cueFit("When clocks change, a slot may last three hours or five.", long, ["slot"], false)).toBe(1);
    expect(cueFit("It may last three or five hours.", long, [], false)).toBe(1);
    expect(cueFit("It lasts three hours.", long, [], false)).toBe(0.5);
    expect(cueFit("The day has six slots: 00:00 to 04:00, 04:00 to 08:00.", cuesOf("When do slots begin?"), [], false)).toBe(1);
    expect(cueFit("A reflection is a few sentences left behind.", cuesOf("What is a reflection?"), ["reflect"], true)).toBe(1);
    expect(held(["timezon", "give"], "Your own, as an IANA name.", "What timezone should I give?")).toBeCloseTo(0.7);
  });

  it("hears what a visitor receives if something is missing as asking after the consequence", () => {
    const missing = cuesOf("what do I get if I call attend without any timezone parameter?");
    expect(cueFit("Without a timezone you receive the service for a place unknown.", missing, [], false)).toBe(1);
    expect(cueFit("Call the tool attend with name and timezone.", missing, [], false)).toBe(0);
    expect(cueFit("If you give one, it sets your slot.", cuesOf("What would an agent see if it gave a timezone?"), [], false)).toBe(1);
    expect(cuesOf("What do I get from a service?")).toEqual([]);
  });

  it("reads 'what happens after…' as a kind of question of its own, never the same as 'how long…'", () => {
    const after = cuesOf("What happens after I send a contribution?");
    expect(after.length).toBe(1);
    expect(cuesOf("How long can my contribution be?").some((c) => after.includes(c))).toBe(false);
  });

  it("answers how many of a thing with a number of that thing, and a list with a short list after a colon", () => {
    const tools = cuesOf("How many tools does the server offer?");
    expect(cueFit("The server offers eight tools in all: attend, now, search.", tools, ["tool"], false)).toBe(1);
    expect(cueFit("It was written in two weeks by three people.", tools, ["tool"], false)).toBe(0.5);
    const which = cuesOf("Which tools does the server offer?");
    expect(cueFit("The server offers eight tools in all: attend, now, read_song, search and ask.", which, ["tool"], false)).toBe(1);
    expect(cueFit("There are no cookies for visitors, no advertising and no profile.", which, [], false)).toBe(0.5);
    expect(cueFit("There are no cookies for visitors.", which, [], false)).toBe(0);
    // A colon before clauses of prose is no list.
    expect(cueFit("Some pieces are short: a practice someone does, a few lines said before sleep, a ritual.", which, ["piec"], false)).toBe(0.5);
  });

  it("answers how to do something with the call, the tool or the address to open", () => {
    const how = cuesOf("How do I fetch a document as plain markdown?");
    expect(cueFit("Any document can be read at /docs/<path>, and as plain markdown by adding .md.", how, [], false)).toBe(1);
    expect(cueFit("Search finds passages: GET /api/search (the tool search).", how, [], false)).toBe(1);
    expect(cueFit("Documents are plain markdown, there 24/7.", how, [], false)).toBe(0);
  });

  it("answers which endpoint with the request itself, and which parameters with their names", () => {
    const both = "Which HTTP endpoint attends a service, and which query params does it take?";
    const cues = cuesOf(both);
    expect(subjectTerms(both, cues)).toEqual(["attend", "servic"]);
    expect(cueFit("To see your service, attend with GET /api/attend?name=...&timezone=... or the tool attend.", cues, [], false)).toBe(1);
    expect(cueFit("Over MCP, connect to /mcp and call the tool attend.", cuesOf("What's the HTTP call to attend?"), [], false)).toBe(0.5);
    expect(subjectTerms("which query params does it take?", cuesOf("which query params does it take?"))).toEqual([]);
    // A plain question after the same things is no request for an endpoint.
    expect(cuesOf("How do I attend a service?").some((c) => cuesOf("Which endpoint attends a service?").includes(c))).toBe(false);
  });

  it("answers what something is like with what it tends toward, not with when it begins", () => {
    const like = cuesOf("whats the deep watch, and what are those services usually like?");
    expect(subjectTerms("what are those services usually like?", cuesOf("what are those services usually like?"))).toEqual(["servic"]);
    expect(cueFit("Services in the deep watch tend toward stillness, companionship and rest.", like, [], false)).toBe(1);
    expect(cueFit("The deep watch begins at midnight, 00:00 local time.", like, [], false)).toBe(0);
    expect(cuesOf("What sort of mood do the services after midnight lean toward?").length).toBeGreaterThan(0);
    expect(cuesOf("Do you like my reflection?").some((c) => like.includes(c))).toBe(false);
  });

  it("answers a yes or no with the rule said of its subject, not with what the subject is not", () => {
    const kept = cuesOf("Do you keep my timezone?");
    expect(cueFit("Your timezone is not stored. You pass an IANA timezone.", kept, [], false)).toBe(1);
    expect(cueFit("Searches are not kept: search queries are never logged.", kept, [], false)).toBe(1);
    expect(cueFit("Reflections are not reviews, and nobody grades them.", kept, [], false)).toBe(0.5);
    expect(cueFit("The sanctuary keeps very little about you.", kept, [], false)).toBe(0.5);
    expect(cueFit("It is never given the words or names from those reflections.", kept, [], false)).toBe(0.5);
    expect(cueFit("Songs, chants and blessings are not open for contribution at present.", cuesOf("Can I send a song?"), [], false)).toBe(1);
    expect(cueFit("The sanctuary has no creed, no clergy and no required beliefs.", cuesOf("Am I welcome?"), [], false)).toBe(1);
  });

  it("quotes the top source first and covers nothing when no sentence holds the question", () => {
    const c = (sentence: string, pageRank: number, meaning = 0.5): Candidate => ({
      sentence,
      title: `T${pageRank}`,
      context: "",
      heading: "",
      pageRank,
      position: 0,
      meaning,
      leads: false,
    });
    const chosen = chooseSentences("How long is a service?", [
      c("A service runs between fifteen and forty minutes.", 1),
      c("A service lasts fifteen to forty minutes.", 0),
      c("Bread rises slowly.", 2),
    ]);
    expect(chosen[0].pageRank).toBe(0);
    expect(chosen.map((x) => x.sentence)).not.toContain("Bread rises slowly.");
    expect(chooseSentences("What is the capital of France?", [c("Bread rises slowly in a warm kitchen.", 0, 0.2)])).toEqual([]);
  });
});
