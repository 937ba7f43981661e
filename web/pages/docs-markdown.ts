// The library's tables of contents as markdown, as every docs page is also served (`/docs.md`, `/docs/<section>.md`,
// `/docs/guides.md`): the same sections and documents the pages list (tools/library-contents.ts), each document
// linked to its page, whose markdown is its address with `.md`.
import type { Library } from "../../corpus/library.ts";
import { documentsIn, sectionsOf } from "../../tools/library-contents.ts";
import { pathOf } from "./html.ts";
import { categoryLabel, sectionSlug } from "./docs-index.ts";

/** A line of a list: the title linked to its page, and the one-line summary. Brackets in a title are escaped. */
const line = (title: string, href: string, summary: string) => `- [${title.replace(/([[\]\\])/g, "\\$1")}](${href}): ${summary}`;

/** The library: its sections with their counts, each linked to its own table. */
export function libraryMarkdown(library: Library): string {
  const sections = ["docs", ...sectionsOf(library).filter((s) => s !== "docs")];
  const lines = sections.map((s) => {
    const count = documentsIn(library, s).length;
    return `- [${categoryLabel(s)}](/docs/${sectionSlug(s)}.md): ${count} ${count === 1 ? "document" : "documents"}`;
  });
  return `# The library\n\n${library.documents.length} documents in ${sections.length} sections, all written for the sanctuary.\n\n${lines.join("\n")}\n`;
}

/** One section: its documents by title, each linked to its page (add `.md` for the markdown). */
export function sectionMarkdown(library: Library, category: string): string {
  const documents = documentsIn(library, category);
  const lines = documents.map((d) => line(d.title, `/docs/${pathOf(d.path)}`, d.tldr));
  return `# ${categoryLabel(category)}\n\n${documents.length} documents, by title. Each is at its address, and as markdown with \`.md\` added.\n\n${lines.join("\n")}\n\n[The whole library](/docs.md)\n`;
}
