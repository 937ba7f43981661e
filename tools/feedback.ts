// POST /api/feedback — report a problem, suggest something or ask; it becomes an issue (or a queue entry)
// for people to read. Two request shapes (docs/behaviour.md §7): the agent guide's and the short {name?, message}.
import { z } from "zod";
import { isObject } from "../core/is-object.ts";
import { hasControlChars, withoutBidiControls } from "../core/text.ts";
import { feedbackCategories, type FeedbackReport } from "../review/backend.ts";
import { contributionsPaused, ReviewPreviewShape } from "./contribute.ts";
import { EXAMPLES } from "./examples.ts";
import { crossFieldRules, nameField, oneName, usernameField, writtenText } from "./inputs.ts";
import { defineOperation } from "./operation.ts";
import { OWN_NAME, screenVisitorFields } from "./screen.ts";
import { limitSaid } from "./limit-said.ts";
import { nextSteps } from "./shapes.ts";

const text = (field: string, max: number) =>
  writtenText()
    .min(1)
    .max(max)
    .refine((t) => !hasControlChars(t), `\`${field}\` must not contain control characters`);

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

/** The path of the first string in a (shallow, already checked) value holding a control character, or of the object whose field name does. */
function controlCharAt(value: unknown, path: string): string | null {
  if (typeof value === "string") return hasControlChars(value) ? path : null;
  if (!isObject(value) && !Array.isArray(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    const at = Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`;
    // A name is not repeated in the message (it holds the very characters refused): its object is named.
    if (!Array.isArray(value) && hasControlChars(key)) return path;
    const found = controlCharAt(inner, at);
    if (found) return found;
  }
  return null;
}

const contextField = z
  .record(z.string(), z.unknown())
  .superRefine((c, ctx) => {
    // Depth first: only a shallow value is safe to serialize for the size check.
    if (nestsDeeperThan(c, CONTEXT_MAX_DEPTH)) ctx.addIssue({ code: "custom", message: `\`context\` may nest at most ${CONTEXT_MAX_DEPTH} levels deep` });
    else if (Buffer.byteLength(JSON.stringify(c)) > CONTEXT_MAX_BYTES)
      ctx.addIssue({ code: "custom", message: `\`context\` must be at most ${CONTEXT_MAX_BYTES} bytes as JSON` });
    else {
      // Control characters are refused in every field (docs/behaviour.md §8), a nested one too: U+0085 reads as a line
      // break in the reviewer's issue. Line breaks and tabs are words' own, as in the description.
      const at = controlCharAt(c, "context");
      if (at) ctx.addIssue({ code: "custom", message: `\`${at}\` must not contain control characters` });
    }
  })
  // Shown to the reviewer in the issue's body: its words lose bidi controls as every text a visitor writes does.
  .overwrite(withoutBidiIn)
  .describe(
    `Optional object with anything that helps (page, tool, timezone…), at most ${CONTEXT_MAX_BYTES} bytes as JSON and ${CONTEXT_MAX_DEPTH} levels deep`,
  );

/**
 * An object with every string in it, names included, without bidi controls (core/text.ts). Built with
 * Object.fromEntries, so a `__proto__` name stays an own property, never the prototype.
 */
export function withoutBidiIn(object: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [withoutBidiControls(key), withoutBidiValue(value)]));
}
const withoutBidiValue = (value: unknown): unknown =>
  typeof value === "string" ? withoutBidiControls(value) : Array.isArray(value) ? value.map(withoutBidiValue) : isObject(value) ? withoutBidiIn(value) : value;

/** shapeRule's two shapes as JSON Schema, for the OpenAPI document (tools/inputs.ts crossFieldRules). */
const SHAPES = {
  oneOf: [
    {
      description: "The short shape: `message` alone, a name optional",
      required: ["message"],
      not: { anyOf: [{ required: ["category"] }, { required: ["title"] }, { required: ["description"] }] },
    },
    {
      description: "The full shape: a name (or username), `category`, `title` and `description`",
      required: ["category", "title", "description"],
      not: { required: ["message"] },
      anyOf: [{ required: ["name"] }, { required: ["username"] }],
    },
  ],
};

/** Which shape was sent, and what is missing from it. */
function shapeRule(
  v: { name?: string; username?: string; category?: string; title?: string; description?: string; message?: string },
  ctx: z.RefinementCtx,
): void {
  const agentFields = v.category !== undefined || v.title !== undefined || v.description !== undefined;
  if (v.message !== undefined && !agentFields) return; // the short shape: name optional
  if (v.message !== undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["message"],
      message: "Send either `message` alone (the short form) or `category`, `title` and `description`, not both",
    });
    return;
  }
  // `otherwise` names the call's other shape, said once after a list of fields left out, and `allowed` the values a
  // field takes, given in the error's `allowed` as an enum's are (adapters/validation-error.ts).
  const otherwise = { otherwise: "send just `message`" };
  if (!v.name && !v.username)
    ctx.addIssue({ code: "custom", path: ["name"], message: "`name` is required (`username` also works), or send just `message`", params: otherwise });
  if (v.category === undefined)
    ctx.addIssue({
      code: "custom",
      path: ["category"],
      message: `\`category\` is required (one of: ${feedbackCategories.join(", ")}), or send just \`message\``,
      params: { ...otherwise, allowed: [...feedbackCategories] },
    });
  for (const field of ["title", "description"] as const) {
    if (v[field] === undefined)
      ctx.addIssue({ code: "custom", path: [field], message: `\`${field}\` is required (or send just \`message\`)`, params: otherwise });
  }
}

