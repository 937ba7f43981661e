// A rule every operation's input keeps before its schema reads it (adapters/invoke.ts): no half of a UTF-16 pair
// alone, anywhere in it. Pure.
import { SanctuaryError } from "../core/errors.ts";
import { hasLoneSurrogate, wellFormed } from "../core/text.ts";
import { exampleAt, type Operation } from "../tools/operation.ts";

/**
 * A rule every text of every operation shares, before its schema: no half of a UTF-16 pair alone (a JSON body or
 * MCP argument may send "\ud800"; stored, it would break strict JSON readers and the feeds). Nested values (feedback's
 * `context`) and field names count too: both may be stored or echoed back in an error.
 */
export function brokenText(op: Operation, raw: Readonly<Record<string, unknown>>, now: Date): SanctuaryError | null {
  const found = brokenAt(raw, "", 0);
  if (!found) return null;
  // The error is JSON too: a name holding the half is shown made whole.
  const where = found.inName ? `a field name ${found.path ? `in \`${found.path}\`` : JSON.stringify(wellFormed(found.name))}` : `\`${found.path}\``;
  const field = found.path.split(/[.[]/)[0];
  return new SanctuaryError("invalid", `${where} holds half of a character (a lone UTF-16 surrogate); send whole characters, as UTF-8.`, {
    ...(field ? { field } : {}),
    example: exampleAt(op, now),
  });
}

interface Broken {
  /** Where: `text`, `context.page`, `tags[2]`; for a name, the object holding it ("" at the top). */
  path: string;
  inName: boolean;
  name: string;
}

/** The first lone surrogate in a value or in the names of its fields, depth first, or null when there is none. */
function brokenAt(value: unknown, path: string, depth: number): Broken | null {
  if (typeof value === "string") return hasLoneSurrogate(value) ? { path, inName: false, name: "" } : null;
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
    if (hasLoneSurrogate(name)) return { path, inName: true, name };
    const found = brokenAt(inner, path ? `${path}.${name}` : name, depth + 1);
    if (found) return found;
  }
  return null;
}
