// Input fields several operations share, with the limits of docs/behaviour.md §9.
import { z } from "zod";
import { isObject } from "../core/is-object.ts";
import { hasAnyControlChar, hasControlChars, hasStackedMarks, hasVisibleText, visibleLength, withoutBidiControls, withoutInvisible } from "../core/text.ts";
import { isValidDate } from "../planner/time.ts";

/**
 * A visitor's name: kept as written minus invisible format characters (zero-width spaces, bidi controls), and
 * refused when nothing visible is left. Compared by its key (core/text.ts nameKey), never as written.
 */
export function visitorName(field: string, max = 100) {
  return z
    .string()
    .refine((s) => s.trim() === "" || hasVisibleText(s), {
      message: `\`${field}\` is made only of invisible characters; please send a name people can read`,
      abort: true,
    })
    .overwrite(withoutInvisible)
    .trim()
    .min(1, `\`${field}\` must not be empty`)
    .max(max)
    .check(...labelRules(field), noStackedMarks(field));
}

/**
 * A label's rules (a name, a reflection's place): one line under what its visitor wrote, on pages and in feeds, and no
 * control character or tab. Line breaks first, so a name sent on two lines is told that.
 */
const labelRules = (field: string) => [
  z.refine<string>((s) => !/[\r\n\u2028\u2029]/.test(s), `\`${field}\` must be one line`),
  z.refine<string>((s) => !hasAnyControlChar(s), `\`${field}\` must not contain control characters or tabs`),
];
const noStackedMarks = (field: string) =>
  z.refine<string>((s) => !hasStackedMarks(s), `\`${field}\` piles many accents or marks on one character; send it as it is written`);
const noWebAddress = (field: string) => z.refine<string>((s) => !hasWebAddress(s), `\`${field}\` must not contain web addresses (http://, https:// or www.)`);
// Every name is shown to others somewhere (to those attending, on a conversation's page, in a review's issue or pull
// request), so each keeps the public rule against web addresses, as reflect's always did: a name attend took would
// otherwise be refused by the reflect step it is handed on to.
export const nameField = publicName("name").describe("Your name or label, shown publicly; not a credential");
export const usernameField = publicName("username").describe("Alias of `name`");
export const timezoneField = z
  .string()
  .trim()
  .max(50)
  .describe("IANA timezone such as Europe/Lisbon: places you on your local clock and hemisphere; an unknown name counts as UTC. Never stored.");

/**
 * The rule "name or username is required", for an input object. It runs even when other fields are wrong (Zod
 * passes a refinement over once any field failed), so a refusal names every missing field at once
 * (docs/behaviour.md §7); a name that was sent but is wrong has its own error and is not called missing.
 */
export function nameOrUsername<S extends z.ZodObject>(input: S): S {
  return oneName(input)
    .superRefine(
      (value: { name?: unknown; username?: unknown }, ctx) => {
        if (value.name === undefined && value.username === undefined)
          ctx.addIssue({ code: "custom", path: ["name"], message: "`name` is required (`username` also works)" });
      },
      { when: (payload) => isObject(payload.value) },
    )
    .meta(NAME_OR_USERNAME);
}

/**
 * `name` and `username` are one field under two names: both sent is a field sent twice, refused as one sent in the
 * path and the query is (docs/behaviour.md §7), rather than `name` quietly taken (an outside tester's report).
 */
export function oneName<S extends z.ZodObject>(input: S): S {
  return crossFieldRules(input, { not: { required: ["name", "username"] } }).superRefine(
    (value: { name?: unknown; username?: unknown }, ctx) => {
      if (value.name !== undefined && value.username !== undefined)
        ctx.addIssue({
          code: "custom",
          path: ["username"],
          message: "`name` and `username` were both sent: `username` is another name for `name`; send one of them.",
        });
    },
    { when: (payload) => isObject(payload.value) },
  );
}

/**
 * Schema metadata for an input refined with nameOrUsername, so the JSON Schema clients see says it too: OpenAPI
 * gets `anyOf: [{required: [name]}, {required: [username]}]`; MCP, whose clients refuse a combinator at the
 * root of a tool's input schema, gets `name` required with `username` described as its alias.
 */
export const REQUIRED_ONE_OF = "x-required-one-of";
export const NAME_OR_USERNAME = { [REQUIRED_ONE_OF]: ["name", "username"] } as const;

/** The two fields of which an input needs one (NAME_OR_USERNAME), or none: read by OpenAPI and the pages' forms. */
export function oneOfRequired(input: z.ZodType): readonly string[] {
  const oneOf = input.meta()?.[REQUIRED_ONE_OF];
  return Array.isArray(oneOf) ? oneOf : [];
}

/** The schema metadata key under which an input's rules across fields are kept for OpenAPI (adapters/openapi.ts). */
export const CROSS_FIELD_RULES = "x-cross-field-rules";

/**
 * Rules across an input's fields that its refinements check, written as JSON Schema keywords for the input's root
 * (`not`, `oneOf`, `dependentRequired`), so the OpenAPI document says them too; added to any given before. MCP's
 * input schemas leave them out (adapters/mcp-schema.ts): clients refuse a combinator at a tool input's root.
 */
