// The body of a refused input: the schema's violations said in words, all at once (every field left out, a field
// the call does not take beside them), with the operation's example and the fields it takes.
import { closestMatch } from "leven";
import type { z } from "zod";
import { SanctuaryError } from "../core/errors.ts";
import type { Steps } from "../core/next-steps.ts";
import type { Operation } from "../tools/operation.ts";

const fieldName = (path: PropertyKey[]) => path.map(String).join(".");

/** Turn the first schema violation into a calm, specific error body. */
export function validationError(op: Operation, error: z.ZodError, steps: Steps, raw: Record<string, unknown> = {}, now = new Date()): SanctuaryError {
  const fields = Object.keys(op.input.shape);
  // Every field left out is named at once (not one call at a time), in the order the operation lists them, and so
  // is a field the call does not take: with both, the missing ones lead.
  const missing = error.issues
    .filter((i) => i.path.length === 1 && raw[String(i.path[0])] === undefined && i.code !== "unrecognized_keys")
    .sort((a, b) => fields.indexOf(String(a.path[0])) - fields.indexOf(String(b.path[0])));
  const stray = error.issues.find((i) => i.code === "unrecognized_keys");
  const issue = error.issues[0] === stray && missing.length ? missing[0] : error.issues[0];
  let field = fieldName(issue.path);
  const subject = field ? `\`${field}\`` : "The request";
  // Zod does not report the value it saw, so look at what was sent.
  const sent = issue.path.reduce<unknown>((v, key) => (v !== null && typeof v === "object" ? Reflect.get(v, key) : undefined), raw);
  let message: string;
  let allowed: string[] | undefined;
  const tool = op.mcp?.tool ?? op.name;
  const required = requiredMessage(
    missing.map((i) => fieldName(i.path)),
    subject,
    fields.includes("username"),
  );
  switch (issue.code) {
    case "invalid_type":
      message =
        sent === undefined
          ? required
          : Array.isArray(sent) && issue.expected !== "array"
            ? `${subject} must be given once, not repeated or as a list.`
            : typeof sent === "string" && (issue.expected === "number" || issue.expected === "int")
              ? // Text that is not plain digits ("0x5", "1e1", "five"): the only numbers inputs take are whole (tools/inputs.ts wholeNumber).
                `${subject} must be a whole number written in digits, such as 5.`
              : `${subject} must be ${article(issue.expected)}.`;
      break;
    case "too_big":
      message = issue.origin === "string" ? `${subject} must be at most ${issue.maximum} characters.` : `${subject} must be at most ${issue.maximum}.`;
      break;
    case "too_small":
      // "at least 1 characters" reads as a machine's; an empty string is simply empty.
      message =
        issue.origin !== "string"
          ? `${subject} must be at least ${issue.minimum}.`
          : Number(issue.minimum) === 1
            ? `${subject} must not be empty.`
            : `${subject} must be at least ${issue.minimum} characters.`;
      break;
    case "invalid_value":
      allowed = issue.values.map(String);
      message =
        sent === undefined ? `${required.slice(0, -1)} (${subject} is one of: ${allowed.join(", ")}).` : `${subject} must be one of: ${allowed.join(", ")}.`;
      break;
    case "invalid_format":
      message = `${subject} is not in the expected format (${issue.format}).`;
      break;
    case "unrecognized_keys":
      // Inputs are strict: a misspelt `dry_run` must not be read as a real call (docs/behaviour.md §7).
      allowed = fields;
      field = issue.keys[0] ?? "";
      message = unknownFieldsMessage(tool, issue.keys, allowed);
      break;
    default:
      // "`name` is required (`username` also works)" alone; among other missing fields, in the list.
      message = missing.length > 1 && missing.includes(issue) ? required : issue.message.endsWith(".") ? issue.message : `${issue.message}.`;
  }
  // `search {"query": …}`: "`q` is required" alone sends the caller back with both fields.
  if (stray && stray !== issue && sent === undefined && stray.code === "unrecognized_keys") {
    message = `${message} ${unknownFieldsMessage(tool, stray.keys, fields)}`;
  }
  return new SanctuaryError("invalid", message, {
    // Said only where a field was left out: a name too long was told to add its name (an outside tester's report).
    suggestion: missing.length ? op.missingSuggestion : undefined,
    field: field || undefined,
    allowed,
    example: op.example,
    next_steps: [
      ...(op.invalidSteps?.(steps, now) ?? []),
      steps.get("Read this operation's description", "/openapi.json", {}, { action: "read_openapi" }),
      ...steps.home(),
    ],
  });
}

/**
 * "`category` is required." or "`name` (or `username`), `title` and `content` are required." (`first` when no path
 * names it; `name`'s alias when the operation takes one).
 */
function requiredMessage(fields: string[], first: string, aliased: boolean): string {
  const named = fields.length ? fields.map((f) => (aliased && f === "name" ? "`name` (or `username`)" : `\`${f}\``)) : [first];
  if (named.length === 1) return `${named[0]} is required.`;
  return `${named.slice(0, -1).join(", ")} and ${named.at(-1)} are required.`;
}

/** Spelling aside (case, `-`, `_`): `dryRun` and `dry-run` are `dry_run`. */
const squashed = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * The field a stray one was meant to be: the same but for case, `-` and `_`, or a slip of a letter or two (`limt`,
 * `timzone`); a name of three letters or fewer is too short to guess from.
 */
export function meantBy(key: string, known: readonly string[]): string | undefined {
  const same = known.find((k) => squashed(k) === squashed(key));
  if (same) return same;
  const slips = key.length <= 3 ? 0 : key.length <= 5 ? 1 : 2;
  return slips ? closestMatch(key, known, { maxDistance: slips }) : undefined;
}

/**
 * "`dryRun` is not a field reflect takes: did you mean `dry_run`? Its fields: …", or of a prompt's arguments
 * (`noun` "argument").
 */
export function unknownFieldsMessage(operation: string, unknown: string[], known: string[], noun = "field"): string {
  const named = unknown.slice(0, 3).map((key) => `\`${key}\``);
  const list = unknown.length > 3 ? `${named.join(", ")} and ${unknown.length - 3} more` : named.join(" and ");
  const meant = unknown.map((key) => meantBy(key, known)).filter((k) => k !== undefined);
  const lead = unknown.length === 1 ? `${list} is not ${article(noun)} ${operation} takes` : `${list} are not ${noun}s ${operation} takes`;
  const hint = meant.length ? `: did you mean ${meant.map((k) => `\`${k}\``).join(" and ")}?` : ".";
  return `${lead}${hint} ${known.length ? `Its ${noun}s: ${known.join(", ")}.` : `It takes no ${noun}s.`}`;
}

function article(type: string): string {
  if (type === "array") return "a list";
  if (type === "object") return "an object";
  if (type === "int") return "a whole number";
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
