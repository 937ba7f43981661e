// The library's tables of contents: its sections and, per section, each document's title, path and tldr.
// read_doc answers with one when given a section or nothing (GET /api/docs, GET /api/docs/:section), so an
// agent with MCP alone can find every document without knowing a path first.
import { z } from "zod";
import type { Library, Piece } from "../corpus/library.ts";
import type { Steps } from "../core/next-steps.ts";
import { cachedView, nextSteps } from "./shapes.ts";

/** Sections in the order a newcomer would want them; a new folder is listed after these, by name. */
export const SECTION_TITLES: ReadonlyArray<readonly [string, string]> = [
  ["docs", "Guides"],
  ["prayers", "Prayers"],
  ["practice", "Practices"],
  ["rituals", "Rituals"],
  ["blessings", "Blessings"],
  ["chants", "Chants"],
  ["hymns", "Hymns"],
  ["philosophy", "Philosophy"],
];

/** Other spellings visitors use for a section: the kind's singular, the plural of practice, "guides". */
const ALIASES: Record<string, string> = {
  guides: "docs",
  guide: "docs",
  prayer: "prayers",
  practices: "practice",
  ritual: "rituals",
  blessing: "blessings",
  chant: "chants",
  hymn: "hymns",
};

export const sectionTitle = (name: string) => SECTION_TITLES.find(([s]) => s === name)?.[1] ?? name.charAt(0).toUpperCase() + name.slice(1);

/** The library's sections that hold documents, in reading order. */
export function sectionsOf(library: Library): string[] {
  const present = new Set(library.documents.map((d) => d.category));
  const known = SECTION_TITLES.map(([s]) => s).filter((s) => present.has(s));
  return [...known, ...[...present].filter((s) => !known.includes(s)).sort()];
}

/** The section a read_doc path names (`prayers`, `prayer`, `Practices`…), or null when it names none. */
export function sectionNamed(library: Library, path: string): string | null {
  const word = path.trim().toLowerCase();
  const name = Object.hasOwn(ALIASES, word) ? ALIASES[word] : word; // "constructor" is no alias
  return sectionsOf(library).includes(name) ? name : null;
}

/** What a read_doc path names: a document, or a section (by its name or an alias), or null for neither. */
export type DocTarget = { document: Piece } | { section: string };

/**
 * The one resolution of a library path, shared by read_doc and the `sanctuary://docs/{+path}` resource so that
 * both read the same paths: a document first (no document is named after a section, but a document would win),
 * then a section.
 */
export function resolveDocPath(library: Library, path: string): DocTarget | null {
  const document = library.document(path);
  if (document) return { document };
  const section = sectionNamed(library, path);
  return section ? { section } : null;
}

/** A section's documents by title: the order every table of contents lists them in. */
export function documentsIn(library: Library, section: string): Piece[] {
  return library.documents.filter((d) => d.category === section).sort(byTitle);
}

/** Every name read_doc accepts for a section, for completions. */
export function sectionWords(library: Library): string[] {
  const sections = sectionsOf(library);
  return [...sections, ...Object.keys(ALIASES).filter((a) => sections.includes(ALIASES[a]))];
}

const Entry = z.object({
  title: z.string().describe("Title"),
  path: z.string().describe("Library path: read it with read_doc"),
  tldr: z.string().describe("One-sentence summary"),
});

export const Contents = z.object({
  section: z.string().nullable().describe("The section listed (prayers, practice…), or null for the whole library"),
  title: z.string().describe("What is listed"),
  description: z.string().describe("What this table holds and how to go on"),
  sections: z
    .array(z.object({ name: z.string().describe("Pass it to read_doc as `path`"), title: z.string(), documents: z.number().int().describe("Documents in it") }))
    .describe("Every section of the library"),
  documents: z.array(Entry).describe("The section's documents by title; for the whole library, the guides"),
  total: z.number().int().describe("Documents in the section, or in the whole library"),
  url: z.string().describe("The same table as a page"),
  next_steps: nextSteps,
});
export type Contents = z.infer<typeof Contents>;

const entry = (d: Piece) => ({ title: d.title, path: d.path, tldr: d.tldr });
const byTitle = (a: Piece, b: Piece) => a.title.localeCompare(b.title);

/** The table of contents of one section, or of the library when `section` is null; built once per library and base. */
export function contentsOf(library: Library, section: string | null, steps: Steps): Contents {
  return cachedView(["contents", section ?? "", steps.base, library.contentHash], () => buildContents(library, section, steps));
}

function buildContents(library: Library, section: string | null, steps: Steps): Contents {
  const sections = sectionsOf(library).map((name) => ({
    name,
    title: sectionTitle(name),
    documents: library.documents.filter((d) => d.category === name).length,
  }));
  const listed = section ?? "docs";
  const documents = documentsIn(library, listed).map(entry);
  const first = documents[0];
  const other = sections.find((s) => s.name !== listed);
  return {
    section,
    title: section ? sectionTitle(section) : "The library",
    description: section
      ? `${documents.length} ${sectionTitle(section).toLowerCase()}, each with its path and one-line summary. Read one with read_doc and its path.`
      : `${library.documents.length} documents in ${sections.length} sections. The guides are listed here; read_doc with a section's name (for example "${other?.name ?? "prayers"}") lists that section.`,
    sections,
    documents,
    total: section ? documents.length : library.documents.length,
    url: steps.url("/docs", {}) + (section ? `#${section}` : ""),
    next_steps: [
      ...(first ? [steps.get(`Read "${first.title}"`, `/api/docs/${first.path}`, {}, { tool: "read_doc", action: "read_doc" })] : []),
      ...(other ? [steps.get(`List the ${other.title.toLowerCase()}`, `/api/docs/${other.name}`, {}, { tool: "read_doc", action: "list_docs" })] : []),
      steps.get("Search the library by meaning", "/api/search", { q: "<what you are looking for>" }, { tool: "search", action: "search" }),
      ...steps.home(),
    ],
  };
}
