// A rule every operation's input keeps before its schema reads it (adapters/invoke.ts): no half of a UTF-16 pair
// alone and no noncharacter, anywhere in it. Pure.
import { SanctuaryError } from "../core/errors.ts";
import { hasLoneSurrogate, noncharacterIn, wellFormed } from "../core/text.ts";
import { exampleAt, type Operation } from "../tools/operation.ts";

/**
 * A rule every text of every operation shares, before its schema: no half of a UTF-16 pair alone (a JSON body or
 * MCP argument may send "\ud800"; stored, it would break strict JSON readers and the feeds), and no noncharacter (a
 * U+FFFF was stored, shown as a box on a page and dropped by a feed: an outside tester's report). Nested values
 * (feedback's `context`) and field names count too: both may be stored or echoed back in an error.
 */
export function brokenText(op: Operation, raw: Readonly<Record<string, unknown>>, now: Date): SanctuaryError | null {
  const found = brokenTextIn(raw);
  if (!found) return null;
  return new SanctuaryError("invalid", found.message, {
    ...(found.field ? { field: found.field } : {}),
    example: exampleAt(op, now),
  });
}

/** The same rule for values no operation reads directly (a prompt's arguments): what is wrong and in which field, or null. */
export function brokenTextIn(raw: Readonly<Record<string, unknown>>): { message: string; field: string } | null {
  const found = brokenAt(raw, "", 0);
  if (!found) return null;
  // The error is JSON too: a name holding the half is shown made whole.
  const where = found.inName ? `a field name ${found.path ? `in \`${found.path}\`` : JSON.stringify(wellFormed(found.name))}` : `\`${found.path}\``;
  const fault = found.noncharacter
    ? `a noncharacter (U+${found.noncharacter.charCodeAt(0).toString(16).toUpperCase()}), which is never text and no one can read; send the text as it is written.`
    : "half of a character (a lone UTF-16 surrogate); send whole characters, as UTF-8.";
  return { message: `${where} holds ${fault}`, field: found.path.split(/[.[]/)[0] };
}

interface Broken {
  /** Where: `text`, `context.page`, `tags[2]`; for a name, the object holding it ("" at the top). */
  path: string;
  /** The noncharacter found (U+FFFF…), or null for half of a pair. */
  noncharacter: string | null;
  inName: boolean;
  name: string;
}

/** A string's fault, if any: half of a pair first (the graver), then a noncharacter. */
function brokenIn(text: string, path: string, inName: boolean, name: string): Broken | null {
  if (hasLoneSurrogate(text)) return { path, inName, name, noncharacter: null };
  const noncharacter = noncharacterIn(text);
  return noncharacter ? { path, inName, name, noncharacter } : null;
}

/** The first lone surrogate or noncharacter in a value or in the names of its fields, depth first, or null. */
function brokenAt(value: unknown, path: string, depth: number): Broken | null {
  if (typeof value === "string") return brokenIn(value, path, false, "");
  // Bodies are at most 32 deep (readJsonObject): deeper is no text anyone sends.
  if (value === null || typeof value !== "object" || depth > 40) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = brokenAt(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [name, inner] of Object.entries(value)) {
    const inName = brokenIn(name, path, true, name);
    if (inName) return inName;
    const found = brokenAt(inner, path ? `${path}.${name}` : name, depth + 1);
    if (found) return found;
  }
  return null;
}
