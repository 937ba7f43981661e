// A guide may give the names of a set only in its headings ("00:00 to 04:00 — the deep watch", "04:00 to 08:00 — the
// turning watch", …): no sentence says them together, so "what are the six watches called?" found one name at a
// time. Sibling headings that end in the same word name members of one set; they are said as one sentence, the
// page's title and the names ("The Six Watches of the Day: the deep watch, the turning watch, …"), weighed only for a
// question that asks for names or a list. Pure functions.
import { PARTS } from "./answer-type.ts";

/** At least this many headings ending in the same word make a set. */
const LEAST = 3;

/** A heading's name: after a dash when it has one ("00:00 to 04:00 — the deep watch"), else the whole heading. */
const nameOf = (heading: string) => (heading.split(/\s+[—–-]\s+/).pop() ?? heading).trim();

/** "<title>: <name>, <name>, …" for the largest set of sibling headings ending in the same word; null when none. */
export function headingList(title: string, headings: readonly string[]): string | null {
  const byLast = new Map<string, string[]>();
  for (const heading of new Set(headings)) {
    const name = nameOf(heading);
    const last = name
      .toLowerCase()
      .match(/[\p{L}]+/gu)
      ?.pop();
    if (last) byLast.set(last, [...(byLast.get(last) ?? []), name]);
  }
  const set = [...byLast.values()].sort((a, b) => b.length - a.length)[0];
  return set && set.length >= LEAST ? `${title.replace(/[.:]$/, "")}: ${set.join(", ")}.` : null;
}

/** Whether the question asks for names or a list (answer-type.ts PARTS), which a set said by its headings answers. */
export function asksForNames(question: string): boolean {
  return PARTS.test(question);
}
