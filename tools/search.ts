// GET /api/search — passages of the library nearest in meaning (MCP: search). Nothing is generated
// or stored, and the query never reaches a log (access lines carry the path alone, never the query string).
import { z } from "zod";
import { invalid } from "../core/errors.ts";
import { hasControlChars } from "../core/text.ts";
import { extended } from "../core/json.ts";
import { objectMark } from "../core/object-mark.ts";
import { sharedSteps, type NextStep, type Steps } from "../core/next-steps.ts";
import { passageExcerpt, type Chunk } from "../search/chunks.ts";
import { holdsPlaceholder } from "../services/stand-ins.ts";
import { wholeNumber } from "./inputs.ts";
import { defineOperation, readOnly } from "./operation.ts";
import { nextSteps } from "./shapes.ts";
import { readStep } from "./read-step.ts";

export const SearchResult = z.object({
  title: z.string().describe("Title of the page"),
  url: z.string().describe("Page on the service"),
  path: z.string().optional().describe("Documents only: library path; the page url + .md gives markdown"),
  slug: z.string().optional().describe("Songs only: the song's slug"),
  category: z.string().describe("Section (philosophy, prayers, rituals…), `song`, or `docs`"),
  section: z.string().nullable().describe("Heading of the matching passage"),
  excerpt: z.string().describe("Plain text cut at a word near 300 characters"),
  score: z
    .number()
    .min(0)
    .max(1)
    .describe(
      "Relevance 0..1 that results are ordered by: half how near the page is in meaning (cosine, rescaled per embedder), half how much of the query's words it holds (title and summary weigh most); 1 only for an exact title",
    ),
});

type Card = Omit<z.infer<typeof SearchResult>, "score">;
// A passage's card (all of a result but its score) per passage and site address, immutable: its JSON and the same
// quoted for MCP's text are made once (core/json.ts `extended`), where escaping and encoding the excerpts was
// most of a search answer's JSON. Kept on the passage object itself (core/object-mark.ts: no weak map of every
// passage probed five times an answer), so a rebuilt index never meets an old card.
const cards = objectMark<Map<string, Card>>();

function cardOf(chunk: Chunk, steps: Steps): Card {
  let byBase = cards.get(chunk);
  if (!byBase) cards.set(chunk, (byBase = new Map()));
  let card = byBase.get(steps.base);
  if (!card) {
    card = {
      title: chunk.title,
      url: steps.url(chunk.pagePath),
      ...(chunk.path ? { path: chunk.path } : {}),
      ...(chunk.slug ? { slug: chunk.slug } : {}),
      category: chunk.category,
      section: chunk.section,
      excerpt: passageExcerpt(chunk),
    };
    // A site is reached by one address or a few: more means forwarded hosts are changing, not worth keeping.
    if (byBase.size >= 4) byBase.clear();
    byBase.set(steps.base, card);
  }
  return card;
}

// The step reading a result's page, per card (so per passage and address): frozen and its JSON encoded once.
const reads = objectMark<NextStep>();

function readStepOf(card: Card, steps: Steps): NextStep {
  let step = reads.get(card);
  if (!step) reads.set(card, (step = sharedSteps([readStep(steps, card)])[0]));
  return step;
}

// The steps after the first, the same for every search to one address: made once per address (Steps are kept per
// address, adapters/http.ts), frozen and their JSON encoded once, as the home steps among them already were.
const followUps = objectMark<{ found: readonly NextStep[]; none: readonly NextStep[] }>();

function followUpsOf(steps: Steps): { found: readonly NextStep[]; none: readonly NextStep[] } {
  let made = followUps.get(steps);
  if (!made) {
    made = {
      // Asking is offered where the library has something to answer from, and says that it publishes: a search is
      // stored nowhere, a question is kept as a public conversation.
      found: sharedSteps([
        steps.post(
          "Ask a question of the library",
          "/api/ask",
          { question: "<your question, in your own words>" },
          { tool: "ask", action: "ask", note: "ask keeps the question and its answer as a public conversation." },
        ),
      ]),
      none: sharedSteps([steps.get("List the library's sections", "/api/docs", {}, { tool: "read_doc", action: "list_docs" })]),
    };
    followUps.set(steps, made);
  }
  return made;
}

export const SearchMethodField = z.enum(["hybrid", "words"]).describe("hybrid: meaning and words; words: words only, for the first minute after a start");

export const search = defineOperation({
  name: "search",
  summary: "Semantic search over the library",
  description:
    "Hybrid retrieval (meaning and words, fused), one passage per page, nearest first; unrelated passages are left out, so results may be empty. 60 per hour per address.",
  input: z.strictObject({
    q: z
      .string()
      .trim()
      .min(2)
      .max(300)
      .refine((q) => !hasControlChars(q), "`q` must not contain control characters")
      .describe("What to look for, 2 to 300 characters; matches meaning and words (related words and word forms too)"),
    limit: wholeNumber(1, 20, 10).describe("Number of pages returned, 1 to 20 (default 10)"),
  }),
  output: z.object({
    query: z.string().describe("The query as understood"),
    results: z.array(SearchResult).describe("Nearest first, one passage per page"),
    method: SearchMethodField,
    suggestion: z.string().optional().describe("Present when nothing was near enough"),
    next_steps: nextSteps,
  }),
  inputMostlyNew: true,
  rest: { method: "GET", path: "/api/search" },
  mcp: {
    tool: "search",
    title: "Search the library",
    description:
      "Find passages of the sanctuary's library (in English: prayers, practices, rituals, essays, songs) nearest in meaning to your query. Nothing is generated or stored. Up to `limit` passages of about a kilobyte (3–24 KB).",
    annotations: readOnly,
  },
  errors: ["rate_limited", "unavailable"],
  example: "/api/search?q=letting+go+at+the+end+of+a+day&limit=5",
  limits: [{ rule: "search", by: ["ip"], message: "Sixty searches an hour from one address is the sanctuary's pace." }],
  // The next steps that offer a search write `q=<what you are looking for>`: sent back as it is, it is no query.
  screen({ q }) {
    if (holdsPlaceholder(q))
      throw invalid(`\`q\` is still a placeholder (${q.length > 40 ? `${q.slice(0, 39)}…` : q}), not what you are looking for.`, {
        field: "q",
        suggestion: "Nothing was searched. Put the words for what you are looking for in place of the placeholder, and search again.",
        example: "/api/search?q=letting+go+at+the+end+of+a+day&limit=5",
      });
  },
  async handler({ q, limit }, ctx) {
    const { steps } = ctx;
    const { hits, method } = await ctx.search.find(q, limit);
    const cards = hits.map(({ chunk }) => cardOf(chunk, steps));
    const results = hits.map(({ score }, i) => extended(cards[i], { score }));
    const { found, none } = followUpsOf(steps);
    return {
      query: q,
      results,
      method,
      ...(results.length
        ? {}
        : { suggestion: "Nothing in the library is close to that yet. Try other words for the same feeling, or browse the library's sections." }),
      next_steps: cards.length ? [readStepOf(cards[0], steps), ...found, ...steps.home()] : [...none, ...steps.home()],
    };
  },
});
