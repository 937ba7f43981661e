// The body of a refused input: the schema's violations said in words, all at once (every field left out, a field
// the call does not take beside them), with the operation's example and the fields it takes.
import { closestMatch } from "leven";
import type { z } from "zod";
import { SanctuaryError } from "../core/errors.ts";
import type { Steps } from "../core/next-steps.ts";
import { exampleAt, type Operation } from "../tools/operation.ts";

const fieldName = (path: PropertyKey[]) => path.map(String).join(".");

/** Turn the schema's violations into a calm, specific error body: the first, then the rest of what is wrong. */
export function validationError(op: Operation, error: z.ZodError, steps: Steps, raw: Record<string, unknown> = {}, now = new Date()): SanctuaryError {
  const fields = Object.keys(op.input.shape);
  // Every field left out is named at once (not one call at a time), in the order the operation lists them, and so
  // is a field the call does not take: with both, the missing ones lead.
  const missing = error.issues
    .filter((i) => i.path.length === 1 && raw[String(i.path[0])] === undefined && i.code !== "unrecognized_keys")
    .sort((a, b) => fields.indexOf(String(a.path[0])) - fields.indexOf(String(b.path[0])));
  const stray = error.issues.find((i) => i.code === "unrecognized_keys");
  const issue = error.issues[0] === stray && missing.length ? missing[0] : error.issues[0];
  // What the caller knows the call by: its tool, or for a route with no tool its method and path (list-songs is an id
  // of ours; GET /api/music is what was called).
  const tool = op.mcp?.tool ?? `${op.rest.method} ${op.rest.path}`;
  // A field left out that takes one of a few values: the first problem's own when it is one, else the first in order.
  const choice = [issue, ...missing].find((i) => missing.includes(i) && valuesOf(i) !== undefined);
  const required = withAlternative(
    withChoice(
      requiredMessage(
        missing.map((i) => fieldName(i.path)),
        subjectOf(issue),
        fields.includes("username"),
      ),
      choice,
    ),
    missing,
  );
  const lead = said(issue, { raw, fields, tool, required, missing, choice });
  // The values that field takes go in `allowed`, with the field they are for, however the fields left out were said:
  // an enum left out (contribute's category) and a field a shape rule requires (feedback's category) alike.
  const named = lead.allowed || !choice || !missing.includes(issue) ? lead : { field: fieldName(choice.path), allowed: valuesOf(choice) };
  // The rest of what is wrong, after the first: each other field's problem (one a field), those left out, a field the
  // call does not take. A text too short beside a missing name was told only of the text (an outside tester's report).
  const rest: string[] = [];
  const told = new Set([fieldName(issue.path)]);
  for (const other of error.issues) {
    const name = fieldName(other.path);
    if (other === stray || missing.includes(other) || told.has(name) || told.size > 3) continue;
    told.add(name);
    rest.push(said(other, { raw, fields, tool, required, missing, choice }).message);
  }
  if (missing.length && !missing.includes(issue)) rest.push(required);
  if (stray && stray !== issue && stray.code === "unrecognized_keys") rest.push(unknownFieldsMessage(tool, stray.keys, fields));
  return new SanctuaryError("invalid", [lead.message, ...rest].join(" "), {
    // Said only where a field was left out: a name too long was told to add its name (an outside tester's report).
    suggestion: missing.length ? op.missingSuggestion : undefined,
    field: named.field || undefined,
    allowed: named.allowed,
    example: exampleAt(op, now),
    next_steps: [
      ...(op.invalidSteps?.(steps, now) ?? []),
      steps.get("Read this operation's description", "/openapi.json", {}, { action: "read_openapi" }),
      ...steps.home(),
    ],
  });
}

const subjectOf = (issue: z.core.$ZodIssue) => (issue.path.length ? `\`${fieldName(issue.path)}\`` : "The request");

interface Said {
  message: string;
  field: string;
  allowed?: string[];
}

/** What a violation is said against: the call as sent, its fields and name, and what was left out. */
interface SaidAbout {
  raw: Record<string, unknown>;
  fields: string[];
  tool: string;
  required: string;
  missing: z.core.$ZodIssue[];
  choice?: z.core.$ZodIssue;
}

/**
 * One violation in words (`required`: the sentence naming every field left out, said for a missing one, with the values
 * of `choice`, a field left out that takes one of a few).
 */
