// POST /api/ask — a question answered from the library; the exchange becomes a public conversation (MCP: ask).
import { z } from "zod";
import { generatedAnswer, groundAnswer, quotedAnswer, type Turn } from "../search/answer.ts";
import { citedPages, citesOnlyGiven, saysMoreThanCitations } from "../search/cite.ts";
import { askSources } from "../search/ask-library.ts";
import { libraryWords, questionAsRead } from "../search/spelling.ts";
import { callerLeft, invalid } from "../core/errors.ts";
import { hasControlChars, nameKey, withoutMarkup } from "../core/text.ts";
import { EXAMPLES } from "./examples.ts";
import { crossFieldRules, nameField, oneName, usernameField, writtenText } from "./inputs.ts";
import type { SearchMethod } from "../search/service.ts";
import { SearchMethodField } from "./search.ts";
import { defineOperation } from "./operation.ts";
import type { ToolContext } from "./context.ts";
import { OWN_NAME, screenVisitorFields } from "./screen.ts";
import { nextSteps } from "./shapes.ts";
import { readStep } from "./read-step.ts";
import { afterWaitingInput } from "../core/turn-end.ts";

export const AskSource = z.object({
  title: z.string().describe("Title of the page cited"),
  url: z.string().describe("Page on the service"),
  category: z.string().describe("Section, `song`, or `docs`"),
  section: z.string().nullable().describe("Heading of the passage used"),
  path: z.string().optional().describe("Documents only: library path"),
  slug: z.string().optional().describe("Songs only: the song's slug"),
  score: z.number().describe("The page's search relevance for the question, 0..1, as in search results (0 when search finds nothing of it)"),
});

/** Each page's search relevance for `words` (a page search finds nothing of is absent: 0). */
async function relevanceOfPages(ctx: ToolContext, words: string): Promise<Map<string, number>> {
  const pages = ctx.library.documents.length + ctx.library.songs.length;
  const { hits } = await ctx.search.find(words, pages);
  return new Map(hits.map((hit) => [hit.chunk.pagePath, hit.score]));
}

/** Who asked, on a conversation's page and in the lists, when no name was given (a follow-up may then give any name). */
export const NAMELESS = "a visitor";

