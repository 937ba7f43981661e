// What a question after a request's fields asks for, and how far its answer reaches, as pure rules: "what goes in the
// body of a reflect request?", "which fields can I leave out?", "what do I have to send, at minimum?" want the
// fields a guide lists one to an item ("name is required…", "songSlug is optional…"), all of them: one item alone
// answers only for its own field.
import type { Chunk } from "./chunks.ts";
import type { Cue } from "./cue.ts";
import type { Candidate } from "./candidate.ts";

/** Asked after what a request takes: its fields, body or payload, what must be sent, what is required or optional. */
const FIELDS_ASKED =
  /\b(?:fields|param(?:eter)?s|arguments|payload|(?:request|json) body)\b|\bbody of (?:an?|the|my) [\w/ ]*?(?:request|call)\b|\bwhat (?:do|must|should|does) (?:i|we|you|it|my \w+) (?:have to |need to )?(?:send|include|pass|give|put in)\b|\b(?:required|mandatory|optional|compulsory|at (?:a |the )?minimum|leave out)\b/i;

/** A guide's item naming a field as a program sends it, and whether it must be sent. */
const FIELD_ITEM = /^[a-z]+(?:[A-Z][a-z]*)*\s+is\s+(?:required|optional)\b/;

/** Answered by the items that name the fields, partly by a sentence saying what is required or optional. */
export const FIELD_ITEMS: Cue = {
  words: /^(field|fields|param|params|parameter|parameters|argument|arguments|body|payload|send|include|pass|required|mandatory|optional|compulsory|minimum)$/,
  strong: FIELD_ITEM,
  some: /\b(?:required|optional)\b/i,
  particular: true,
};

export const asksFields = (question: string): boolean => FIELDS_ASKED.test(question);

/**
 * A field's item chosen for a question after the fields is quoted with the items beside it, in the guide's order: the
 * longest run of items around it that each name a field, in any passage holding it (passages overlap, so a list may
 * be cut in one and whole in the next).
 */
export function withFieldItems<C extends Candidate & { passage: Chunk }>(picked: C[], candidates: C[], asked: boolean): C[] {
  if (!asked) return picked;
  const out: C[] = [];
  const said = (x: C) => out.some((o) => o.sentence === x.sentence && o.passage.page === x.passage.page);
  for (const c of picked) {
    if (said(c)) continue;
    if (c.guide === false || !FIELD_ITEM.test(c.sentence)) {
      out.push(c);
      continue;
    }
    const runs = candidates.filter((x) => x.passage.page === c.passage.page && x.sentence === c.sentence).map((x) => runAround(x, candidates));
    for (const item of runs.sort((a, b) => b.length - a.length)[0]) if (!said(item)) out.push(item);
  }
  return out;
}

/** An item's later sentences stand between it and the next item: at most this many. */
const ITEM_SENTENCES = 3;

/**
 * The items naming a field just before and after this one in its passage and section, with it and every sentence
 * between them (an item's later sentences: "Leave it out and…"), in order.
 */
function runAround<C extends Candidate & { passage: Chunk }>(c: C, candidates: C[]): C[] {
  const section = candidates.filter((x) => x.passage.id === c.passage.id && x.heading === c.heading);
  const item = (p: number) => section.some((x) => x.position === p && FIELD_ITEM.test(x.sentence));
  const near = (p: number, step: number) => [1, 2, 3].map((d) => p + d * step).find((q, i) => i < ITEM_SENTENCES && item(q));
  let first = c.position;
  for (let p = near(first, -1); p !== undefined; p = near(first, -1)) first = p;
  let last = c.position;
  for (let p = near(last, 1); p !== undefined; p = near(last, 1)) last = p;
  return section.filter((x) => x.position >= first && x.position <= last).sort((a, b) => a.position - b.position);
}
