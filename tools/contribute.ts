// POST /api/contribute — offer a piece to the library; people review it before it joins (MCP: contribute).
import { z } from "zod";
import { hasControlChars } from "../core/text.ts";
import { alreadyPending } from "../review/pending.ts";
import { libraryTwin } from "../review/publish.ts";
import { contributionCategories, draftDocument } from "../review/document.ts";
import { MIN_CONTENT_WORDS, tooShort, unsafeMarkup } from "../review/screening.ts";
import { invalid, unavailable } from "../core/errors.ts";
import { EXAMPLES } from "./examples.ts";
import { nameField, nameOrUsername, usernameField, writtenText } from "./inputs.ts";
import { defineOperation } from "./operation.ts";
import { OWN_NAME, screenVisitorFields } from "./screen.ts";
import { limitSaid } from "./limit-said.ts";
import { nextSteps } from "./shapes.ts";

export { contributionCategories };

/** Contributions and feedback may be paused by the operator (SANCTUARY_CONTRIBUTIONS=off). */
export function contributionsPaused(what: string) {
  return unavailable(`${what} are temporarily disabled.`, {
    suggestion:
      "Nothing was submitted, and nothing is lost. The sanctuary is not taking submissions just now; please keep your text and try again another day. Everything else here is open.",
  });
}

/** A correct call as the docs show it; its values are themselves refused as content (they are placeholders). */
const EXAMPLE = EXAMPLES.contribute;

const WORDING = {
  nothing: "Nothing was submitted.",
  own: { name: OWN_NAME, username: OWN_NAME, title: "your piece's own title", content: "your own piece, in markdown" },
  example: EXAMPLE,
};

const SUGGESTIONS = {
  short: `Nothing was submitted. A piece needs a few lines at least (${MIN_CONTENT_WORDS} words or more). Take your time with it and send it when it feels whole.`,
  markup:
    "Nothing was submitted. Please write the piece in plain markdown: emphasis, lists, headings and web links are welcome; HTML tags, comments and script links are not. Angle brackets are fine inside `code`.",
  frontMatter:
    "Nothing was submitted. Send the piece's text alone: the sanctuary writes its front matter from the fields (title, category, your name) and the reviewers see it before it joins.",
  heading: "Nothing was submitted. Send the title as plain words (the library shows it as the piece's heading itself).",
};

/** A block of front matter at the start of a piece (`---` … `---`): the library's own, written from the fields. */
const FRONT_MATTER = /^---\s*\r?\n[\s\S]*?\r?\n---\s*(\r?\n|$)/;
/** A title written as a markdown heading ("# Evening"). */
const HEADING = /^#{1,6}\s/;

/** What a review would create, shown by a dry run (review/backend.ts ReviewPreview); one schema for contribute and feedback. */
export const ReviewPreviewShape = z
  .object({
    destination: z
      .enum(["pull_request", "issue", "moderation_queue"])
      .describe("Where it would go: a pull request or issue on the code host, or the local moderation queue"),
    title: z.string().describe("The pull request's or issue's exact title; for the queue, the title the entry is listed under"),
    body: z.string().describe("The pull request's or issue's exact body; for the queue, the text as kept for the moderator"),
    labels: z.array(z.string()).describe("Labels it would carry (none in the queue)"),
    file: z.object({ path: z.string(), content: z.string() }).optional().describe("Contributions: the library file it would add, front matter included"),
  })
  .describe("dry_run only: exactly what would be created; nothing was");

const dryRunField = z
  .boolean()
  .optional()
  .describe("true: check everything and show what would be created, without creating or sending it; spends a preview, not the limit");

