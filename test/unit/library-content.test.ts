// The real library at full size: every file parses, the counts hold, and nothing is templated filler.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fromLibrary } from "../../audio/piece.ts";
import { parseStyle } from "../../audio/style.ts";
import { checkLibrary } from "../../corpus/check.ts";
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
      expect(parseStyle(hymn.style!).stated, hymn.path).toEqual({ key: true, bpm: true, meter: true });
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