export function crossFieldRules<S extends z.ZodType>(schema: S, rules: Record<string, unknown>): S {
  const before = schema.meta()?.[CROSS_FIELD_RULES];
  return schema.meta({ [CROSS_FIELD_RULES]: { ...(isObject(before) ? before : {}), ...rules } });
}

/** Web addresses are refused in public text (docs/behaviour.md §8): http://, https:// and www., any letter case. */
export const WEB_ADDRESS = /https?:\/\/|www\./i;

/**
 * Whether text holds a web address as a reader would see it: invisible characters taken out and wide or stylised
 * forms folded (NFKC), so that "h\u200Bttps://" and "ｈｔｔｐｓ：／／" are the address they show; the ideographic full stop,
 * which browsers read as a dot in an address ("www。example。com"), is read as one.
 */
export function hasWebAddress(text: string): boolean {
  return WEB_ADDRESS.test(text) || WEB_ADDRESS.test(withoutInvisible(text).normalize("NFKC").replace(IDEOGRAPHIC_STOPS, "."));
}
const IDEOGRAPHIC_STOPS = /[\u3002\uFF61]/g;

/** Text a visitor writes for others to read (a reflection, a question, a piece): trimmed, its bidi controls taken out. */
export const writtenText = () => z.string().overwrite(withoutBidiControls).trim();

/**
 * A public text field: trimmed, at least `min` visible characters, no web addresses, no control characters; with
 * `label`, a label's rules instead of the control-character one (a line break or a tab refused too).
 */
export function publicText(field: string, min: number, max: number, { label = false } = {}) {
  return writtenText()
    .min(min)
    .max(max)
    .refine((s) => s.length < min || visibleLength(s) >= min, {
      message: `\`${field}\` must hold at least ${min} visible characters (invisible ones, and marks piled on one, do not count)`,
      abort: true,
    })
    .check(
      noWebAddress(field),
      ...(label ? labelRules(field) : [z.refine<string>((s) => !hasControlChars(s), `\`${field}\` must not contain control characters`)]),
      noStackedMarks(field),
    );
}

/** A public label (a reflection's place): public text on one line, without tabs, as a name is. */
export const publicLabel = (field: string, min: number, max: number) => publicText(field, min, max, { label: true });

/** A public name: a visitor's name with the public-text rule against web addresses (every operation's names). */
export function publicName(field: string) {
  return visitorName(field).check(noWebAddress(field));
}

/**
 * A whole number given in a query string (text) or JSON: digits only, since `Number` would also read "0x5", "1e1" and
 * "" as numbers (docs/behaviour.md §9: refused, not reinterpreted). Empty or null counts as not given, so `fallback`
 * applies.
 */
export function wholeNumber(min: number, max: number, fallback: number) {
  return z.preprocess(digitsAsNumber, z.int().min(min).max(max).default(fallback));
}

/** An optional field where empty means not given (`?before=` as a link leaves it, `?name=` on a read): as an empty `limit`. */
export function emptyAsAbsent<S extends z.ZodType>(field: S) {
  return z.preprocess((value) => (value === "" ? undefined : value), field.optional());
}

/** A whole number that may be left out: then the operation's own default (none here) holds. */
export function optionalWholeNumber(min: number, max: number) {
  return z.preprocess(digitsAsNumber, z.int().min(min).max(max).optional());
}

/** A date of services, YYYY-MM-DD. */
export const serviceDate = z
  .string()
  .trim()
  .refine(isValidDate, "`date` must be a real calendar date written YYYY-MM-DD")
  .meta({ description: "The date, YYYY-MM-DD", format: "date" });

/** A whole number that must be given (a path's, say): digits only, as `wholeNumber` reads them. */
export function requiredWholeNumber(min: number, max: number) {
  return z.preprocess(digitsAsNumber, z.int().min(min).max(max));
}

/**
 * Digits (with a minus sign, perhaps) read as the number they write, so `-1` and `1000000000` are told the bounds
 * ("at least 1", "at most 20") over REST as over MCP; a number past the safe integers is read as the largest safe one
 * of its sign, which every bound here refuses in the same words (Zod would first name 2^53 − 1 as the limit).
 */
function digitsAsNumber(value: unknown): unknown {
  if (value === "" || value === null) return undefined;
  const number = typeof value === "string" && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number) && !Number.isSafeInteger(Math.trunc(number))
    ? Math.sign(number) * Number.MAX_SAFE_INTEGER
    : number;
}

/**
 * An address as answers give it, reduced to its path: the origin (or the `sanctuary://` of a resource's URI), a query
 * or fragment and the slashes at either end are dropped (`https://host/api/docs/welcome?x#y` reads `api/docs/welcome`,
 * `sanctuary://docs/welcome` reads `docs/welcome`). A next step names its tool, its REST url and its resource, so an
 * agent may hand any of them to the tool that reads it.
 */
export function pathOfAddress(value: string): string {
  return value
    .replace(/^(?:https?:\/\/[^/]*|sanctuary:\/\/)/i, "")
    .replace(/[?#].*$/s, "")
    .replace(/^\/+|\/+$/g, "");
}
