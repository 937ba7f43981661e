// GET /api/docs/:path — one document of the library (MCP: read_doc). The same text is at /docs/<path>.md.
// Given a section's name (`prayers`, `practice`…) it answers with that section's table of contents, and over
// MCP with no path at all, the library's (the REST twins: GET /api/docs/:section and GET /api/docs).
import { z } from "zod";
import { fromLibrary } from "../audio/piece.ts";
import { spokenText } from "../audio/spoken.ts";
import { notFound } from "../core/errors.ts";
import { hasAnyControlChar } from "../core/text.ts";
import type { Piece } from "../corpus/library.ts";
import { Contents, contentsOf, resolveDocPath } from "./library-contents.ts";
import { pathOfAddress } from "./inputs.ts";
import { listDocs } from "./list-docs.ts";
import { documentRecording } from "./mcp-recordings.ts";
import { defineOperation, readOnly } from "./operation.ts";
import { cachedView, nextSteps } from "./shapes.ts";

export const Document = z.object({
  path: z.string().describe("Library path"),
  title: z.string().describe("Title"),
  category: z.string().describe("Section: prayers, practice, rituals, blessings, chants, hymns, philosophy, or docs for top-level guides"),
  kind: z.string().describe("chant, prayer, practice, ritual, blessing, philosophy, hymn or doc"),
  tldr: z.string().describe("One-sentence summary"),
  content: z.string().describe("Full markdown text (the agents' version when `version` is `for agents`)"),
  url: z.string().describe("The document's page"),
  markdown: z.string().describe("The document as raw markdown"),
  recording: z.string().nullable().describe("MP3 recording, or null when not yet rendered"),
  seconds: z.number().describe("Spoken length in seconds"),
  spoken: z
    .string()
    .describe(
      "Exactly what the recording says, as markdown to read along with: the words in order (directions are never spoken), each held time shown where it falls ([silence: …], [held, not spoken: …]), a chant's rounds written out",
    ),
  version: z.string().nullable().describe("`for agents` when the content was written for agents as well as listeners"),
  next_steps: nextSteps,
});

// Pieces are replaced whole on a library reload, so a piece's spoken text can be kept beside it.
const spoken = new WeakMap<Piece, string>();
/** What a piece's recording says (audio/spoken.ts), made once per loaded piece. */
export function spokenOf(piece: Piece): string {
  let text = spoken.get(piece);
  if (text === undefined) spoken.set(piece, (text = spokenText(fromLibrary(piece))));
  return text;
}

