// Loads the library (markdown with front matter) once into memory and answers lookups from it.
import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import { ASKED_FOLDER, loadAsked, type Asked, type AskedSentence } from "./asked.ts";
import { readYaml } from "./front-matter.ts";
import { smallFiles } from "../core/small-files.ts";
import { z } from "zod";
import { AxiomsFrontMatter, ChantFrontMatter, CommonFrontMatter, SongFrontMatter, kindOfFolder, type Kind, type NearEvent } from "./schema.ts";

export interface Piece {
  /** Library path without `.md`, e.g. `prayers/morning-light` or `welcome`. Unique. */
  path: string;
  slug: string;
  kind: Kind;
  /** Section folder (`prayers`, `practice`…), `song` for songs, `docs` for top-level documents. */
  category: string;
  title: string;
  tldr: string;
  /** Declared length in seconds (a recording's measured length overrides it, see Library.secondsOf). */
  declaredSeconds: number;
  themes: string[];
  /** Placement (corpus/WRITING.md): the seasons, slot start hours and dated event a piece fits; omitted = anywhere. */
  season: string[];
  slots?: number[];
  near?: { event: NearEvent; days: number };
  version?: "for agents";
  /** A sung piece's music (a song's is required; a hymn may carry one). */
  style?: string;
  /** The whole markdown body (after front matter). */
  markdown: string;
  /** What a listener hears: the body before any agents' version. */
  listenersText: string;
  /** The agents' version, when the piece has one. */
  agentsText?: string;
  /** The file as written, front matter included (served at /docs/<path>.md). */
  source: string;
  /** When the file was last written (ISO 8601; the sitemap's lastmod). Absent for pieces built in memory. */
  modified?: string;
}

export interface Song extends Piece {
  kind: "song";
  axiom: { id: string; text: string };
  style: string;
  lyrics: string;
  context: string;
  links: { suno: string | null; youtube: string | null };
}

/** Whether a piece is a song: the loader makes every piece of kind "song" a `Song` (lyrics, style, links). */
export const isSong = (piece: Piece): piece is Song => piece.kind === "song";

export interface Axiom {
  id: string;
  text: string;
}

const AGENTS_MARK = "<!-- for agents -->";

export class LibraryError extends Error {}

/** Everything a Library holds, kept in one object so a reload can swap it in a single assignment. */
interface LibraryContents {
  pieces: Piece[];
  axioms: Axiom[];
  contentHash: string;
  songs: Song[];
  documents: Piece[];
  bySlug: Map<string, Song>;
  byPath: Map<string, Piece>;
  /** Asked-as questions: the guides' sentences' and the pieces' requests (asked.ts). */
  asked: Asked;
}

export class Library {
  private contents: LibraryContents;

  constructor(pieces: Piece[], axioms: Axiom[], contentHash: string, asked: Asked = { guides: new Map(), pieces: new Map() }) {
    const songs = pieces.filter(isSong).sort((a, b) => a.title.localeCompare(b.title));
    const bySlug = new Map<string, Song>();
    const byPath = new Map<string, Piece>();
    for (const s of songs) bySlug.set(s.slug, s);
    for (const p of pieces) byPath.set(p.path, p);
    this.contents = { pieces, axioms, contentHash, songs, documents: pieces.filter((p) => p.kind !== "song"), bySlug, byPath, asked };
  }

  get pieces(): Piece[] {
    return this.contents.pieces;
  }
  get axioms(): Axiom[] {
    return this.contents.axioms;
  }
  /** Hash of every file's content: the search index rebuilds when it changes. */
  get contentHash(): string {
    return this.contents.contentHash;
  }
  get songs(): Song[] {
    return this.contents.songs;
  }
  get documents(): Piece[] {
    return this.contents.documents;
  }

  /**
   * Take over another library's contents in place (after an approved contribution is written), so every
   * holder of this instance sees the new documents without a restart. One assignment: no reader sees a mix.
   */
  replaceWith(other: Library): void {
    this.contents = other.contents;
  }

  song(slug: string): Song | undefined {
    return this.contents.bySlug.get(slug);
  }

  /** A non-song document by its library path. */
  document(path: string): Piece | undefined {
    const piece = this.contents.byPath.get(path);
    return piece && piece.kind !== "song" ? piece : undefined;
  }

  /** Any piece (songs included) by library path. */
  piece(path: string): Piece | undefined {
    return this.contents.byPath.get(path);
  }

  /** The questions visitors ask in their own words that a guide's sentences answer (asked.ts); none for other pages. */
  askedOf(path: string): readonly AskedSentence[] {
    return this.contents.asked.guides.get(path) ?? [];
  }

  /** Requests in visitors' words for which a piece is a fitting answer (asked.ts); none for a guide. */
  requestsFor(path: string): readonly string[] {
    return this.contents.asked.pieces.get(path) ?? [];
  }

  ofKind(kind: Kind): Piece[] {
    return this.contents.pieces.filter((p) => p.kind === kind);
  }
}

function splitFrontMatter(source: string): { data: unknown; body: string } | null {
  const m = source
    .replace(/^\uFEFF/, "")
    .replace(/\r\n/g, "\n")
    .match(/^---\n([\s\S]*?)\n---\n?([\s\S]*)$/);
  if (!m) return null;
  return { data: readYaml(m[1]), body: m[2] };
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join(".") || "front matter"}: ${i.message}`).join("; ");
}

function sectionOf(body: string, heading: string): string | null {
  const re = new RegExp(`^## ${heading}\\s*\\n([\\s\\S]*?)(?=^## |$(?![\\s\\S]))`, "m");
  const m = body.match(re);
  return m ? m[1].trim() : null;
}

