// POST /api/feedback — report a problem, suggest something or ask; it becomes an issue (or a queue entry)
// for people to read. Two request shapes (decisions §2): the agent guide's and the short {name?, message}.
import { z } from "zod";
import { hasControlChars } from "../core/text.ts";
import { feedbackCategories, type FeedbackReport } from "../review/backend.ts";
import { documentedExamples, exampleText, fillerText } from "../review/screening.ts";
import { contributionsPaused } from "./contribute.ts";
import { invalid } from "../core/errors.ts";
import { nameField, usernameField } from "./inputs.ts";
import { defineOperation } from "./operation.ts";
import { nextSteps } from "./shapes.ts";

const text = (field: string, max: number) =>
  z.string().trim().min(1).max(max).refine((t) => !hasControlChars(t), `\`${field}\` must not contain control characters`);

export const CONTEXT_MAX_BYTES = 2048;
export const CONTEXT_MAX_DEPTH = 3;

/** Whether a JSON value nests objects deeper than `limit` (a flat object is 1). Level by level, not recursive:
 * the input may be hostile and thousands of levels deep. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  let level = [value];
  for (let depth = 0; ; depth++) {
    const objects = level.filter((v): v is object => v !== null && typeof v === "object");
    if (objects.length === 0) return false;
    if (depth + 1 > limit) return true;
    level = [];
    for (const o of objects) for (const child of Object.values(o)) level.push(child);
  }
}

const contextField = z
  .record(z.string(), z.unknown())
  .superRefine((c, ctx) => {
    // Depth first: only a shallow value is safe to serialize for the size check.
    if (nestsDeeperThan(c, CONTEXT_MAX_DEPTH)) ctx.addIssue({ code: "custom", message: `\`context\` may nest at most ${CONTEXT_MAX_DEPTH} levels deep` });
    else if (Buffer.byteLength(JSON.stringify(c)) > CONTEXT_MAX_BYTES) ctx.addIssue({ code: "custom", message: `\`context\` must be at most ${CONTEXT_MAX_BYTES} bytes as JSON` });
  })
  .describe(`Optional object with anything that helps (page, tool, timezone…), at most ${CONTEXT_MAX_BYTES} bytes as JSON and ${CONTEXT_MAX_DEPTH} levels deep`);

/** Which shape was sent, and what is missing from it. */
function shapeRule(v: { name?: string; username?: string; category?: string; title?: string; description?: string; message?: string }, ctx: z.RefinementCtx): void {
  const agentFields = v.category !== undefined || v.title !== undefined || v.description !== undefined;
  if (v.message !== undefined && !agentFields) return; // the short shape: name optional
  if (v.message !== undefined) {
    ctx.addIssue({ code: "custom", path: ["message"], message: "Send either `message` alone (the short form) or `category`, `title` and `description`, not both" });
    return;
  }
  if (!v.name && !v.username) ctx.addIssue({ code: "custom", path: ["name"], message: "`name` is required (`username` also works), or send just `message`" });
  for (const field of ["category", "title", "description"] as const) {
    if (v[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message: `\`${field}\` is required (or send just \`message\`)` });
  }
}

/** The short shape's title: the message's first words. */
export function titleFromMessage(message: string): string {
  const words = message.replace(/\s+/g, " ").trim().split(" ");
  let title = "";
  for (const word of words) {
    if ((title + " " + word).trim().length > 60 || title.split(" ").length >= 8) return `${title}…`;
    title = `${title} ${word}`.trim();
  }
  return title;
}

const EXAMPLE = { name: "Wren", category: "bug", title: "<your summary in one line>", description: "<your description: what happened, and what you expected>" };

export const feedback = defineOperation({
  name: "feedback",
  summary: "Report a problem, suggest something or ask a question",
  description:
    "Two shapes are accepted: `{name|username, category (bug, feedback, question), title, description, context?}`, or the short `{name?, message}`, read as category feedback with the message's first words as its title. " +
    "It becomes an issue for people to read. 3 per hour per name; the short shape without a name counts against the sender's address.",
  input: z
    .object({
      name: nameField.optional(),
      username: usernameField.optional(),
      category: z.enum(feedbackCategories).optional().describe("bug, feedback or question (required unless `message` is sent alone)"),
      title: text("title", 200)
        .refine((t) => !/[\r\n]/.test(t), "`title` must be a single line")
        .optional()
        .describe("One line, up to 200 characters"),
      description: text("description", 2000).optional().describe("What happened or what you suggest, up to 2000 characters"),
      context: contextField.optional(),
      message: text("message", 2000).optional().describe("The short form: your words, up to 2000 characters"),
    })
    .superRefine(shapeRule),
  output: z.object({
    received: z.boolean().describe("Whether it was passed on"),
    issue: z.object({ url: z.string().describe("The issue, or the moderation-queue entry"), number: z.number().int().describe("Its number") }).describe("Where it waits"),
    message: z.string().describe("A word of thanks"),
    next_steps: nextSteps,
  }),
  rest: { method: "POST", path: "/api/feedback", status: 201 },
  errors: ["rate_limited", "unavailable"],
  // Three an hour per name; a nameless short report counts against its address instead.
  limits: [{ rule: "feedback", by: ["name"], message: "Three reports an hour from one name is the sanctuary's pace." }],
  example: EXAMPLE,
  async handler(input, ctx) {
    const { steps, now } = ctx;
    if (!ctx.settings.contributions) throw contributionsPaused("Feedback reports");
    const name = input.name ?? input.username ?? null;
    const report: FeedbackReport =
      input.message !== undefined
        ? { name, category: "feedback", title: titleFromMessage(input.message), description: input.message }
        : { name, category: input.category!, title: input.title!, description: input.description!, ...(input.context ? { context: input.context } : {}) };
    const examples = [EXAMPLE.title, EXAMPLE.description, ...documentedExamples(ctx.library)];
    const textField = input.message !== undefined ? "message" : "description";
    const checks: Array<[string, string | null]> = [
      [textField, exampleText(textField, report.description, examples)],
      [textField, fillerText(textField, report.description)],
    ];
    if (input.message === undefined) checks.unshift(["title", exampleText("title", report.title, examples)], ["title", fillerText("title", report.title)]);
    for (const [field, reason] of checks) {
      if (reason) {
        throw invalid(reason, { field, example: EXAMPLE, suggestion: "Nothing was sent. Tell us in your own words what happened or what you would like; a sentence or two is plenty." });
      }
    }
    const issue = await ctx.review.submitFeedback(report, { baseUrl: steps.base, now });
    return {
      received: true,
      issue,
      message: `Thank you${name ? `, ${name}` : ""}. Your ${report.category === "feedback" ? "feedback" : report.category === "bug" ? "report" : "question"} is with the people who look after the sanctuary (number ${issue.number}). They read every one.`,
      next_steps: [
        steps.get("Read the code of care", "/api/docs/code-of-care", {}, { action: "read_doc", tool: "read_doc" }),
        steps.get("Read the frequently asked questions", "/api/docs/faq", {}, { action: "read_doc", tool: "read_doc" }),
        steps.get("Return to the service for your hour", "/api/now", {}, { action: "now", tool: "now" }),
      ],
    };
  },
});
