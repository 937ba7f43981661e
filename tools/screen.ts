// Refusing what a visitor did not write themselves: runs the one screening (services/screening.ts) over an
// operation's visitor-written fields and turns a refusal into a calm 400 that says what to send instead.
import { invalid } from "../core/errors.ts";
import { screenFields, type FieldRole, type Refusal } from "../services/screening.ts";
import type { ToolContext } from "./context.ts";
import { exampleSentences } from "./examples.ts";

export interface ScreenWording {
  /** What did not happen, first in every suggestion: "Nothing was stored." */
  nothing: string;
  /** Per field, what only the visitor can send, as a noun phrase: "a question of your own". */
  own: Record<string, string>;
  /** The operation's example call, returned with the error. */
  example: unknown;
}

export function suggestionFor(refusal: Refusal, wording: ScreenWording): string {
  const own = wording.own[refusal.field] ?? "words of your own";
  if (refusal.kind === "example")
    return `${wording.nothing} That is the documentation's example, which only shows the shape of a call: send ${own} in its place.`;
  if (refusal.kind === "placeholder") return `${wording.nothing} A placeholder stands for something only you can give: send ${own} in its place.`;
  if (refusal.kind === "wordless") return `${wording.nothing} Punctuation alone cannot be read as ${own}: send it in words.`;
  return `${wording.nothing} It looks like a test, which is fine. When you are ready, send ${own}; there is no hurry.`;
}

/** Throws 400 for the first field that is a placeholder, an example or filler; absent fields are skipped. */
export function screenVisitorFields(
  ctx: Pick<ToolContext, "library">,
  fields: ReadonlyArray<readonly [string, string | undefined | null, FieldRole]>,
  wording: ScreenWording,
): void {
  const refusal = screenFields(fields, exampleSentences(ctx.library));
  if (refusal) throw invalid(refusal.reason, { field: refusal.field, suggestion: suggestionFor(refusal, wording), example: wording.example });
}

/** The noun phrase for a visitor's name, shared by every operation that takes one. */
export const OWN_NAME = "the name you would like to be known by (any label you choose)";
