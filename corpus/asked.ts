// Asked-as: for a guide's sentences, questions visitors ask in their own words whose answer that sentence is
// (`<library>/asked/<guide>.md`, written from the guide alone, never from a test set: corpus/WRITING.md). ask
// weighs them as it weighs a FAQ's own question (search/ground.ts), so "can I drop a link to my website" meets
// the sentence about web addresses although the two share no word. They are not pages, and not searched.
import { readdir } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { smallFiles } from "../core/small-files.ts";

/** A sentence of a guide, named by a fragment of it, and the questions it answers. */
export interface AskedSentence {
  fragment: string;
  questions: string[];
}

export const ASKED_FOLDER = "asked";

/** Text as a sentence reads once markdown's emphasis, code marks and link targets are gone, spaces single. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\*\*|__|`/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\s+/g, " ");
}

/**
 * Reads one asked-as file: `## "<fragment>"` lines, each followed by 4–8 `- <question>?` lines. Each fragment
 * must occur exactly once in the guide's plain text (`guide`), so it names one sentence. Throws naming the line.
 */
export function parseAsked(slug: string, text: string, guide: string): AskedSentence[] {
  const plain = plainText(guide);
  const out: AskedSentence[] = [];
  const seen = new Set<string>();
  const fail = (line: number, why: string): never => {
    throw new Error(`asked/${slug}.md line ${line}: ${why}`);
  };
  const close = (line: number) => {
    const last = out.at(-1);
    if (last && (last.questions.length < 4 || last.questions.length > 8)) fail(line, `"${last.fragment}" has ${last.questions.length} questions (4 to 8)`);
  };
  text.split("\n").forEach((raw, i) => {
    const line = raw.trim();
    if (!line || (i === 0 && line === `# ${slug}`)) return;
    const heading = line.match(/^## "(.+)"$/);
    if (heading) {
      close(i + 1);
      const fragment = heading[1];
      const times = plain.split(fragment).length - 1;
      if (times !== 1) fail(i + 1, `"${fragment}" occurs ${times} times in the guide; it must name one sentence`);
      out.push({ fragment, questions: [] });
      return;
    }
    const question = line.match(/^- (.+\?)$/)?.[1];
    if (!question || !out.length) return fail(i + 1, `expected '## "<fragment of a sentence>"' or '- <question>?'`);
    if (seen.has(question.toLowerCase())) fail(i + 1, `"${question}" is asked twice`);
    seen.add(question.toLowerCase());
    out.at(-1)!.questions.push(question);
  });
  close(text.split("\n").length);
  return out;
}

/**
 * Reads one piece's asked-as file (`asked/<folder>/<slug>.md`): `# <folder>/<slug>`, then 4–8 `- <request>?` lines,
 * requests for which the piece is a fitting answer ("is there a prayer for the night before chemo?").
 */
export function parseAskedPiece(path: string, text: string): string[] {
  const lines = text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  const fail = (why: string): never => {
    throw new Error(`asked/${path}.md: ${why}`);
  };
  if (lines[0] !== `# ${path}`) fail(`the first line must be "# ${path}"`);
  const requests = lines.slice(1).map((line) => line.match(/^- (.+\?)$/)?.[1] ?? fail(`expected '- <request>?', found "${line}"`));
  if (requests.length < 4 || requests.length > 8) fail(`${requests.length} requests (4 to 8)`);
  if (new Set(requests.map((r) => r.toLowerCase())).size < requests.length) fail("a request is written twice");
  return requests;
}

/** A library's asked-as questions: the guides' sentences', by guide slug, and the pieces' requests, by piece path. */
export interface Asked {
  guides: Map<string, AskedSentence[]>;
  pieces: Map<string, string[]>;
}

/** Where the library's guides and pieces are, as an asked-as file names them. */
export interface AskedTargets {
  /** A guide's markdown by slug; undefined when there is no such guide. */
  guideText(slug: string): string | undefined;
  /** Whether the library holds a piece at this path. */
  isPiece(path: string): boolean;
}

/**
 * Reads one asked-as file (`file`: its path below `asked/`) into `asked`: `<slug>.md` is a guide's, `<folder>/<slug>.md`
 * a piece's. Throws naming the file when it names nothing the library holds or breaks the form. The loader and the
 * checker (check.ts) both read the files through it.
 */
export function addAskedFile(asked: Asked, file: string, text: string, targets: AskedTargets): void {
  const path = file.slice(0, -3);
  if (path.includes("/")) {
    if (!targets.isPiece(path)) throw new Error(`asked/${file}: there is no piece ${path} in the library`);
    asked.pieces.set(path, parseAskedPiece(path, text));
    return;
  }
  const guide = targets.guideText(path);
  if (guide === undefined) throw new Error(`asked/${file}: there is no guide ${path}.md at the top of the library`);
  asked.guides.set(path, parseAsked(path, text, guide));
}

/** Every asked-as file under `<dir>/asked/`, by its path there ("faq.md", "prayers/for-a-test.md"), sorted. */
async function askedFiles(dir: string): Promise<string[]> {
  const folder = join(dir, ASKED_FOLDER);
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(".md"))
    .map((e) => relative(folder, join(e.parentPath, e.name)).split(sep).join("/"))
    .sort();
}

/** Every asked-as file under `<dir>/asked/`, read (addAskedFile). */
export async function loadAsked(dir: string, targets: AskedTargets): Promise<Asked> {
  const asked: Asked = { guides: new Map(), pieces: new Map() };
  const files = await askedFiles(dir);
  let at = 0;
  for await (const { text } of smallFiles(files.map((file) => join(dir, ASKED_FOLDER, file)))) addAskedFile(asked, files[at++], text, targets);
  return asked;
}
