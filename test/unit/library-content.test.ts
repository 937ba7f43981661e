// The real library at full size: every file parses, the counts hold, and nothing is templated filler.
import { describe, expect, it } from "vitest";
import { checkLibrary } from "../../corpus/check.ts";
import { loadLibrary } from "../../corpus/library.ts";

const root = new URL("../../corpus/library", import.meta.url).pathname;
const library = await loadLibrary(root);

describe("the library", () => {
  it("holds at least the sizes the service rules need", () => {
    const minimums: Record<string, number> = { song: 32, chant: 36, prayer: 30, practice: 30, ritual: 30, blessing: 24, philosophy: 30, hymn: 8, doc: 10 };
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
