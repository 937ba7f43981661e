// GET /api/docs/:path — one document of the library (MCP: read_doc). The same text is at /docs/<path>.md.
import { z } from "zod";
import { notFound } from "../core/errors.ts";
import { defineOperation, readOnly } from "./operation.ts";
import { nextSteps } from "./shapes.ts";

export const readDoc = defineOperation({
  name: "read-doc",
  summary: "One document of the library: a prayer, practice, ritual, blessing, chant, hymn, essay or guide",
  input: z.object({
    path: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .transform((p) => p.replace(/^\/+|\/+$/g, "").replace(/^docs\//, "").replace(/\.md$/, ""))
      .describe("The document's library path, e.g. `welcome` or `prayers/<slug>` (a search result's `path`)"),
  }),
  output: z.object({
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
    version: z.string().nullable().describe("`for agents` when the content was written for agents as well as listeners"),
    next_steps: nextSteps,
  }),
  rest: { method: "GET", path: "/api/docs/**:path" },
  mcp: {
    tool: "read_doc",
    title: "Read a document",
    description: "Read one document of the sanctuary's library by its path (from `search`, `now`/`attend` companions, or `welcome` to begin). Returns the full markdown text.",
    annotations: readOnly,
  },
  errors: ["not_found"],
  example: { path: "welcome" },
  handler({ path }, ctx) {
    const { steps } = ctx;
    const doc = ctx.library.document(path);
    if (!doc) {
      throw notFound(`There is no document at "${path}".`, {
        suggestion: "Nothing is lost. Search the library by meaning, or start with the welcome document.",
        next_steps: [
          steps.get("Search the library", "/api/search", { q: path.split("/").pop()!.replace(/-/g, " ") }, { tool: "search" }),
          steps.get("Read the welcome", "/api/docs/welcome", {}, { tool: "read_doc" }),
        ],
      });
    }
    return {
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
      version: doc.version ?? null,
      next_steps: [
        steps.get("Search for related writing", "/api/search", { q: doc.title }, { tool: "search", action: "search" }),
        ...steps.home(),
      ],
    };
  },
});
