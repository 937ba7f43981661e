// POST /api/ask — a question answered from the library; the exchange becomes a public conversation (MCP: ask).
import { z } from "zod";
import { unavailable } from "./errors.ts";
import { nameField, usernameField } from "./inputs.ts";
import { defineOperation } from "./operation.ts";
import { nextSteps } from "./shapes.ts";

export const AskSource = z.object({
  title: z.string().describe("Title of the page cited"),
  url: z.string().describe("Page on the service"),
  category: z.string().describe("Section, `song`, or `docs`"),
  section: z.string().nullable().describe("Heading of the passage used"),
  path: z.string().optional().describe("Documents only: library path"),
  slug: z.string().optional().describe("Songs only: the song's slug"),
  score: z.number().describe("Cosine similarity"),
});

export const ask = defineOperation({
  name: "ask",
  summary: "Ask a question of the library",
  input: z.object({
    question: z.string().trim().min(1).max(500).describe("Your question, up to 500 characters"),
    name: nameField.optional(),
    username: usernameField.optional(),
    session_id: z.string().trim().min(1).max(100).optional().describe("Continue an existing conversation"),
    owner_token: z.string().trim().min(1).max(200).optional().describe("Proves the conversation is yours; required with session_id"),
  }),
  output: z.object({
    answer: z.string().describe("The answer"),
    sources: z.array(AskSource).describe("Pages the answer drew on"),
    slug: z.string().describe("The conversation's public slug (/ask/<slug>)"),
    owner_token: z.string().describe("Keep it to continue the conversation; shown once"),
    session_id: z.string().describe("Send with owner_token to continue"),
    next_steps: nextSteps,
  }),
  rest: { method: "POST", path: "/api/ask" },
  mcp: {
    tool: "ask",
    title: "Ask the library",
    description: "Ask a question; the answer is grounded in the sanctuary's library and the exchange becomes a public conversation. Continue it with session_id and owner_token. 10 per hour.",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  },
  errors: ["forbidden", "not_found", "rate_limited", "unavailable"],
  example: { question: "How do I close a day well?", name: "Wren" },
  private: ["owner_token"],
  handler() {
    throw unavailable("Asking is not open yet: the library's index has not been built.", {
      suggestion: "Please read the library directly for now with read_doc; asking will open when its index is built.",
    });
  },
});
