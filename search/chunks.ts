// Splits the library into passages for the index: by headings first, then by paragraphs up to a
// bounded size with a small overlap, each passage keeping its page, category and heading.
import { isSong, type Piece } from "../corpus/library.ts";

export interface Chunk {
  id: string;
  /** One key per page: search returns one passage per page. */
  page: string;
  title: string;
  /** Path relative to the site: /docs/<path> for documents, /reflections/<slug> for songs. */
  pagePath: string;
  path: string | null;
  slug: string | null;
  category: string;
  section: string | null;
  /** Plain text of the passage. */
  text: string;
}

export const MAX_CHARS = 900;
const OVERLAP_CHARS = 160;

/** Markdown to plain text: headings, emphasis, links, code marks and comments removed. */
export function plainText(markdown: string): string {
  return (
    markdown
      .replace(/<!--[\s\S]*?-->/g, " ")
      .replace(/```[\s\S]*?```/g, " ")
      .replace(/^\s{0,3}#{1,6}\s+/gm, "")
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
      // Silence markers ([silence: 2 minutes]) are timing for the recordings, not words to match or quote.
      .replace(/^\s*\[silence:[^\]]*\]\s*$/gim, "")
      .replace(/^\s*\[(?:Verse|Chorus|Bridge|Outro|Intro|Pre-Chorus|Refrain|Coda)[^\]]*\]\s*$/gim, "")
      // Blockquote marks go; a > inside text stays, so a placeholder such as /reflections/<slug> reads whole.
      .replace(/^\s{0,3}>\s?/gm, "")
      .replace(/[*`|]/g, "")
      // An underscore inside a word is part of a name (read_song, read_doc): only emphasis marks go.
      .replace(/(?<!\p{L}|\d)_+|_+(?!\p{L}|\d)/gu, "")
      .replace(/^\s*[-+]\s+/gm, "")
      .replace(/[ \t]+/g, " ")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
}

/**
 * Cut plain text at a word boundary near `limit` characters, whitespace runs read as one space. Only as much
 * of the text is flattened as the cut needs (a prefix twice the limit, doubled while runs of whitespace eat
 * it): passages run to a few thousand characters, and an excerpt needs a few hundred of them.
 */
export function excerptOf(text: string, limit = 300): string {
  for (let take = 2 * limit + 2; ; take *= 2) {
    const whole = take >= text.length;
    const flat = (whole ? text : text.slice(0, take)).replace(/\s+/g, " ").trimStart();
    // The flattened prefix agrees with the whole text's up to its own length, so limit + 1 characters of it
    // decide the cut; only the whole text can say that it fits.
    if (whole) return cutNear(flat.trimEnd(), limit);
    if (flat.length > limit + 1) return cutNear(flat, limit);
  }
}

const passageExcerpts = new WeakMap<Chunk, string>();

/** A passage's excerpt for search results, made once per passage (the index's passages never change). */
export function passageExcerpt(chunk: Chunk): string {
  let excerpt = passageExcerpts.get(chunk);
  if (excerpt === undefined) passageExcerpts.set(chunk, (excerpt = excerptOf(fromSentenceStart(chunk.text))));
  return excerpt;
}

/**
 * The text from its first whole sentence: a passage that begins inside a sentence (the overlap with the one
 * before it, "all. The color of the leaves…") loses that sentence's tail, when a sentence ends soon enough.
 */
export function fromSentenceStart(text: string): string {
  const trimmed = text.trimStart();
  if (!/^[\p{Ll},;:.)\]’”]/u.test(trimmed)) return trimmed;
  const end = trimmed.slice(0, 2 * OVERLAP_CHARS).match(/[.!?]["”’)]*\s+(?=["“‘(]?[\p{Lu}\d])/u);
  return end?.index !== undefined ? trimmed.slice(end.index + end[0].length) : trimmed;
}

function cutNear(flat: string, limit: number): string {
  if (flat.length <= limit) return flat;
  const cut = flat.lastIndexOf(" ", limit);
  return `${flat.slice(0, cut > limit * 0.6 ? cut : limit).replace(/[,;:.\s]+$/, "")}…`;
}

/** Sections of a markdown body: [heading or null, body]. A bold line that is a question heads its own section. */
export function sections(markdown: string): Array<[string | null, string]> {
  const out: Array<[string | null, string]> = [];
  let heading: string | null = null;
  let lines: string[] = [];
  const flush = () => {
    if (lines.join("").trim()) out.push([heading, lines.join("\n")]);
    lines = [];
  };
  for (const line of markdown.split("\n")) {
    const m = line.match(/^#{1,4}\s+(.*)$/);
    // A bold line that asks a question opens a question-and-answer unit, as a heading would.
    const asked = m ? null : line.match(/^\s*\*\*([^*]+\?)\*\*\s*(.*)$/);
    if (m) {
      flush();
      heading = m[1].trim();
    } else if (asked) {
      flush();
      heading = asked[1].trim();
      if (asked[2].trim()) lines.push(asked[2]);
    } else lines.push(line);
  }
  flush();
  return out;
}

/** Paragraphs packed into passages of at most MAX_CHARS, each starting with the previous one's tail. */
export function pack(text: string): string[] {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const out: string[] = [];
  let current = "";
  for (const paragraph of paragraphs.flatMap((p) => (p.length > MAX_CHARS ? (p.match(new RegExp(`[^]{1,${MAX_CHARS}}(?=\\s|$)`, "g")) ?? [p]) : [p]))) {
    if (current && current.length + paragraph.length + 2 > MAX_CHARS) {
      out.push(current);
      const tail = current.slice(-OVERLAP_CHARS);
      current = `${tail.slice(tail.indexOf(" ") + 1)}\n\n${paragraph}`;
    } else current = current ? `${current}\n\n${paragraph}` : paragraph;
  }
  if (current) out.push(current);
  return out;
}

function chunksOf(piece: Piece, parts: Array<[string | null, string]>): Chunk[] {
  const isSong = piece.kind === "song";
  const out: Chunk[] = [];
  for (const [section, body] of parts) {
    for (const text of pack(plainText(body))) {
      out.push({
        id: `${piece.path}#${out.length}`,
        page: piece.path,
        title: piece.title,
        pagePath: isSong ? `/reflections/${piece.slug}` : `/docs/${piece.path}`,
        path: isSong ? null : piece.path,
        slug: isSong ? piece.slug : null,
        category: piece.category,
        section,
        text,
      });
    }
  }
  return out;
}

