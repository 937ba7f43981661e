// Asked-as: for a guide's sentences, questions visitors ask in their own words whose answer that sentence is
// (`<library>/asked/<guide>.md`, written from the guide alone, never from a test set: corpus/WRITING.md). ask
// weighs them as it weighs a FAQ's own question (search/ground.ts), so "can I drop a link to my website" meets
// the sentence about web addresses although the two share no word. They are not pages, and not searched.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

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

/** Every asked-as file under `<dir>/asked/`, by guide slug; `guideText` gives a guide's markdown (undefined: no such guide). */
export async function loadAsked(dir: string, guideText: (slug: string) => string | undefined): Promise<Map<string, AskedSentence[]>> {
  const folder = join(dir, ASKED_FOLDER);
  const names = await readdir(folder).catch(() => [] as string[]);
  const out = new Map<string, AskedSentence[]>();
  for (const name of names.filter((n) => n.endsWith(".md")).sort()) {
    const slug = name.slice(0, -3);
    const guide = guideText(slug);
    if (guide === undefined) throw new Error(`asked/${name}: there is no guide ${slug}.md at the top of the library`);
    out.set(slug, parseAsked(slug, await readFile(join(folder, name), "utf8"), guide));
  }
  return out;
}