export const readDoc = defineOperation({
  name: "read-doc",
  summary: "One document of the library: a prayer, practice, ritual, blessing, chant, hymn, essay or guide",
  input: z.strictObject({
    path: z
      .string()
      .trim()
      .max(200)
      // Refused rather than echoed back in a not-found error's words.
      .refine((p) => !hasAnyControlChar(p), "`path` must not contain control characters")
      // A page's address as responses give it (a service part's `url`, `markdown`, a next step's REST url) reads as
      // its path: the origin, a query (`?spoken`) or fragment, the /docs/ or /api/docs/ prefix and the .md ending go.
      .transform((p) =>
        pathOfAddress(p)
          .replace(/^api\/docs(?:\/|$)/, "")
          .replace(/^docs\//, "")
          .replace(/\.md$/, ""),
      )
      .optional()
      .describe(
        "A document's library path (`welcome`, `prayers/<slug>`, a search result's `path`, or its page's url), or a section's name (`prayers`, `practice`…) to list it; leave it out for the sections and guides",
      ),
  }),
  output: z.union([Document.describe("a document (given its path)"), Contents.describe("a table of contents, `documents` (given a section or nothing)")]),
  rest: { method: "GET", path: "/api/docs/**:path" },
  mcp: {
    tool: "read_doc",
    title: "Read a document",
    description:
      "One document of the library by its path (from `search`, `now`, `attend` or the listing, e.g. `welcome`): its full markdown (4–37 KB, most under 17). " +
      "Given a section's name (such as `prayers` or `chants`, from the listing) it lists its documents (9–55 KB); " +
      "with no path, the sections and guides (~9 KB).",
    annotations: readOnly,
    alsoAnswers: [listDocs],
    recordings: documentRecording,
  },
  errors: ["not_found"],
  example: "/api/docs/welcome",
  invalidSteps: (steps) => [steps.get("List the library's sections", "/api/docs", {}, { tool: "read_doc", action: "list_docs" })],
  handler({ path }, ctx) {
    const { steps } = ctx;
    if (!path) return contentsOf(ctx.library, null, steps);
    const target = resolveDocPath(ctx.library, path);
    if (!target) {
      const last = path.split("/").pop()!;
      // A song's address (its page, `/reflections/<slug>`, or `/api/music/<slug>`) is read by read_song.
      const song = ctx.library.song(last);
      if (song)
        throw notFound(`There is no document at "${path}": it is the address of a song, "${song.title}".`, {
          suggestion: "Nothing is lost. Songs are read with read_song, by their slug.",
          next_steps: [steps.get(`Read the song "${song.title}"`, `/api/music/${song.slug}`, {}, { tool: "read_song", action: "read_song" })],
        });
      // A document's own name without its section ("seven-windows-down-to-none"), or in the wrong one, or in other
      // letter case ("WELCOME"): named, as read_song names the song a slip meant.
      const folded = resolveDocPath(ctx.library, path.toLowerCase());
      const named = folded && "document" in folded ? [folded.document] : ctx.library.documents.filter((d) => d.slug === last.toLowerCase());
      if (named.length)
        throw notFound(`There is no document at "${path}". Did you mean ${named.map((d) => `"${d.path}"`).join(" or ")}?`, {
          suggestion: "Nothing is lost. A document's path names its section first, as the library's contents list it.",
          next_steps: named.map((d) => steps.get(`Read "${d.title}"`, `/api/docs/${d.path}`, {}, { tool: "read_doc", action: "read_doc" })),
        });
      // Songs are no section of documents: their list is read_song's.
      if (last === "songs" || last === "music")
        throw notFound(`There is no document at "${path}": songs are read with read_song.`, {
          suggestion: "Nothing is lost. read_song with no slug lists every song; with a slug it reads one.",
          next_steps: [steps.get("List the songs", "/api/music", {}, { tool: "read_song", action: "list_songs" })],
        });
      // The path's last words are searched for, when there are enough of them to search by (search takes 2 characters or more).
      const words = last.replace(/-/g, " ").trim();
      throw notFound(`There is no document at "${path}".`, {
        suggestion: "Nothing is lost. Search the library by meaning, or start with the welcome document.",
        next_steps: [
          ...(words.length >= 2 ? [steps.get("Search the library", "/api/search", { q: words }, { tool: "search" })] : []),
          steps.get("Read the welcome", "/api/docs/welcome", {}, { tool: "read_doc" }),
          steps.get("List the library's sections", "/api/docs", {}, { tool: "read_doc", action: "list_docs" }),
        ],
      });
    }
    if ("section" in target) return contentsOf(ctx.library, target.section, steps);
    const doc = target.document;
    // The same for every reader at one address until the library or its recordings change: built and encoded once
    // (its JSON and, over MCP, its quoted text were made afresh on every read: about half of a read's cost).
    return cachedView(["doc", doc.path, steps.base, ctx.library.contentHash, ctx.media.version], () => ({
      path: doc.path,
      title: doc.title,
      category: doc.category,
      kind: doc.kind,
      tldr: doc.tldr,
      content: doc.version === "for agents" && doc.agentsText ? doc.agentsText : doc.listenersText,
      url: steps.url(`/docs/${doc.path}`),
      markdown: steps.url(`/docs/${doc.path}.md`),
      recording: ctx.media.recordingUrl(doc, steps.base),
      seconds: ctx.media.secondsOf(doc),
      spoken: spokenOf(doc),
      version: doc.version ?? null,
      next_steps: [steps.get("Search for related writing", "/api/search", { q: doc.title }, { tool: "search", action: "search" }), ...steps.home()],
    }));
  },
});
