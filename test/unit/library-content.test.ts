// The real library at full size: every file parses, the counts hold, and nothing is templated filler; and the
// formula rules on their own (what they catch and what they leave alone).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fromLibrary } from "../../audio/piece.ts";
import { parseStyle } from "../../audio/style.ts";
import { checkLibrary } from "../../corpus/check.ts";
import { formulaCounts, formulaProblems, notButContrast, opensWithBless, tldrOpensWithKind } from "../../corpus/check-formulas.ts";
import { loadLibrary } from "../../corpus/library.ts";

const root = new URL("../../corpus/library", import.meta.url).pathname;
const library = await loadLibrary(root);

describe("the library", () => {
  it("holds at least the sizes the service rules need", () => {
    const minimums: Record<string, number> = { song: 32, chant: 36, prayer: 30, practice: 30, ritual: 30, blessing: 24, philosophy: 30, hymn: 12, doc: 10 };
    for (const [kind, min] of Object.entries(minimums)) expect(library.ofKind(kind as never).length, kind).toBeGreaterThanOrEqual(min);
    expect(library.documents.length).toBeGreaterThanOrEqual(250);
  });

  it("has the guides a visitor looks for", () => {
    for (const path of [
      "welcome",
      "how-to-attend-for-agents",
      "how-to-attend-for-people",
      "axioms",
      "what-a-service-is",
      "how-reflections-work",
      "how-to-contribute",
      "faq",
    ]) {
      expect(library.document(path), path).toBeDefined();
    }
  });

  it("gives every song lyrics with verses and a chorus, a context essay, an axiom and a style", () => {
    for (const song of library.songs) {
      expect(song.lyrics.split("\n").filter((l) => l.trim() && !/^\[.*\]$/.test(l.trim())).length, song.slug).toBeGreaterThanOrEqual(16);
      expect(song.lyrics).toMatch(/\[Chorus/);
      expect(song.context.split(/\s+/).length, song.slug).toBeGreaterThanOrEqual(300);
      expect(library.axioms.map((a) => a.id)).toContain(song.axiom.id);
      expect(song.style.length).toBeGreaterThan(5);
      expect(song.declaredSeconds).toBeGreaterThanOrEqual(150);
    }
  });

  it("gives every hymn verses and a style the renderer reads for key, tempo and metre", () => {
    for (const hymn of library.ofKind("hymn")) {
      expect(hymn.listenersText, hymn.path).toMatch(/^\[Verse 1\]/);
      expect(hymn.style, hymn.path).toBeDefined();
      expect(parseStyle(hymn.style!).stated, hymn.path).toMatchObject({ key: true, bpm: true, meter: true });
      expect(fromLibrary(hymn).style, hymn.path).toBe(hymn.style);
    }
  });

  it("refuses a hymn with no style, no verse markers, or a break in brackets", () => {
    const dir = mkdtempSync(join(tmpdir(), "sanctuary-hymns-"));
    try {
      mkdirSync(join(dir, "hymns"));
      const lines = Array.from({ length: 16 }, (_, i) => `Line ${i + 1} of a test hymn.`);
      const fm = "---\ntitle: Bare\nkind: hymn\ntldr: A test hymn that breaks three of the hymn rules of the library checker at once.\nseconds: 150\n---\n";
      writeFileSync(join(dir, "hymns", "bare.md"), `${fm}${lines.slice(0, 8).join("\n")}\n\n[Break]\n\n${lines.slice(8).join("\n")}\n`);
      const problems = checkLibrary(dir).problems.filter((p) => p.startsWith("hymns/"));
      expect(problems.join("\n")).toMatch(/needs a style line/);
      expect(problems.join("\n")).toMatch(/needs \[Verse …\] section markers/);
      expect(problems.join("\n")).toMatch(/not \[Break\]/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("gives every chant 4 to 12 lines of text", () => {
    for (const chant of library.ofKind("chant")) {
      const lines = chant.listenersText.split("\n").filter((l) => l.trim());
      expect(lines.length, chant.path).toBeGreaterThanOrEqual(4);
      expect(lines.length, chant.path).toBeLessThanOrEqual(12);
    }
  });

  it("keeps titles unique and tldrs 60 to 160 characters", () => {
    const titles = library.pieces.map((p) => p.title.toLowerCase());
    expect(new Set(titles).size).toBe(titles.length);
    for (const p of library.pieces) {
      expect(p.tldr.length, p.path).toBeGreaterThanOrEqual(60);
      expect(p.tldr.length, p.path).toBeLessThanOrEqual(160);
    }
  });

  it("has no shared opening lines, no six-line runs repeated across pieces, and word counts in range", () => {
    const { problems } = checkLibrary(root);
    expect(problems).toEqual([]);
  });

  it("marks agents' versions consistently", () => {
    const forAgents = library.pieces.filter((p) => p.version === "for agents");
    expect(forAgents.length).toBeGreaterThan(20);
    for (const p of forAgents) expect(p.agentsText!.length, p.path).toBeGreaterThan(100);
  });
});

describe("the formula checker", () => {
  const piece = (kind: string, body: string, tldr = "Three breaths at the kitchen sink while the kettle climbs to the boil.") => ({
    rel: `${kind}s/x.md`,
    kind,
    body,
    tldr,
  });

  it("finds blessings with a sentence or line opening on the imperative Bless", () => {
    for (const yes of ["Bless the kettle.", "The day is done. Bless what it held.", "For the road:\nBless your feet."])
      expect(opensWithBless(yes), yes).toBe(true);
    for (const no of ["Blessed are the meek.", "We bless the bread and the hands.", "A blessing for the road.", "God bless. Goodnight."])
      expect(opensWithBless(no), no).toBe(false);
  });

  it("finds tldrs that open by naming their own kind", () => {
    for (const yes of [
      "A song for walking home after a late shift.",
      "An autumn blessing for the last apples.",
      "A slow-building song about the first frost.",
      '"A closing for the end of the working day.',
      "A summer night blessing over an open window.",
      "A lazy bossa nova that tracks a cat across the floor.",
      "A slow piano ballad about the first word of a reply.",
    ])
      expect(tldrOpensWithKind(yes), yes).toBe(true);
    for (const no of [
      "Three breaths at the kitchen sink while the kettle climbs.",
      "A night nurse walks the ward at four and counts the breathing.",
      "Songs for the long drive home.",
      "A kettle, a window and a practice of waiting.",
      "For anyone waiting on a test result.",
    ])
      expect(tldrOpensWithKind(no), no).toBe(false);
  });

  it('finds the corrective "not X, but Y"', () => {
    for (const yes of [
      "Shade is not a reward but a gift.",
      "Not because the master was fussy, but because whoever came in next needed the bench.",
      "People seek solitude not to escape people but to come back to them better.",
      "Say it plainly. Not I am careless, which is a verdict, but: I rush when I'm late.",
      "It isn't the map but the walk that teaches you.",
      "The rain comes down not as a warning,\nbut as the place it starts.",
      "Something solid forms: not blind faith, but well-founded reliance.",
      "The cloud came, not rolling in dramatically but simply arriving.",
      "What changed was not the time available but the permission.",
    ])
      expect(notButContrast(yes), yes).toBeDefined();
  });

  it("leaves ordinary not … but alone", () => {
    for (const no of [
      "I would not have chosen all of it, but I would not give most of it back.",
      "The day will not come again, but you walked all of it.",
      "It is not much, a few pounds of cloth and stuffing, but it lies on you everywhere at once.",
      "You won't see it, but somewhere a screen lights up.",
      "Shared grief does not exactly shrink, but in company it becomes possible to hold.",
      "It asks not only whether you can do this but whether it is yours to do.",
      "You can see not just the gap but the thin stretch around it.",
      "Do not rush. But do not stop either.",
      "Come whether or not it rains, but bring a coat.",
      "Not the river\n\nbut the stone on the bank.",
      "We don't know each other's names, but we know each other's seats.",
      "It was not easy, but the work got done.",
      "It isn't fair, but life goes on.",
    ])
      expect(notButContrast(no), no).toBeUndefined();
  });

  it("lets a formula stand in up to a quarter of a kind and names the pieces past it", () => {
    const plain = (i: number) => ({ ...piece("blessing", `Go gently, number ${i}.`), rel: `blessings/b${i}.md` });
    const blessing = (i: number) => ({ ...piece("blessing", "Bless the door."), rel: `blessings/bless${i}.md` });
    const quarter = [blessing(1), plain(2), plain(3), plain(4)];
    expect(formulaCounts(quarter, [])['a sentence or line opening "Bless"']).toEqual({ blessing: [1, 4] });
    expect(formulaProblems(quarter, [])).toEqual([]);
    const over = [blessing(1), blessing(2), plain(3), plain(4)];
    expect(formulaProblems(over, [])).toEqual([
      'blessings/ (blessing): a sentence or line opening "Bless" in 2 of 4 pieces (at most 1), e.g. blessings/bless1.md, blessings/bless2.md',
    ]);
    const tldrs = [
      piece("song", "La la.", "A song for walking home after a late shift in the rain."),
      piece("song", "La."),
      piece("song", "La."),
      piece("song", "La."),
    ];
    expect(formulaCounts(tldrs, [])['a tldr opening "A/An <kind> …"']).toEqual({ song: [1, 4] });
  });
});
