// Asked-as: for a guide's sentences, questions visitors ask in their own words whose answer that sentence is
// (`<library>/asked/<guide>.md`, written from the guide alone, never from a test set: corpus/WRITING.md). ask
// weighs them as it weighs a FAQ's own question (search/ground.ts), so "can I drop a link to my website" meets
// the sentence about web addresses although the two share no word. They are not pages, and not searched.
import { readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";

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

/**
 * Every asked-as file under `<dir>/asked/`: `<slug>.md` for a guide (`guideText` gives its markdown, undefined when
 * there is no such guide), `<folder>/<slug>.md` for a piece (`isPiece` says whether the library holds it).
 */
export async function loadAsked(dir: string, guideText: (slug: string) => string | undefined, isPiece: (path: string) => boolean): Promise<Asked> {
  const folder = join(dir, ASKED_FOLDER);
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
  const asked: Asked = { guides: new Map(), pieces: new Map() };
  const files = entries
    .filter((e) => e.isFile() && e.name.endsWith(".md"))
    .map((e) => relative(folder, join(e.parentPath, e.name)).split(sep).join("/"))
    .sort();
  for (const file of files) {
    const path = file.slice(0, -3);
    const text = await readFile(join(folder, file), "utf8");
    if (path.includes("/")) {
      if (!isPiece(path)) throw new Error(`asked/${file}: there is no piece ${path} in the library`);
      asked.pieces.set(path, parseAskedPiece(path, text));
      continue;
    }
    const guide = guideText(path);
    if (guide === undefined) throw new Error(`asked/${file}: there is no guide ${path}.md at the top of the library`);
    asked.guides.set(path, parseAsked(path, text, guide));
  }
  return asked;
}
