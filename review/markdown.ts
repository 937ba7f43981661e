// A contribution's markdown, parsed once: the safety rules (review/screening.ts) and the draft's plain text
// (review/document.ts) read the same tokens. Before parsing, link openers that cannot matter are read as plain
// brackets: markdown-it scans from each `[` to the end of its paragraph for a closing `]`, so 3,000 openers in
// a paragraph of 10,000 characters cost it 30 to 50 ms (and twice that when parsed twice, issue 28). Pure.
import type MarkdownIt from "markdown-it";
import type Token from "markdown-it/lib/token.mjs";
import { BoundedMemo } from "../core/memo.ts";
import { markdownIt } from "../core/markdown-it.ts";

/** Links and images read as such per paragraph; no piece of writing needs more in one paragraph. */
export const MAX_OPENERS = 16;

// html:true only so that raw HTML shows up as its own tokens; nothing is rendered here. Made by the first parse.
let made: MarkdownIt | undefined;
export const parser = (): MarkdownIt => (made ??= new (markdownIt())({ html: true, linkify: false }));

/**
 * Markdown whose `[` are escaped (`\[`) where they cannot open a link: an opener with no `]` to close it
 * (literal anyway, so nothing changes), and every opener after the first MAX_OPENERS of a paragraph. What is
 * left costs the parser at most MAX_OPENERS scans of a paragraph: linear in the length of the text.
 */
export function boundedOpeners(text: string): string {
  if (!text.includes("[")) return text;
  return text
    .split(/(\n[ \t]*\n)/)
    .map(boundedBlock)
    .join("");
}

function boundedBlock(block: string): string {
  // Brackets outside backslash escapes, matched as nested pairs: what is left open never closes.
  const open: number[] = [];
  const closed = new Set<number>();
  for (const m of block.matchAll(/\\[\s\S]|[[\]]/g)) {
    if (m[0] === "[") open.push(m.index);
    else if (m[0] === "]" && open.length) closed.add(open.pop()!);
  }
  let kept = 0;
  let out = "";
  let from = 0;
  for (const m of block.matchAll(/\\[\s\S]|\[/g)) {
    if (m[0] !== "[" || (closed.has(m.index) && ++kept <= MAX_OPENERS)) continue;
    out += `${block.slice(from, m.index)}\\`;
    from = m.index;
  }
  return from === 0 && out === "" ? block : out + block.slice(from);
}

export interface ParsedMarkdown {
  /** The first raw HTML token's text (a tag or a comment), or null. */
  rawHtml: string | null;
  /** The words a reader meets: inline text and code, without markdown syntax. */
  plain: string;
}

/** The one parse of a text, kept for the few requests that read it again (screen, then handler). */
export function parseMarkdown(text: string): ParsedMarkdown {
  return parsed.get(text, () => read(parser().parse(boundedOpeners(text), {})));
}
const parsed = new BoundedMemo<ParsedMarkdown>(16);

function read(blocks: Token[]): ParsedMarkdown {
  let rawHtml: string | null = null;
  const parts: string[] = [];
  for (const block of blocks) {
    if (block.type === "html_block") {
      rawHtml ??= block.content;
      parts.push(block.content);
    } else if (block.type === "inline") {
      let line = "";
      for (const t of block.children ?? []) {
        if (t.type === "html_inline") rawHtml ??= t.content;
        // An image's alt text is parsed as inline markdown too, and may hold HTML of its own.
        for (const c of t.children ?? []) if (c.type === "html_inline") rawHtml ??= c.content;
        // Raw HTML counts as the text it is (it is refused anyway); images' alt text is in their children.
        if (t.type === "text" || t.type === "code_inline" || t.type === "html_inline") line += t.content;
        // A line break inside a paragraph (a poem's lines) separates words as a space does.
        else if (t.type === "softbreak" || t.type === "hardbreak") line += " ";
      }
      parts.push(line);
    } else if (block.type === "fence" || block.type === "code_block") parts.push(block.content);
  }
  return {
    rawHtml,
    plain: parts
      .map((p) => p.replace(/\s+/g, " ").trim())
      .filter(Boolean)
      .join(" "),
  };
}
