// GET /api/ask/conversation/:slug — one public conversation.
import { z } from "zod";
import { notFound } from "../core/errors.ts";
import { defineOperation } from "./operation.ts";
import { nextSteps, visitorPaths, visitorWords, visitorWrittenField } from "./shapes.ts";

const VISITOR_WORDS = visitorPaths("name", "messages[].content");

export const askConversation = defineOperation({
  name: "ask-conversation",
  summary: "One conversation",
  input: z.strictObject({ slug: z.string().trim().min(1).max(120).describe("The conversation's slug") }),
  output: z.object({
    slug: z.string().describe("Conversation slug"),
    name: z.string().describe("Who asked"),
    session_id: z.string().describe("The conversation's session (continuing it also needs the owner_token)"),
    has_owner: z.boolean().describe("Whether an owner token guards it"),
    messages: visitorWords(z.array(z.object({ role: z.enum(["user", "assistant"]), content: z.string(), timestamp: z.string() }))).describe(
      "The exchange, in order",
    ),
    visitorWritten: visitorWrittenField,
    next_steps: nextSteps,
  }),
  rest: { method: "GET", path: "/api/ask/conversation/:slug", wordsInPath: true },
  errors: ["not_found", "unavailable"],
  async handler({ slug }, ctx) {
    const { steps } = ctx;
    const c = await ctx.conversations.get(slug);
    if (!c) throw notFound(`No conversation has the slug "${slug}".`, { next_steps: [steps.get("Recent conversations", "/api/ask/recent")] });
    return {
      slug: c.slug,
      name: c.name,
      session_id: c.sessionId,
      has_owner: Boolean(c.ownerTokenHash),
      messages: c.messages.map(({ role, content, timestamp }) => ({ role, content, timestamp })),
      visitorWritten: VISITOR_WORDS,
      next_steps: [
        steps.get("Recent conversations", "/api/ask/recent"),
        steps.post("Ask a question of your own", "/api/ask", { question: "<your question>" }, { tool: "ask", action: "ask" }),
      ],
    };
  },
});
