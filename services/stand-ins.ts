// What a stand-in looks like: the words documentation and schemas put where a visitor's own value goes
// (`<your name>`, `[NAME]`, `{name}`, `YOUR_NAME`, `YourName`, "your name here", "string"). Pure; used by
// services/screening.ts. Brackets that are writing, not stand-ins, pass: "[sic]", "[laughs]", "<sigh>",
// "[…]", markdown links "[words](url)", autolinks "<https://…>", JSON such as {"name": "x"}.

/** How a field is read: a visitor's label, a place, free text, a title, a piece of markdown. */
export type FieldRole = "name" | "place" | "text" | "title" | "piece";

/** The words each role's own documentation uses for it ("your name", "<your reflection>"). */
const ROLE_WORDS: Record<FieldRole, string[]> = {
  name: [
    "name",
    "username",
    "user name",
    "nickname",
    "display name",
    "full name",
    "first name",
    "last name",
    "first last",
    "firstname lastname",
    "label",
    "handle",
    "agent name",
    "test user",
  ],
  place: ["location", "city", "place", "country", "region", "town", "city country", "city and country"],
  text: ["text", "reflection", "reflection text", "words", "question", "follow up", "followup", "message", "description", "details", "feedback", "comment"],
  title: ["title", "summary", "piece title", "summary in one line", "one line summary", "subject"],
  piece: ["content", "piece", "text", "prayer", "markdown", "body", "piece in markdown", "prayer in markdown"],
};

/** Values every schema tool fills in for a string it knows nothing about. */
const GENERIC = new Set(["string", "null", "undefined", "nan", "example", "sample", "placeholder", "value"]);

/** Words that name a field or a value inside brackets: `<slug>`, `[song slug]`, `{timezone}`. */
const BRACKET_WORDS = new Set([
  ...Object.values(ROLE_WORDS).flat(),
  ...["song", "slug", "song slug", "current slug", "slug of the song", "name of the song", "song title", "timezone", "time zone", "iana timezone", "zone"],
  ...["owner token", "token", "session id", "id", "email", "e mail", "date", "url", "link", "category", "field", "key", "answer"],
]);

/** `YourName`, `myTimezone`: these second halves only (so MySpace and YourSelf stay words). */
const TOKEN_TAILS = new Set([
  "name",
  "username",
  "nickname",
  "text",
  "reflection",
  "question",
  "title",
  "content",
  "message",
  "description",
  "location",
  "city",
  "timezone",
  "zone",
  "slug",
  "song",
  "token",
  "email",
]);