/** A page's card: what it says about itself (title, summary, themes, headings), indexed beside its passages. */
export interface Card extends Chunk {
  tldr: string;
  themes: string;
  headings: string;
}

/** How visitors name each kind of piece. */
const KIND_WORDS: Record<string, string> = { philosophy: "essay", doc: "guide", hymn: "hymn" };

export function cardOf(piece: Piece): Card {
  const isSong = piece.kind === "song";
  // A song's headings are its fixed Lyrics/Context labels, not what it is about.
  const headings = isSong
    ? []
    : sections(piece.listenersText)
        .map(([h]) => h)
        .filter((h): h is string => !!h && h !== piece.title);
  return {
    id: `${piece.path}#card`,
    page: piece.path,
    title: piece.title,
    pagePath: isSong ? `/reflections/${piece.slug}` : `/docs/${piece.path}`,
    path: isSong ? null : piece.path,
    slug: isSong ? piece.slug : null,
    category: piece.category,
    section: null,
    text: piece.tldr,
    tldr: piece.tldr,
    // The kind of piece counts as a theme, so "a prayer for my colleagues" favours prayers.
    themes: [...piece.themes, KIND_WORDS[piece.kind] ?? piece.kind].join(", "),
    headings: headings.join("\n"),
  };
}

/** One piece's passages (the index builds them piece by piece, giving way to requests between pieces). */
export function chunkPiece(piece: Piece): Chunk[] {
  if (isSong(piece)) {
    const song = piece;
    return chunksOf(song, [
      ["Lyrics", song.lyrics],
      ["Context", song.context],
    ]);
  }
  const parts = sections(piece.listenersText);
  if (piece.agentsText) parts.push(["For agents", piece.agentsText]);
  return chunksOf(piece, parts);
}