async function markdownFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  // The asked-as folder holds questions about guides (asked.ts), not pages.
  const asked = resolve(dir, ASKED_FOLDER);
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(".md") && !`${resolve(e.parentPath)}${sep}`.startsWith(`${asked}${sep}`))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** Read and validate every file under `dir`. Throws a LibraryError naming the file and the reason. */
export async function loadLibrary(dir: string): Promise<Library> {
  const files = await markdownFiles(dir).catch((e) => {
    throw new LibraryError(`The library folder ${dir} cannot be read: ${(e as Error).message}`);
  });
  const hash = createHash("sha256");
  const pieces: Piece[] = [];
  let axioms: Axiom[] = [];
  const pendingSongs: Array<{ piece: Piece; fm: z.infer<typeof SongFrontMatter>; file: string }> = [];

  for await (const { path: file, text: source, modified: mtime } of smallFiles(files)) {
    const rel = relative(dir, file).split(sep).join("/");
    const fail = (why: string): never => {
      throw new LibraryError(`Library file ${file} is not valid: ${why}`);
    };
    hash.update(rel).update("\0").update(source).update("\0");
    const parts = rel.replace(/\.md$/, "").split("/");
    if (parts.length > 2) fail("documents live at most one folder deep");
    const folder = parts.length === 2 ? parts[0] : "";
    const slug = parts[parts.length - 1];
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) fail("the file name must be a kebab-case slug");
    const expectedKind = kindOfFolder[folder];
    if (!expectedKind) fail(`unknown folder "${folder}"`);

    let split: ReturnType<typeof splitFrontMatter>;
    try {
      split = splitFrontMatter(source);
    } catch (e) {
      return fail(`front matter is not valid YAML (${(e as Error).message})`);
    }
    if (!split) return fail("it must start with a front-matter block between --- lines");
    const schema =
      expectedKind === "song"
        ? SongFrontMatter
        : expectedKind === "chant"
          ? ChantFrontMatter
          : slug === "axioms" && folder === ""
            ? AxiomsFrontMatter
            : CommonFrontMatter;
    const parsed = schema.safeParse(split.data);
    if (!parsed.success) fail(describeIssues(parsed.error));
    const fm = parsed.data as z.infer<typeof CommonFrontMatter>;
    if (fm.kind !== expectedKind) fail(`kind is "${fm.kind}" but files in "${folder || "the top level"}" are "${expectedKind}"`);
    const markdown = split.body.trim();
    const [listeners, agents] = markdown.split(AGENTS_MARK);
    if (fm.version === "for agents" && !agents?.trim()) fail(`version "for agents" needs a ${AGENTS_MARK} line followed by the agents' text`);

    const piece: Piece = {
      path: folder ? `${folder}/${slug}` : slug,
      slug,
      kind: fm.kind,
      category: fm.kind === "song" ? "song" : folder || "docs",
      title: fm.title,
      tldr: fm.tldr,
      declaredSeconds: fm.seconds,
      themes: fm.themes,
      season: fm.season,
      ...(fm.slots ? { slots: [...fm.slots] } : {}),
      ...(fm.near ? { near: fm.near } : {}),
      version: fm.version,
      ...(fm.style ? { style: fm.style } : {}),
      markdown,
      listenersText: listeners.trim(),
      agentsText: agents?.trim() || undefined,
      source,
      modified: mtime.toISOString(),
    };
    if (fm.kind === "song") pendingSongs.push({ piece, fm: parsed.data as z.infer<typeof SongFrontMatter>, file });
    else pieces.push(piece);
    if ("axioms" in fm) axioms = (fm as z.infer<typeof AxiomsFrontMatter>).axioms;
  }

  for (const { piece, fm, file } of pendingSongs) {
    const lyrics = sectionOf(piece.markdown, "Lyrics");
    const context = sectionOf(piece.markdown, "Context");
    if (!lyrics || !context) throw new LibraryError(`Library file ${file} is not valid: a song needs "## Lyrics" and "## Context" sections`);
    const axiom = axioms.find((a) => a.id === fm.axiom);
    if (!axiom) throw new LibraryError(`Library file ${file} is not valid: axiom "${fm.axiom}" is not defined in axioms.md`);
    const song: Song = { ...piece, kind: "song", axiom, style: fm.style, lyrics, context, links: fm.links };
    pieces.push(song);
  }

  const titles = new Map<string, string>();
  for (const p of pieces) {
    const key = p.title.toLowerCase();
    if (titles.has(key)) throw new LibraryError(`Library file for ${p.path} is not valid: its title "${p.title}" is also used by ${titles.get(key)}`);
    titles.set(key, p.path);
  }
  const guides = new Map(pieces.filter((p) => p.category === "docs").map((p) => [p.slug, p.markdown]));
  const paths = new Set(pieces.map((p) => p.path));
  const asked = await loadAsked(dir, { guideText: (slug) => guides.get(slug), isPiece: (path) => paths.has(path) }).catch((e: Error) => {
    throw new LibraryError(`The library's ${e.message}`);
  });
  return new Library(pieces, axioms, hash.digest("hex").slice(0, 16), asked);
}