const OPENERS = /^(?:your|insert|enter|type|put|write|add|fill in|replace|optional|what you|whatever you|something you)\b/;
const SIGNALS = /\b(?:characters|chars|placeholder)\b|\bhere$/;
const PLAIN = /^[\p{L}\p{N}][\p{L}\p{N} _.\-'’/,]*$/u;
const SNAKE_CAPS = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

/** Lowercased, `_ - . ,` read as spaces, surrounding brackets, quotes and punctuation dropped. */
export function normalized(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[_.,-]+/g, " ")
    .replace(/^[\s"'“”‘’<>[\]{}()*,:;!?]+|[\s"'“”‘’<>[\]{}()*,:;!?]+$/g, "")
    .replace(/\s+/g, " ");
}

function bracketedStandIn(inner: string): boolean {
  const trimmed = inner.trim();
  if (!PLAIN.test(trimmed)) return false;
  if (SNAKE_CAPS.test(trimmed)) return true;
  const words = normalized(trimmed);
  return OPENERS.test(words) || SIGNALS.test(words) || BRACKET_WORDS.has(words);
}

const BRACKETS = /<([^<>\n]{1,80})>|\[([^[\]\n]{1,80})\](?![([:])|\{([^{}\n]{1,80})\}/g;
const TEMPLATES = /\{\{[^{}\n]{1,80}\}\}|\$\{[^{}\n]{1,80}\}/;
const SNAKE_TOKEN = /\b(?:your|my)_[a-z0-9]+(?:_[a-z0-9]+)*\b|\b[a-z][a-z0-9]*(?:_[a-z0-9]+)*_here\b/i;
const CAMEL_TOKEN = /\b(?:[Yy]our|[Mm]y)([A-Z][a-z]+)\b/g;
const ZONE_TOKEN = /\byour\/(?:zone|timezone|region|city|continent)\b/i;
const MAYBE = /[<[{_/]|your|my|here/i;
const ALL_WORDS = [...new Set(Object.values(ROLE_WORDS).flat())].sort((a, b) => b.length - a.length).join("|");
const HERE_PHRASE = new RegExp(`\\b(?:your|insert|enter)\\s+(?:your\\s+)?(?:${ALL_WORDS})\\s+here\\b`, "i");

/** The first stand-in inside a text (a bracketed placeholder, a template, a YOUR_NAME-style token), or null. */
export function placeholderIn(text: string): string | null {
  // Every pattern below needs one of these; most names and texts have none, and are answered at once.
  if (!MAYBE.test(text)) return null;
  const template = TEMPLATES.exec(text);
  if (template) return template[0];
  for (const m of text.matchAll(BRACKETS)) if (bracketedStandIn(m[1] ?? m[2] ?? m[3])) return m[0];
  for (const m of text.matchAll(CAMEL_TOKEN)) if (TOKEN_TAILS.has(m[1].toLowerCase())) return m[0];
  return SNAKE_TOKEN.exec(text)?.[0] ?? ZONE_TOKEN.exec(text)?.[0] ?? HERE_PHRASE.exec(text)?.[0] ?? null;
}

/** A whole value that is one bracketed phrase of words: `<describe what happened>`, `[your words]`, `{city}`. */
const WHOLE_BRACKETED = /^\s*(?:<[^<>]+>|\[[^[\]]+\]|\{[^{}]+\})\s*$/;
/** Words and the punctuation of a phrase; no quotes or colons (so JSON and addresses are not phrases). */
const PHRASE = /^[\p{L}\p{M}\p{N}\s,.;'’\-/?!…()&]*\p{L}[\p{L}\p{M}\p{N}\s,.;'’\-/?!…()&]*$/u;

/**
 * Whether the whole value is one bracketed phrase, whatever its words: `<what stayed with you, in a sentence
 * or two>` is the shape of a placeholder even where no rule knows its words. Inside a longer text such
 * brackets are writing ("and then <sigh> I stayed") and pass.
 */
export function isBracketedPhrase(value: string): boolean {
  return WHOLE_BRACKETED.test(value) && PHRASE.test(value.trim().slice(1, -1));
}

/** Whether a value is or holds a placeholder (a bracketed phrase, a template, a YOUR_NAME-style token). */
export function holdsPlaceholder(value: string): boolean {
  return isBracketedPhrase(value) || placeholderIn(value) !== null;
}

/** Whether the whole value stands in for the field ("your name", "Location", "string", "…", "<any phrase>"). */
export function isStandIn(value: string, role: FieldRole): boolean {
  // "..." and "…" are how docs write "something goes here"; a lone "." is a label some choose.
  if (/^[\s.…]*(?:\.\.|…)[\s.…]*$/.test(value)) return true;
  if (isBracketedPhrase(value)) return true;
  // Folding keeps ASCII digits, and no stand-in holds one: a value with a digit ("visitor-42") is no stand-in, unfolded.
  if (NO_DIGIT_IN_STAND_INS && ASCII_DIGIT.test(value)) return false;
  const v = normalized(value);
  if (GENERIC.has(v)) return true;
  return STAND_INS[role].has(v);
}

/** Per role: its words alone or as the docs phrase them ("your name", "enter your name", "name here"). */
const STAND_INS = Object.fromEntries(
  (Object.keys(ROLE_WORDS) as FieldRole[]).map((role) => {
    const prefixes = ["", "your ", "insert ", "enter ", "insert your ", "enter your ", "type your ", "put your ", ...(role === "name" ? ["my "] : [])];
    return [role, new Set(ROLE_WORDS[role].flatMap((word) => prefixes.flatMap((p) => [`${p}${word}`, `${p}${word} here`])))];
  }),
) as Record<FieldRole, Set<string>>;

const ASCII_DIGIT = /[0-9]/;
/** Read from the lists themselves, so a stand-in with a digit added to them turns the shortcut off. */
const NO_DIGIT_IN_STAND_INS = ![GENERIC, ...Object.values(STAND_INS)].some((set) => [...set].some((v) => ASCII_DIGIT.test(v)));
