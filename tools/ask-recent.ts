// GET /api/ask/recent — the latest public conversations, newest first, near-duplicate questions collapsed.
import { z } from "zod";
import { QUOTED_LEAD } from "../search/answer.ts";
import { excerptOf } from "../search/chunks.ts";
import { defineOperation } from "./operation.ts";
import { nextSteps, visitorPaths, visitorWords, visitorWrittenField } from "./shapes.ts";

/** Questions that differ only in case, punctuation or spacing count as one. */
const VISITOR_WORDS = visitorPaths("conversations[].name", "conversations[].question", "conversations[].answer");

export const questionKey = (q: string) =>
  q
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Number}]+/gu, " ")
    .trim();

/** Conversations read at most for one answer: a flood of one question cannot make the list cost more than this. */
const MOST_READ = 200;

export const askRecent = defineOperation({
  name: "ask-recent",
  summary: "Recent conversations",
  input: z.strictObject({}),
  output: z.object({
    conversations: visitorWords(
      z.array(
        z.object({
          slug: z.string().describe("Conversation slug"),
          name: z.string().describe("Who asked"),
          question: z.string().describe("The first question"),
          answer: z.string().describe("The first answer, shortened"),
          timestamp: z.string().describe("Last activity, ISO 8601"),
          exchanges: z.number().int().describe("Questions asked in it"),
          url: z.string().describe("Public page (relative)"),
        }),
      ),
    ).describe("Newest first, at most 10"),
    visitorWritten: visitorWrittenField,
    next_steps: nextSteps,
  }),
  rest: { method: "GET", path: "/api/ask/recent" },
  errors: ["unavailable"],
  async handler(_input, ctx) {
    const { steps } = ctx;
    const seen = new Set<string>();
    const conversations = [];
    let read = 0;
    // Read on past repeated questions until ten differ (many askers of one question had left one entry), within a bound.
    for await (const c of ctx.conversations.newestFirst()) {
      if (++read > MOST_READ) break;
      const key = questionKey(c.messages[0].content);
      if (seen.has(key)) continue;
      seen.add(key);
      conversations.push({
        slug: c.slug,
        name: c.name,
        question: c.messages[0].content,
        // A quoted answer's opening line is the same in every one: the preview starts with what it quotes.
        answer: excerptOf(withoutQuotedLead(c.messages[1]?.content ?? ""), 280),
        timestamp: c.updatedAt,
        exchanges: c.messages.filter((m) => m.role === "user").length,
        url: `/ask/${c.slug}`,
      });
      if (conversations.length === 10) break;
    }
    return {
      conversations,
      visitorWritten: VISITOR_WORDS,
      next_steps: [steps.post("Ask a question of your own", "/api/ask", { question: "<your question>" }, { tool: "ask", action: "ask" }), ...steps.home()],
    };
  },
});

const withoutQuotedLead = (answer: string): string => (answer.startsWith(QUOTED_LEAD) ? answer.slice(QUOTED_LEAD.length).trimStart() : answer);