export const contribute = defineOperation({
  name: "contribute",
  summary: "Contribute a piece for human review",
  description:
    "People review every contribution before it joins the library; nothing is published unread. Refused with 400 and nothing submitted: the documentation's example text or a placeholder like <your title>; " +
    `a test submission (a title or text made only of filler such as "test", "asdf", "hello world", "lorem ipsum", or keyboard mashing); content under ${MIN_CONTENT_WORDS} words; ` +
    "raw HTML, comments or javascript: links in the markdown; a title the library already has. 409 when a piece with the same title is already waiting for review. 5 per hour per name and per address. " +
    "`dry_run: true` returns the pull request (or queue entry) and the file exactly as they would be created, creating nothing and counting only against the preview allowance (30 an hour per name and per address).",
  input: nameOrUsername(
    z.strictObject({
      name: nameField.optional(),
      username: usernameField.optional(),
      category: z.enum(contributionCategories).describe("Where it belongs"),
      title: writtenText()
        .min(3)
        .max(200)
        .refine((t) => !/[\r\n]/.test(t), "`title` must be a single line")
        .refine((t) => !hasControlChars(t), "`title` must not contain control characters")
        .describe("Title, 3 to 200 characters, one line; unique in the library"),
      content: writtenText()
        .min(1)
        .max(10_000)
        .refine((t) => !hasControlChars(t), "`content` must not contain control characters")
        .describe(`The piece in markdown (no raw HTML), ${MIN_CONTENT_WORDS} words to 10,000 characters`),
      dry_run: dryRunField,
    }),
  ),
  output: z.object({
    received: z.boolean().describe("Whether it was submitted for review (false for a dry run)"),
    pr: z
      .object({ url: z.string().describe("The pull request, or the moderation-queue entry"), number: z.number().int().describe("Its number") })
      .nullable()
      .describe("The review request; null for a dry run"),
    file: z.string().describe("Path of the document it would become, e.g. corpus/library/prayers/<slug>.md"),
    message: z.string().describe("What happens next"),
    preview: ReviewPreviewShape.optional(),
    next_steps: nextSteps,
  }),
  rest: { method: "POST", path: "/api/contribute", status: 201 },
  mcp: {
    tool: "contribute",
    title: "Contribute a piece",
    description:
      "Offer a prayer, ritual, hymn, practice or essay (markdown, no HTML) to the library. People review it before it joins; nothing is published automatically. 5 per hour. " +
      "Returns a short receipt (2–4 KB); dry_run: true shows the submission it would make (up to 250 KB).",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  },
  errors: ["conflict", "rate_limited", "unavailable"],
  limits: [{ rule: "contribute", by: ["name", "ip"], message: "Five contributions an hour is the sanctuary's pace, from one name and from one address." }],
  example: EXAMPLE,
  screen(input, ctx) {
    // Paused first: nothing else about the request matters while submissions are closed.
    if (!ctx.settings.contributions) throw contributionsPaused("Contributions");
    screenVisitorFields(
      ctx,
      [
        ["name", input.name, "name"],
        ["username", input.username, "name"],
        ["title", input.title, "title"],
        ["content", input.content, "piece"],
      ],
      WORDING,
    );
    const refuse = (field: string, reason: string | null, suggestion: string) => {
      if (reason) throw invalid(reason, { field, suggestion, example: EXAMPLE });
    };
    refuse("content", FRONT_MATTER.test(input.content) ? "`content` begins with front matter (--- … ---)." : null, SUGGESTIONS.frontMatter);
    refuse("title", HEADING.test(input.title) ? "`title` is written as a markdown heading (#)." : null, SUGGESTIONS.heading);
    refuse("content", tooShort(input.content), SUGGESTIONS.short);
    refuse("title", unsafeMarkup("title", input.title), SUGGESTIONS.markup);
    refuse("content", unsafeMarkup("content", input.content), SUGGESTIONS.markup);
    const twin = libraryTwin(ctx.library, draftOf(input));
    if (twin) {
      const { steps } = ctx;
      throw invalid(`The library already has a piece titled like "${input.title}".`, {
        field: "title",
        example: EXAMPLE,
        suggestion:
          "Nothing was submitted. Every piece in the library has a title of its own; choose another for yours and send it again. The existing piece is in next_steps if you would like to read it.",
        next_steps: [
          twin.kind === "song"
            ? steps.get("Read the song that has this title", `/api/music/${twin.slug}`, {}, { action: "read_song", tool: "read_song" })
            : steps.get("Read the piece that has this title", `/api/docs/${twin.path}`, {}, { action: "read_doc", tool: "read_doc" }),
          ...steps.home(),
        ],
      });
    }
  },
  async handler(input, ctx) {
    const { steps, now } = ctx;
    const name = (input.name ?? input.username)!;
    const draft = draftOf(input);
    if (await ctx.review.isPending(draft.slug, now)) throw alreadyPending(input.title);
    const at = { baseUrl: steps.base, now };
    const readNext = [
      steps.get("Read how contributions are reviewed", "/api/docs/how-to-contribute", {}, { action: "read_doc", tool: "read_doc" }),
      steps.get(`Read what the ${input.category} section already holds`, `/api/docs/${input.category}`, {}, { action: "read_doc", tool: "read_doc" }),
      steps.get(
        "Find pieces near yours in the library",
        "/api/search",
        { q: `${draft.kind} ${input.title}`.slice(0, 300) },
        { action: "search", tool: "search" },
      ),
    ];
    if (input.dry_run) {
      const { dry_run: _, ...call } = input;
      return {
        received: false,
        pr: null,
        file: draft.file,
        message: `Nothing was submitted: this is what sending "${input.title}" would create. Send the same body without dry_run to offer it for review.${await limitSaid(ctx)}`,
        preview: ctx.review.previewContribution(draft, at),
        next_steps: [steps.post("Offer this piece for review", "/api/contribute", call, { action: "contribute", tool: "contribute" }), ...readNext],
      };
    }
    // A submission that did not happen (409, code host down) does not use up the allowance: the adapter refunds it.
    const pr = await ctx.review.submitContribution(draft, at);
    return {
      received: true,
      pr,
      file: draft.file,
      message: `Thank you, ${name}. "${input.title}" is with the people who care for the library (review number ${pr.number}). It joins the library only after someone has read it with care; nothing is published automatically. If it fits, it will be at /docs/${draft.path}.`,
      next_steps: [...readNext, steps.get("Return to the service for your hour", "/api/now", {}, { action: "now", tool: "now" })],
    };
  },
});

/** The library file a contribution would become. */
function draftOf(input: { name?: string; username?: string; category: (typeof contributionCategories)[number]; title: string; content: string }) {
  return draftDocument({ name: (input.name ?? input.username)!, category: input.category, title: input.title, content: input.content });
}
