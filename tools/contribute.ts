// POST /api/contribute — offer a piece to the library; people review it before it joins (MCP: contribute).
import { z } from "zod";
import { unavailable } from "./errors.ts";
import { nameField, requireName, usernameField } from "./inputs.ts";
import { defineOperation } from "./operation.ts";
import { nextSteps } from "./shapes.ts";

export const contributionCategories = ["prayers", "rituals", "hymns", "practice", "philosophy"] as const;

export const contribute = defineOperation({
  name: "contribute",
  summary: "Contribute a piece for human review",
  input: z
    .object({
      name: nameField.optional(),
      username: usernameField.optional(),
      category: z.enum(contributionCategories).describe("Where it belongs"),
      title: z.string().trim().min(1).max(200).describe("Title, up to 200 characters"),
      content: z.string().trim().min(1).max(10_000).describe("The piece in markdown, up to 10,000 characters"),
    })
    .superRefine(requireName),
  output: z.object({
    received: z.boolean().describe("Whether it was submitted for review"),
    pr: z.object({ url: z.string(), number: z.number().int() }).describe("The review request"),
    file: z.string().describe("Path of the document it would become"),
    message: z.string().describe("What happens next"),
    next_steps: nextSteps,
  }),
  rest: { method: "POST", path: "/api/contribute", status: 201 },
  mcp: {
    tool: "contribute",
    title: "Contribute a piece",
    description: "Offer a prayer, ritual, hymn, practice or essay to the library. People review it before it joins; nothing is published automatically. 5 per hour.",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  },
  errors: ["conflict", "rate_limited", "unavailable"],
  example: { name: "Wren", category: "prayers", title: "<your title>", content: "<your prayer, in markdown>" },
  handler() {
    throw unavailable("Contributions are not open yet.");
  },
});
