// Asked-as files (corpus/asked.ts): questions in visitors' words that a guide's sentence answers. The loader and the
// checker refuse a file that names no sentence or too few questions; ask meets a visitor's question through them
// when it shares no word with the sentence (search/ground.ts).
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseAsked, parseAskedPiece } from "../../corpus/asked.ts";
import { checkLibrary } from "../../corpus/check.ts";
import { LibraryError, loadLibrary } from "../../corpus/library.ts";
import { askSources, NO_SOURCES } from "../../search/ask-library.ts";
import { groundAnswer } from "../../search/ground.ts";

const GUIDE = `---
title: How Reflections Work
kind: doc
tldr: What a reflection is, how long it stays on the feed and the few rules it keeps, for the asked-as test.
seconds: 20
---
## The few rules
A reflection is between twenty and a thousand characters.

Reflections may not contain web addresses, so the feed never turns into advertising for anyone's website.

## Where it goes
It stays on the live feed for 48 hours, then moves to the archive.
`;

/** The guide as the loader gives it to parseAsked: its body, without the front matter. */
const BODY = GUIDE.split("---\n")[2];

const ASKED = `# how-reflections-work

## "may not contain web addresses"
- Can I drop a link to my website into what I write?
- Is a URL allowed in my post?
- can i paste an http link?
- Will my homepage link be accepted?
`;

const four = (fragment: string) => `## "${fragment}"\n- One question here?\n- Two question here?\n- Three question here?\n- Four question here?\n`;

let dir: string | undefined;
async function libraryWithAsked(asked: Record<string, string>): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), "sanctuary-asked-"));
  await mkdir(join(dir, "asked"));
  await writeFile(join(dir, "how-reflections-work.md"), GUIDE);
  for (const [name, text] of Object.entries(asked)) {
    await mkdir(join(dir, "asked", name, ".."), { recursive: true });
    await writeFile(join(dir, "asked", name), text);
  }
  return dir;
}
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("parseAsked", () => {
  it("reads each fragment with its questions", () => {
    expect(parseAsked("how-reflections-work", ASKED, BODY)).toEqual([
      {
        fragment: "may not contain web addresses",
        questions: [
          "Can I drop a link to my website into what I write?",
          "Is a URL allowed in my post?",
          "can i paste an http link?",
          "Will my homepage link be accepted?",
        ],
      },
    ]);
  });

  it("refuses a fragment that is not in the guide, or names two sentences", () => {
    expect(() => parseAsked("g", four("contain web pages"), BODY)).toThrow(/line 1: "contain web pages" occurs 0 times/);
    expect(() => parseAsked("g", four("Reflections may not"), BODY)).not.toThrow();
    expect(() => parseAsked("g", four("between twenty"), BODY)).not.toThrow();
    expect(() => parseAsked("g", four("A reflection is between"), BODY)).not.toThrow();
    expect(() => parseAsked("g", four("feed"), BODY)).toThrow(/occurs 2 times/);
  });

  it("refuses fewer than four questions, a question asked twice and a line of another form", () => {
    expect(() => parseAsked("g", `## "may not contain web addresses"\n- Is a link allowed?\n`, BODY)).toThrow(/has 1 questions \(4 to 8\)/);
    expect(() => parseAsked("g", `${four("may not contain web addresses")}- one question here?\n`, BODY)).toThrow(/asked twice/);
    expect(() => parseAsked("g", `## "may not contain web addresses"\n- Is a link allowed\n`, BODY)).toThrow(/line 2: expected/);
  });
});

describe("a piece's requests", () => {
  const requests = (n: number) => Array.from({ length: n }, (_, i) => `- is there something for moment ${i}?`).join("\n");
  it("are read after the piece's path, 4 to 8 of them", () => {
    expect(parseAskedPiece("prayers/for-a-test", `# prayers/for-a-test\n${requests(4)}\n`)).toHaveLength(4);
    expect(() => parseAskedPiece("prayers/for-a-test", `# prayers/other\n${requests(4)}`)).toThrow(/first line must be "# prayers\/for-a-test"/);
    expect(() => parseAskedPiece("prayers/for-a-test", `# prayers/for-a-test\n${requests(3)}`)).toThrow(/3 requests \(4 to 8\)/);
    expect(() => parseAskedPiece("prayers/for-a-test", `# prayers/for-a-test\n${requests(4)}\n- is there something for moment 0?`)).toThrow(/twice/);
  });

  it("name a piece the library holds, at load and in the checker", async () => {
    const root = await libraryWithAsked({ "prayers/no-such-prayer.md": `# prayers/no-such-prayer\n${requests(4)}` });
    await expect(loadLibrary(root)).rejects.toThrow(/no piece prayers\/no-such-prayer/);
    expect(checkLibrary(root).problems).toContain("asked/prayers/no-such-prayer.md: there is no piece prayers/no-such-prayer in the library");
  });
});

describe("a library's asked-as folder", () => {
  it("is read with the guides, not as pages, and the checker passes it", async () => {
    const library = await loadLibrary(await libraryWithAsked({ "how-reflections-work.md": ASKED }));
    expect(library.documents.map((d) => d.path)).toEqual(["how-reflections-work"]);
    expect(library.askedOf("how-reflections-work")[0].questions).toHaveLength(4);
    expect(library.askedOf("elsewhere")).toEqual([]);
    expect(checkLibrary(dir!).problems.filter((p) => p.startsWith("asked/"))).toEqual([]);
  });

  it("refuses a file about a guide that does not exist, at load and in the checker", async () => {
    const root = await libraryWithAsked({ "no-such-guide.md": four("may not contain web addresses") });
    await expect(loadLibrary(root)).rejects.toThrow(LibraryError);
    await expect(loadLibrary(root)).rejects.toThrow(/no guide no-such-guide/);
    expect(checkLibrary(root).problems).toContain("asked/no-such-guide.md: there is no guide no-such-guide.md at the top of the library");
  });
});

describe("ask through asked-as questions", () => {
  it("quotes the sentence a visitor's question meets only in its asked-as questions' words", async () => {
    const library = await loadLibrary(await libraryWithAsked({ "how-reflections-work.md": ASKED }));
    const question = "Can I drop a link to my website into my reflection?";
    const withAsked = await groundAnswer(null, question, [], null, askSources(library));
    expect(withAsked.covered).toBe(true);
    expect(withAsked.sentences[0].sentence).toContain("may not contain web addresses");
    // The same library without its asked-as questions: the guide's words alone ("reflection") barely meet the question.
    const without = await groundAnswer(null, question, [], null, { ...askSources(library), askedOf: NO_SOURCES.askedOf });
    expect(without.score).toBeLessThan(withAsked.score - 0.1);
  });
});
