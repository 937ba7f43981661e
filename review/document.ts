// A contribution as the library file it would become: slug, folder, front matter in the library's format
// (corpus/WRITING.md, corpus/schema.ts) and the markdown body. Pure; both review backends use it.
import { createHash } from "node:crypto";
import { writeYaml } from "../corpus/front-matter.ts";
import { z } from "zod";
import { CommonFrontMatter, kindOfFolder, kinds, type Kind } from "../corpus/schema.ts";
import { wordsOf } from "../services/screening.ts";
import { parseMarkdown } from "./markdown.ts";

export const contributionCategories = ["prayers", "rituals", "hymns", "practice", "philosophy"] as const;
export type ContributionCategory = (typeof contributionCategories)[number];

export interface ContributionDraft {
  /** The contributor's chosen label (not verified). */
  name: string;
  category: ContributionCategory;
  kind: Kind;
  title: string;
  /** The markdown as sent (trimmed). */
  content: string;
  slug: string;
  /** Library path without `.md`, e.g. `prayers/morning-light` (what read_doc takes once approved). */
  path: string;
  /** Where the file lives in the repository, e.g. `corpus/library/prayers/morning-light.md`. */
  file: string;
  tldr: string;
  seconds: number;
  words: number;
  /** The whole file: front matter and body. */
  source: string;
}

/** A draft as the moderation queue keeps it (read back through review/queue.ts); fields it does not name are kept. */
export const ContributionDraft: z.ZodType<ContributionDraft> = z.looseObject({
  name: z.string(),
  category: z.enum(contributionCategories),
  kind: z.enum(kinds),
  title: z.string(),
  content: z.string(),
  slug: z.string(),
  path: z.string(),
  file: z.string(),
  tldr: z.string(),
  seconds: z.number(),
  words: z.number(),
  source: z.string(),
});

const MAX_SLUG = 60;

/** Kebab-case slug of a title (accents dropped); a title with no Latin letters gets a stable hashed one. */
export function slugOf(title: string): string {
  const base = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const cut = base.length <= MAX_SLUG ? base : base.slice(0, MAX_SLUG).replace(/-[^-]*$/, "") || base.slice(0, MAX_SLUG);
  return cut || `piece-${createHash("sha256").update(title.normalize("NFKC").toLowerCase()).digest("hex").slice(0, 8)}`;
}

/** The words a reader meets: inline text and code, without markdown syntax (from the one parse, review/markdown.ts). */
export function plainTextOf(markdown: string): string {
  return parseMarkdown(markdown).plain;
}

/** Cut at a word boundary to at most `max` characters, marking the cut with an ellipsis. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > max / 2 ? cut.lastIndexOf(" ") : cut.length).replace(/[\s,;:.-]+$/, "")}…`;
}

/** A one-sentence summary of 60–160 characters (the library's tldr rule), taken from the piece's opening. */
export function tldrOf(plain: string, kind: Kind, title: string): string {
  const sentences =
    plain
      .match(/[^.!?…]+[.!?…]*/g)
      ?.map((s) => s.trim())
      .filter(Boolean) ?? [];
  let summary = "";
  for (const sentence of sentences) {
    summary = summary ? `${summary} ${sentence}` : sentence;
    if (summary.length >= 60) break;
  }
  // Too short an opening to stand alone: say what the piece is first.
  if (summary.length < 60) summary = `A ${kind} offered by a visitor, "${clip(title, 60)}": ${summary}`;
  if (summary.length < 60) summary = `${summary} Offered to the sanctuary's library.`;
  return clip(summary, 160);
}

/** The contribution as a library file. Throws only if the result would not load (a bug, not bad input). */
export function draftDocument(input: { name: string; category: ContributionCategory; title: string; content: string }): ContributionDraft {
  const kind = kindOfFolder[input.category];
  const slug = slugOf(input.title);
  const plain = plainTextOf(input.content);
  const words = wordsOf(plain).length;
  const frontMatter = CommonFrontMatter.parse({
    title: input.title,
    kind,
    tldr: tldrOf(plain, kind, input.title),
    // Spoken pieces: words ÷ 2.5, rounded (corpus/WRITING.md).
    seconds: Math.max(1, Math.round(words / 2.5)),
    themes: [],
  });
  const yaml = writeYaml({ title: frontMatter.title, kind, tldr: frontMatter.tldr, seconds: frontMatter.seconds, themes: [] });
  return {
    name: input.name,
    category: input.category,
    kind,
    title: input.title,
    content: input.content,
    slug,
    path: `${input.category}/${slug}`,
    file: `corpus/library/${input.category}/${slug}.md`,
    tldr: frontMatter.tldr,
    seconds: frontMatter.seconds,
    words,
    source: `---\n${yaml}---\n${input.content.trim()}\n`,
  };
}
