// The loader validates every file at startup and names the file and the reason when one is wrong.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { LibraryError, loadLibrary } from "../../corpus/library.ts";

const axioms = `---
title: Axioms
kind: doc
tldr: The sayings the sanctuary keeps close, one carried by every song, in a short list for the loader test.
seconds: 10
axioms:
  - id: presence
    text: To be here is enough to begin.
---
Body.
`;
const song = (extra = "") => `---
title: Test Song
kind: song
tldr: A song used by the loader test to check that songs parse with lyrics and context sections.
seconds: 200
axiom: presence
style: plain voice
links: {suno: null, youtube: null}
${extra}---
## Lyrics

[Verse 1]
one line

[Chorus]
another line

## Context

Why it was written.
`;

let dir: string;
async function library(files: Record<string, string>): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), "sanctuary-lib-"));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, ".."), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("loadLibrary", () => {
  it("loads songs and documents with their sections", async () => {
    const lib = await loadLibrary(await library({ "axioms.md": axioms, "songs/test-song.md": song() }));
    const s = lib.song("test-song")!;
    expect(s.lyrics).toContain("[Chorus]");
    expect(s.context).toBe("Why it was written.");
    expect(s.axiom.text).toBe("To be here is enough to begin.");
    expect(lib.document("axioms")!.category).toBe("docs");
    expect(lib.contentHash).toMatch(/^[0-9a-f]{16}$/);
  });

  it.each([
    ["a missing tldr", { "songs/test-song.md": song().replace(/^tldr:.*\n/m, "") }, /songs\/test-song\.md.*tldr/],
    ["an unknown axiom", { "songs/test-song.md": song().replace("axiom: presence", "axiom: nonsense") }, /axiom "nonsense"/],
    ["no front matter", { "prayers/bare.md": "Just text." }, /prayers\/bare\.md.*front-matter/],
    ["broken YAML", { "prayers/bad.md": "---\ntitle: [unclosed\n---\nText" }, /prayers\/bad\.md.*YAML/],
    ["a kind that does not match its folder", { "prayers/wrong.md": song().replace("kind: song", "kind: ritual") }, /kind is "ritual"/],
    ["an unknown folder", { "poems/x.md": song() }, /unknown folder "poems"/],
  ])("refuses %s, naming the file and the reason", async (_label, files, message) => {
    const path = await library({ "axioms.md": axioms, ...files });
    await expect(loadLibrary(path)).rejects.toThrow(LibraryError);
    await expect(loadLibrary(path)).rejects.toThrow(message);
  });

  it("keeps a hymn's style line, and loads a hymn without one", async () => {
    const hymn = (title: string, extra = "") =>
      `---\ntitle: ${title}\nkind: hymn\ntldr: A hymn used by the loader test to check that a style line is kept when it is given.\nseconds: 150\n${extra}---\n[Verse 1]\nA line.\n`;
    const lib = await loadLibrary(
      await library({
        "axioms.md": axioms,
        "hymns/styled.md": hymn("Styled", "style: slow hymn in G major, 66 bpm, 3/4, pump organ\n"),
        "hymns/plain.md": hymn("Plain"),
      }),
    );
    expect(lib.document("hymns/styled")!.style).toBe("slow hymn in G major, 66 bpm, 3/4, pump organ");
    expect(lib.document("hymns/plain")!.style).toBeUndefined();
  });

  it("refuses two pieces with the same title", async () => {
    const other = song().replace("test-song", "x");
    const path = await library({ "axioms.md": axioms, "songs/test-song.md": song(), "songs/another.md": other });
    await expect(loadLibrary(path)).rejects.toThrow(/also used by/);
  });
});