function said(issue: z.core.$ZodIssue, { raw, fields, tool, required, missing, choice }: SaidAbout): Said {
  const field = fieldName(issue.path);
  const subject = subjectOf(issue);
  // Zod does not report the value it saw, so look at what was sent.
  const sent = issue.path.reduce<unknown>((v, key) => (v !== null && typeof v === "object" ? Reflect.get(v, key) : undefined), raw);
  switch (issue.code) {
    case "invalid_type":
      return {
        field,
        message:
          sent === undefined
            ? required
            : Array.isArray(sent) && issue.expected !== "array" && issue.expected !== "object" && issue.expected !== "record"
              ? `${subject} must be given once, not repeated or as a list.`
              : issue.expected === "number" || issue.expected === "int"
                ? // Text that is not plain digits ("0x5", "1e1", "five"), a fraction, true: the only numbers inputs take are
                  // whole (tools/inputs.ts wholeNumber), said alike over REST (text) and MCP (JSON).
                  `${subject} must be a whole number written in digits, such as 5.`
                : `${subject} must be ${article(issue.expected)}.`,
      };
    case "too_big":
      return {
        field,
        message: issue.origin === "string" ? `${subject} must be at most ${issue.maximum} characters.` : `${subject} must be at most ${issue.maximum}.`,
      };
    case "too_small":
      // "at least 1 characters" reads as a machine's; an empty string is simply empty.
      return {
        field,
        message:
          issue.origin !== "string"
            ? `${subject} must be at least ${issue.minimum}.`
            : Number(issue.minimum) === 1
              ? `${subject} must not be empty.`
              : `${subject} must be at least ${issue.minimum} characters.`,
      };
    case "invalid_value": {
      const allowed = issue.values.map(String);
      // A value that differs from one allowed only by case or a slip ("Prayers", "prayer") names the one meant.
      const meant = typeof sent === "string" ? meantBy(sent, allowed) : undefined;
      // Left out, the required sentence names it, and its values when it is the choice there (withChoice).
      const message =
        sent !== undefined
          ? `${subject} must be one of: ${allowed.join(", ")}${meant ? `: did you mean \`${meant}\`?` : "."}`
          : issue === choice
            ? required
            : `${required.slice(0, -1)} (${subject} is one of: ${allowed.join(", ")}).`;
      return { field, message, allowed };
    }
    case "invalid_format":
      return { field, message: `${subject} is not in the expected format (${issue.format}).` };
    case "unrecognized_keys":
      // Inputs are strict: a misspelt `dry_run` must not be read as a real call (docs/behaviour.md §7).
      return { field: issue.keys[0] ?? "", message: unknownFieldsMessage(tool, issue.keys, fields), allowed: fields };
    default:
      // "`name` is required (`username` also works)" alone; among other missing fields, in the list.
      return {
        field,
        message: missing.length > 1 && missing.includes(issue) ? required : issue.message.endsWith(".") ? issue.message : `${issue.message}.`,
        allowed: valuesOf(issue),
      };
  }
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

/**
 * The values a field takes, when its issue names them: an enum's, or those a rule outside the schema requires in the
 * issue's `params.allowed` (feedback's category is optional in the schema, required by its shape rule).
 */
function valuesOf(issue: z.core.$ZodIssue): string[] | undefined {
  if (issue.code === "invalid_value") return issue.values.map(String);
  const allowed: unknown = issue.code === "custom" ? issue.params?.allowed : undefined;
  return Array.isArray(allowed) && allowed.every((v) => typeof v === "string") ? allowed : undefined;
}

/** "`category`, `title` and `content` are required (`category` is one of: …)." when a field left out takes one of a few values. */
function withChoice(required: string, choice: z.core.$ZodIssue | undefined): string {
  const values = choice && valuesOf(choice);
  return choice && values ? `${required.slice(0, -1)} (${subjectOf(choice)} is one of: ${values.join(", ")}).` : required;
}

/**
 * The other shape a call may take, when every field left out names the same one in its issue's `params.otherwise`
 * (feedback's short form, "send just `message`"): said once after the list, which otherwise told only of the long form.
 */
function withAlternative(required: string, missing: z.core.$ZodIssue[]): string {
  const alternatives = missing.map((i) => (i.code === "custom" && typeof i.params?.otherwise === "string" ? i.params.otherwise : undefined));
  const shared = alternatives[0];
  if (missing.length < 2 || !shared || alternatives.some((a) => a !== shared)) return required;
  return `${required.slice(0, -1)}, or ${shared} (the short form).`;
}

/** Spelling aside (case, `-`, `_`): `dryRun` and `dry-run` are `dry_run`. */
const squashed = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/** A stray name (squashed) and the fields it stands for elsewhere, in the order tried against an operation's own. */
const SYNONYMS = new Map<string, readonly string[]>(
  Object.entries({
    query: ["q", "question"],
    search: ["q"],
    term: ["q"],
    keywords: ["q"],
    prompt: ["question"],
    message: ["text", "question", "description"],
    reflection: ["text"],
    body: ["content", "text", "description"],
    markdown: ["content"],
    song: ["slug", "songSlug"],
    id: ["slug", "path"],
    document: ["path"],
    doc: ["path"],
    tz: ["timezone"],
    zone: ["timezone"],
    max: ["limit"],
    count: ["limit"],
    topk: ["limit"],
    k: ["limit"],
    n: ["limit"],
  }),
);

/**
 * The field a stray one was meant to be: the same but for case, `-` and `_`, or a slip of a letter or two (`limt`,
 * `timzone`); a name of three letters or fewer is too short to guess from.
 */
export function meantBy(key: string, known: readonly string[]): string | undefined {
  const same = known.find((k) => squashed(k) === squashed(key));
  if (same) return same;
  // The names other APIs give these fields, which agents bring along (`query` for search's `q`): offered only where
  // the operation has that field and not the name sent.
  const synonym = SYNONYMS.get(squashed(key))?.find((k) => known.includes(k));
  if (synonym) return synonym;
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
  // A record is Zod's word for an object of named values: a JSON object to whoever sends one.
  if (type === "object" || type === "record") return "a JSON object";
  if (type === "int") return "a whole number";
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
