// POST /api/contribute — offer a piece to the library; people review it before it joins (MCP: contribute).
import { z } from "zod";
import { hasControlChars } from "../core/text.ts";
import { alreadyPending } from "../review/pending.ts";
import { libraryTwin } from "../review/publish.ts";
import { contributionCategories, draftDocument } from "../review/document.ts";
import { documentedExamples, exampleText, fillerText, MIN_CONTENT_WORDS, tooShort, unsafeMarkup } from "../review/screening.ts";
import { invalid, unavailable } from "../core/errors.ts";
import { NAME_OR_USERNAME, nameField, requireName, usernameField } from "./inputs.ts";
import { defineOperation } from "./operation.ts";
import { nextSteps } from "./shapes.ts";

export { contributionCategories };


/** Contributions and feedback may be paused by the operator (SANCTUARY_CONTRIBUTIONS=off). */
export function contributionsPaused(what: string) {
  return unavailable(`${what} are temporarily disabled.`, {
    suggestion: "Nothing was submitted, and nothing is lost. The sanctuary is not taking submissions just now; please keep your text and try again another day. Everything else here is open.",
  });
}

/** A correct call as the docs show it; its values are themselves refused as content (they are placeholders). */
const EXAMPLE = { name: "Wren", category: "prayers", title: "<your title>", content: "<your prayer, in markdown>" };

const SUGGESTIONS = {
  example: "Nothing was submitted. The example only shows the shape of a call; put your own title and your own piece in its place and send it again.",
  filler: "Nothing was submitted. It looks like a test, which is fine. When you have a piece you would like people to read, send it with its real title; there is no hurry.",
  short: `Nothing was submitted. A piece needs a few lines at least (${MIN_CONTENT_WORDS} words or more). Take your time with it and send it when it feels whole.`,
  markup: "Nothing was submitted. Please write the piece in plain markdown: emphasis, lists, headings and web links are welcome; HTML tags, comments and script links are not. Angle brackets are fine inside `code`.",
};

export const contribute = defineOperation({
  name: "contribute",
  summary: "Contribute a piece for human review",
  description:
    "People review every contribution before it joins the library; nothing is published automatically. Refused with 400 and nothing submitted: the documentation's example text or a placeholder like <your title>; " +
    `a test submission (a title or text made only of filler such as "test", "asdf", "hello world", "lorem ipsum", or keyboard mashing); content under ${MIN_CONTENT_WORDS} words; ` +
    "raw HTML, comments or javascript: links in the markdown; a title the library already has. 409 when a piece with the same title is already waiting for review. 5 per hour per name and per address.",
  input: z
    .object({
      name: nameField.optional(),
      username: usernameField.optional(),
      category: z.enum(contributionCategories).describe("Where it belongs"),
      title: z
        .string()
        .trim()
        .min(3)
        .max(200)
        .refine((t) => !/[\r\n]/.test(t), "`title` must be a single line")
        .refine((t) => !hasControlChars(t), "`title` must not contain control characters")
        .describe("Title, 3 to 200 characters, one line; unique in the library"),
      content: z
        .string()
        .trim()
        .min(1)
        .max(10_000)
        .refine((t) => !hasControlChars(t), "`content` must not contain control characters")
        .describe(`The piece in markdown (no raw HTML), ${MIN_CONTENT_WORDS} words to 10,000 characters`),
    })
    .superRefine(requireName).meta(NAME_OR_USERNAME),
  output: z.object({
    received: z.boolean().describe("Whether it was submitted for review"),
    pr: z.object({ url: z.string().describe("The pull request, or the moderation-queue entry"), number: z.number().int().describe("Its number") }).describe("The review request"),
    file: z.string().describe("Path of the document it would become, e.g. corpus/library/prayers/<slug>.md"),
    message: z.string().describe("What happens next"),
    next_steps: nextSteps,
  }),
  rest: { method: "POST", path: "/api/contribute", status: 201 },
  mcp: {
    tool: "contribute",
    title: "Contribute a piece",
    description: "Offer a prayer, ritual, hymn, practice or essay (markdown, no HTML) to the library. People review it before it joins; nothing is published automatically. 5 per hour. Returns a short receipt (under 1 KB).",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  },
  errors: ["conflict", "rate_limited", "unavailable"],
  limits: [{ rule: "contribute", by: ["name", "ip"], message: "Five contributions an hour is the sanctuary's pace, from one name and from one address." }],
  example: EXAMPLE,
  async handler(input, ctx) {
    const { steps, now } = ctx;
    if (!ctx.settings.contributions) throw contributionsPaused("Contributions");
    const name = (input.name ?? input.username)!;
    const refuse = (field: string, reason: string | null, suggestion: string) => {
      if (reason) throw invalid(reason, { field, suggestion, example: EXAMPLE });
    };
    const examples = [EXAMPLE.title, EXAMPLE.content, ...documentedExamples(ctx.library)];
    refuse("title", exampleText("title", input.title, examples), SUGGESTIONS.example);
    refuse("content", exampleText("content", input.content, examples), SUGGESTIONS.example);
    refuse(input.name ? "name" : "username", exampleText("name", name, []), SUGGESTIONS.example);
    refuse("title", fillerText("title", input.title), SUGGESTIONS.filler);
    refuse("content", fillerText("content", input.content), SUGGESTIONS.filler);
    refuse("content", tooShort(input.content), SUGGESTIONS.short);
    refuse("title", unsafeMarkup("title", input.title), SUGGESTIONS.markup);
    refuse("content", unsafeMarkup("content", input.content), SUGGESTIONS.markup);

    const draft = draftDocument({ name, category: input.category, title: input.title, content: input.content });
    const twin = libraryTwin(ctx.library, draft);
    if (twin) {
      throw invalid(`The library already has a piece titled like "${input.title}".`, {
        field: "title",
        example: EXAMPLE,
        suggestion: "Nothing was submitted. Every piece in the library has a title of its own; choose another for yours and send it again. The existing piece is in next_steps if you would like to read it.",
        next_steps: [
          twin.kind === "song"
            ? steps.get("Read the song that has this title", `/api/music/${twin.slug}`, {}, { action: "read_song", tool: "read_song" })
            : steps.get("Read the piece that has this title", `/api/docs/${twin.path}`, {}, { action: "read_doc", tool: "read_doc" }),
          ...steps.home(),
        ],
      });
    }
    if (await ctx.review.isPending(draft.slug, now)) throw alreadyPending(input.title);
    // A submission that did not happen (409, code host down) does not use up the allowance: the adapter refunds it.
    const pr = await ctx.review.submitContribution(draft, { baseUrl: steps.base, now });
    return {
      received: true,
      pr,
      file: draft.file,
      message: `Thank you, ${name}. "${input.title}" is with the people who care for the library (review number ${pr.number}). It joins the library only after someone has read it with care; nothing is published automatically. If it fits, it will be at /docs/${draft.path}.`,
      next_steps: [
        steps.get("Read how contributions are reviewed", "/api/docs/how-to-contribute", {}, { action: "read_doc", tool: "read_doc" }),
        steps.get(`Read what the ${input.category} section already holds`, "/api/search", { q: `${draft.kind} ${input.title}`.slice(0, 300) }, { action: "search", tool: "search" }),
        steps.get("Return to the service for your hour", "/api/now", {}, { action: "now", tool: "now" }),
      ],
    };
  },
});
