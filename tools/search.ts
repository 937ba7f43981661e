// GET /api/search — passages of the library nearest in meaning (MCP: search). Queries are never logged.
import { z } from "zod";
import { unavailable } from "./errors.ts";
import { defineOperation, readOnly } from "./operation.ts";
import { nextSteps } from "./shapes.ts";

export const SearchResult = z.object({
  title: z.string().describe("Title of the page"),
  url: z.string().describe("Page on the service"),
  path: z.string().optional().describe("Documents only: library path; the page url + .md gives markdown"),
  slug: z.string().optional().describe("Songs only: the song's slug"),
  category: z.string().describe("Section (philosophy, prayers, rituals…), `song`, or `docs`"),
  section: z.string().nullable().describe("Heading of the matching passage"),
  excerpt: z.string().describe("Plain text cut at a word near 300 characters"),
  score: z.number().min(0).max(1).describe("Cosine similarity of the best passage"),
});

export const search = defineOperation({
  name: "search",
  summary: "Semantic search over the library",
  input: z.object({
    q: z.string().trim().min(2).max(300).describe("What to look for, 2 to 300 characters; matches meaning, not exact phrases"),
    limit: z.coerce.number().int().min(1).max(20).default(10).describe("Number of pages returned, 1 to 20 (default 10)"),
  }),
  output: z.object({
    query: z.string().describe("The query as understood"),
    results: z.array(SearchResult).describe("Nearest first, one passage per page"),
    suggestion: z.string().optional().describe("Present when nothing was near enough"),
    next_steps: nextSteps,
  }),
  rest: { method: "GET", path: "/api/search" },
  mcp: {
    tool: "search",
    title: "Search the library",
    description: "Find passages of the sanctuary's library (prayers, practices, rituals, essays, songs) nearest in meaning to your query. Nothing is generated or stored.",
    annotations: readOnly,
  },
  errors: ["rate_limited", "unavailable"],
  example: "/api/search?q=letting go at the end of a day&limit=5",
  private: ["q"],
  handler() {
    throw unavailable("Search is not open yet: the library's index has not been built.");
  },
});