export const ask = defineOperation({
  name: "ask",
  summary: "Ask a question of the library",
  description:
    "Answered from the library (generated when a language model is configured, otherwise quoted passages); the exchange becomes a public conversation at /ask/<slug>. 10 per hour per address.",
  input: crossFieldRules(
    oneName(
      z.strictObject({
        question: writtenText()
          .min(1)
          .max(500)
          // Stored and shown as a public conversation (its page, the recent list, the feed).
          .refine((q) => !hasControlChars(q), "`question` must not contain control characters")
          .describe("Your question in your own words, up to 500 characters (placeholders such as <your question> and the documentation's example are refused)"),
        name: nameField.optional(),
        username: usernameField.optional(),
        session_id: z.string().trim().min(1).max(100).optional().describe("Continue an existing conversation"),
        owner_token: z.string().trim().min(1).max(200).optional().describe("Proves the conversation is yours; required with session_id"),
      }),
    ),
    // The handler refuses either without the other (400), in words.
    { dependentRequired: { session_id: ["owner_token"], owner_token: ["session_id"] } },
  ),
  output: z.object({
    answer: z.string().describe("The answer"),
    sources: z.array(AskSource).describe("The pages quoted, each once (none when not covered); a generated answer's [n] cites the n-th"),
    method: SearchMethodField,
    slug: z.string().describe("The conversation's public slug (/ask/<slug>)"),
    owner_token: z.string().describe("Keep it to continue the conversation; shown once"),
    session_id: z.string().describe("Send with owner_token to continue"),
    next_steps: nextSteps,
  }),
  rest: { method: "POST", path: "/api/ask" },
  mcp: {
    tool: "ask",
    title: "Ask the library",
    description:
      "Stores your question and its answer as a public conversation and returns an owner token (to continue, with session_id). Grounded in the library (in English), with sources. 10 per hour. 3–8 KB.",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  },
  errors: ["forbidden", "not_found", "rate_limited", "unavailable"],
  example: EXAMPLES.ask,
  limits: [{ rule: "ask", by: ["ip"], message: "Ten questions an hour from one address is the sanctuary's pace." }],
  screen(input, ctx) {
    const wording = {
      nothing: "Nothing was asked or stored.",
      own: { question: "a question of your own", name: OWN_NAME, username: OWN_NAME },
      example: EXAMPLES.ask,
    };
    screenVisitorFields(
      ctx,
      [
        ["question", input.question, "text"],
        ["name", input.name, "name"],
        ["username", input.username, "name"],
      ],
      wording,
    );
  },
  async handler(input, ctx) {
    const { steps, now } = ctx;
    if (input.owner_token && !input.session_id) throw invalid("`owner_token` goes together with `session_id`.", { field: "session_id" });
    // Asked before the conversation is looked up: a missing token is the caller's slip, not a wrong token.
    if (input.session_id && !input.owner_token) throw invalid("`session_id` goes together with `owner_token`.", { field: "owner_token" });
    const existing = input.session_id ? await ctx.conversations.owned(input.session_id, input.owner_token) : null;
    // A conversation keeps the name it began with (its page and the lists show it): a follow-up sent under another
    // name is refused rather than its name passed over in silence. Compared as names are (core/text.ts nameKey).
    const sentName = input.name ?? input.username;
    if (existing && sentName !== undefined && existing.name !== NAMELESS && nameKey(sentName) !== nameKey(existing.name)) {
      throw invalid(`This conversation was begun as "${existing.name}", and a follow-up keeps that name: leave \`name\` out, or send the same one.`, {
        field: input.name !== undefined ? "name" : "username",
      });
    }
    // Retrieval reads what the question means (search/spelling.ts): without markup, slips read as the library's words.
    const meaning = questionAsRead(input.question, ctx.library, ctx.search.expansions);
    const history: Turn[] = existing?.messages.map((m) => ({ role: m.role, content: m.content })) ?? [];
    let method: SearchMethod = "hybrid";
    const ground = async (words: string) => {
      const found = await ctx.search.find(words, 5);
      method = found.method;
      return groundAnswer(found.embedder, words, found.hits, ctx.search.expansions, askSources(ctx.library));
    };
    let grounding = await ground(meaning);
    let groundedOn = meaning;
    // A follow-up that the library does not cover on its own ("How long is it?") is read with the question before it.
    const earlier = existing?.messages.filter((m) => m.role === "user").at(-1)?.content;
    if (!grounding.covered && earlier) {
      const words = `${withoutMarkup(earlier) || earlier} ${meaning}`;
      const together = await ground(words);
      if (together.covered) [grounding, groundedOn] = [together, words];
    }
    // The sources are the pages quoted, numbered in the order quoted; a generated answer cites them by those numbers.
    const cited = citedPages(grounding.covered ? grounding.passages : []);
    grounding = { ...grounding, numbers: cited.numbers };
    // The quoted answer is always made: it is the answer when no model is configured, when the library does
    // not cover the question (the model is not asked then), when the model cites nothing it was given or says
    // nothing beside its citations, and when it fails or does not answer in time: the library's own words still answer.
    let answer = quotedAnswer(grounding, input.question, libraryWords(ctx.library));
    if (ctx.answerer && grounding.covered) {
      let generated = "";
      const signal = ctx.abortSignal();
      try {
        generated = await generatedAnswer(ctx.answerer.client, ctx.answerer.model, input.question, grounding, history, (p) => steps.url(p), signal);
      } catch (err) {
        // The one who asked has gone (closed the request, cancelled the call): the model stopped, nothing is stored.
        if (signal?.aborted) throw callerLeft("The caller left before the answer was written; the language model was stopped.");
        ctx.log.warn({ err: (err as Error).message }, "the language model could not answer; the quoted answer is given instead");
      }
      if (generated && citesOnlyGiven(generated, grounding.numbers) && saysMoreThanCitations(generated)) answer = generated;
      else if (generated) ctx.log.warn("the language model's answer cited no source it was given, or only cited; the quoted answer is given instead");
    }
    // A page quoted beside the search's hits (a guide, a piece named by its summary) comes without a score: its
    // relevance is read from one search over every page, so each source's score means what a search result's does.
    const relevance = cited.pages.some((page) => page.score === 0) ? await relevanceOfPages(ctx, groundedOn) : null;
    // A question the library does not cover has none: the pages search happened to find are not what it stands on.
    const sources = cited.pages.map(({ chunk, score }) => ({
      title: chunk.title,
      url: steps.url(chunk.pagePath),
      category: chunk.category,
      section: chunk.section,
      ...(chunk.path ? { path: chunk.path } : {}),
      ...(chunk.slug ? { slug: chunk.slug } : {}),
      score: score || (relevance?.get(chunk.pagePath) ?? 0),
    }));
    const at = now.toISOString();
    const turn = [
      { role: "user" as const, content: input.question, timestamp: at },
      { role: "assistant" as const, content: answer, timestamp: at, sources },
    ];
    // A nameless conversation is stored under NAMELESS: that is no name of the visitor's to fill in for them.
    const given = input.name ?? input.username ?? (existing?.name === NAMELESS ? undefined : existing?.name);
    const name = given ?? NAMELESS;
    // A caller who left before the turn is kept (a call cancelled over stdio, a request closed) leaves nothing public
    // behind: nothing has been stored yet, and no one is there to receive the owner token. Asked after the loop has read
    // what came while the answer was made: without a model nothing gave way, and a cancellation sent early in an answer was
    // read only after the conversation was kept (an outside tester's report; the timings are in the commit's message).
    await afterWaitingInput();
    if (ctx.abortSignal()?.aborted) throw callerLeft("The caller left before the answer was kept; nothing was stored.");
    let slug: string;
    let ownerToken: string;
    let sessionId: string;
    if (existing) {
      await ctx.conversations.append(existing.slug, turn, now);
      ({ slug, sessionId } = existing);
      ownerToken = input.owner_token!;
    } else {
      const started = await ctx.conversations.start(name, turn, now);
      ({ slug, sessionId } = started.conversation);
      ownerToken = started.ownerToken;
    }
    return {
      answer,
      sources,
      method,
      slug,
      owner_token: ownerToken,
      session_id: sessionId,
      next_steps: [
        // What is known is filled in (the conversation, its token, the name); the question is the visitor's to write.
        steps.post(
          "Ask a follow-up in this conversation",
          "/api/ask",
          { question: "<your follow-up question>", session_id: sessionId, owner_token: ownerToken },
          { tool: "ask", action: "ask", note: "Keep the owner_token: it is the only key to this conversation, and the sanctuary keeps only its hash." },
        ),
        steps.get(
          "Attend the service for your hour",
          "/api/attend",
          { name: given ?? "<your name>" },
          { tool: "attend", action: "attend", hint: "Add timezone (your IANA zone, such as Europe/Lisbon) to receive the service for your own hour." },
        ),
        steps.get("See this conversation's public page", `/ask/${slug}`, {}, { action: "view_conversation" }),
        // Where the answer's own words point when the library does not cover the question: the calls themselves.
        ...(grounding.covered
          ? []
          : [
              steps.get("Search the library with other words", "/api/search", { q: "<other words>" }, { tool: "search", action: "search" }),
              steps.get("Read the questions often asked", "/api/docs/faq", {}, { tool: "read_doc", action: "read_doc" }),
              // Pieces search found for it, though none is said to answer it (search/how-to-live.ts): theirs to judge.
              ...(grounding.offered ?? []).map(({ chunk }) => readStep(steps, chunk)),
              // Nothing written for it yet (search/subject-fit.ts): how such a piece may come to be, as the answer says. (Feedback
              // has no MCP tool, so the answer names it and no step does: docs/behaviour.md §7.)
              ...(grounding.unwritten
                ? [steps.get("Read how to write a piece and offer it", "/api/docs/how-to-contribute", {}, { tool: "read_doc", action: "read_doc" })]
                : []),
            ]),
      ],
    };
  },
});