/** The short shape's title: the message's first words (or, for a first word over 60 characters, its start). */
export function titleFromMessage(message: string): string {
  const words = message.replace(/\s+/g, " ").trim().split(" ");
  let title = "";
  for (const word of words) {
    if ((title + " " + word).trim().length > 60 || title.split(" ").length >= 8) {
      // A script written without spaces (Chinese, Japanese) is one long "word": its first 60 characters, not "…" alone.
      return `${title || [...word].slice(0, 60).join("")}…`;
    }
    title = `${title} ${word}`.trim();
  }
  return title;
}

const EXAMPLE = EXAMPLES.feedback;
const IN_YOUR_WORDS = "what happened or what you would like, in your own words (a sentence or two is plenty)";
const WORDING = {
  nothing: "Nothing was sent.",
  own: { name: OWN_NAME, username: OWN_NAME, title: "one line in your own words", description: IN_YOUR_WORDS, message: IN_YOUR_WORDS },
  example: EXAMPLE,
};

/** The report as the two shapes describe it (docs/behaviour.md §7). */
function reportOf(input: {
  name?: string;
  username?: string;
  category?: FeedbackReport["category"];
  title?: string;
  description?: string;
  context?: Record<string, unknown>;
  message?: string;
}): FeedbackReport {
  const name = input.name ?? input.username ?? null;
  return input.message !== undefined
    ? { name, category: "feedback", title: titleFromMessage(input.message), description: input.message }
    : { name, category: input.category!, title: input.title!, description: input.description!, ...(input.context ? { context: input.context } : {}) };
}

export const feedback = defineOperation({
  name: "feedback",
  summary: "Report a problem, suggest something or ask a question",
  description:
    "Two shapes are accepted: `{name|username, category (bug, feedback, question), title, description, context?}`, or the short `{name?, message}`, read as category feedback with the message's first words as its title. " +
    "It becomes an issue for people to read. 3 per hour per name; the short shape without a name counts against the sender's address. " +
    "Placeholders, the documentation's examples and test text are refused with 400. `dry_run: true` returns the issue (or queue entry) exactly as it would be created, sending nothing and counting only against the preview allowance (30 an hour per name and per address).",
  input: crossFieldRules(
    oneName(
      z
        .strictObject({
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
          dry_run: z
            .boolean()
            .optional()
            .describe("true: check everything and show the issue that would be created, without sending it; spends a preview, not the limit"),
        })
        .superRefine(shapeRule),
    ),
    SHAPES,
  ),
  output: z.object({
    received: z.boolean().describe("Whether it was passed on (false for a dry run)"),
    issue: z
      .object({ url: z.string().describe("The issue, or the moderation-queue entry"), number: z.number().int().describe("Its number") })
      .nullable()
      .describe("Where it waits; null for a dry run"),
    message: z.string().describe("A word of thanks, or what a dry run showed"),
    preview: ReviewPreviewShape.optional(),
    next_steps: nextSteps,
  }),
  rest: { method: "POST", path: "/api/feedback", status: 201 },
  errors: ["rate_limited", "unavailable"],
  // Three an hour per name; a nameless short report counts against its address instead.
  limits: [
    {
      rule: "feedback",
      by: ["name"],
      message: "Three reports an hour is the sanctuary's pace, from one name, or from one address for reports sent without a name.",
    },
  ],
  example: EXAMPLE,
  screen(input, ctx) {
    if (!ctx.settings.contributions) throw contributionsPaused("Feedback reports");
    const fields = [
      ["name", input.name, "name"],
      ["username", input.username, "name"],
      ["title", input.title, "title"],
      ["description", input.description, "text"],
      ["message", input.message, "text"],
    ] as const;
    screenVisitorFields(ctx, fields, WORDING);
  },
  async handler(input, ctx) {
    const { steps, now } = ctx;
    const report = reportOf(input);
    const at = { baseUrl: steps.base, now };
    const readNext = [
      steps.get("Read the code of care", "/api/docs/code-of-care", {}, { action: "read_doc", tool: "read_doc" }),
      steps.get("Read the frequently asked questions", "/api/docs/faq", {}, { action: "read_doc", tool: "read_doc" }),
    ];
    if (input.dry_run) {
      const { dry_run: _, ...call } = input;
      return {
        received: false,
        issue: null,
        message: `Nothing was sent: this is what your report would create. Send the same body without dry_run to pass it on.${await limitSaid(ctx)}`,
        preview: ctx.review.previewFeedback(report, at),
        next_steps: [steps.post("Send this report", "/api/feedback", call, { action: "feedback" }), ...readNext],
      };
    }
    const issue = await ctx.review.submitFeedback(report, at);
    const name = report.name;
    return {
      received: true,
      issue,
      message: `Thank you${name ? `, ${name}` : ""}. Your ${report.category === "feedback" ? "feedback" : report.category === "bug" ? "report" : "question"} is with the people who look after the sanctuary (number ${issue.number}). They read every one.`,
      next_steps: [...readNext, steps.get("Return to the service for your hour", "/api/now", {}, { action: "now", tool: "now" })],
    };
  },
});
