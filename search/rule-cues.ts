// A yes or no is decided by a rule: the sentence a careful reader points at says what may, must or does not happen to
// the thing asked about, often with its limit ("refused for 30 days", "kept for 24 hours", "does not reuse … from the
// last three weeks"). Said of something else it decides nothing: "No key or token is needed…" is no answer to
// "does the planner read my reflection?", however rule-like. Pure rules.
import type { Candidate } from "./candidate.ts";
import { N, UNIT, type Cue } from "./cue.ts";
import { synonymsOf } from "./synonyms.ts";
import { askTerms } from "./text.ts";

/**
 * A rule said plainly: an answer's opening yes or no (sentence-score.ts `saying` keeps it only under the visitor's own
 * question), a universal no ("Nothing is published automatically", "No key or token is needed"), the subject's own
 * rule ("Your timezone is not stored.", "The sanctuary has no creed…"), not what it is not ("Reflections are not
 * reviews"), nor of a subject said before ("It is never given…"), or a limit in time ("kept for 48 hours").
 */
const STATES =
  "(?:public|private|optional|required|refused|allowed|accepted|welcome|free|kept|stored|logged|published|counted|checked|reviewed|forgotten|discarded|deleted|removed)";
const PLAIN = String.raw`^(yes|no)\b|^(nothing|nobody|no one|never)\b|^(?!(?:it|this|that|they|there|which)\b)(?:(?:your|the|a|an|its|their)\s+)?[\w'-]+(?:,?\s+(?:and\s+)?[\w'-]+){0,3}\s+(?:(?:is|are|was|were)\s+(?:not|never)\s+(?:\w+(?:ed|en)|kept|shown|sent|read|held|made|open|lost)|(?:has|keeps|needs|requires|asks)\s+no)\b`;

/**
 * A limit in time ("kept for 24 hours", "refused for 30 days", "stays on the live feed for 48 hours"). A plain rule,
 * unless the question names what happens to its thing and this is another happening: "Is my name kept after I attend?"
 * is not decided by "the same words from the same name are refused for 30 days" (timedRule).
 */
const TIMED = new RegExp(String.raw`\b(kept|shown|stays?|refused) for\s+${N}\s+${UNIT}`, "i");
const HAPPENINGS = ["keep", "show", "stai", "refus"];

/** Whether the sentence states a limit in time for what the question asks happens (any, when it names no such happening). */
export function timedRule(sentence: string, subject: readonly string[]): boolean {
  const m = TIMED.exec(sentence);
  if (!m) return false;
  const named = new Set(subject.flatMap((t) => [t, ...synonymsOf(t).map(([linked]) => linked)]));
  const asked = HAPPENINGS.filter((h) => named.has(h));
  return !asked.length || askTerms(m[1]).some((t) => named.has(t));
}

/**
 * Or what may, must or does not happen to the very thing asked: a negation, a permission or duty, or a state a rule
 * sets, followed by the question's own verb (or a state it names) ("A slot does not repeat the other slots of
 * its date" for "do pieces ever repeat?", "Do not name or describe other people" for "may I mention my sister by
 * name?", "Reflections are public" for "can anyone read…?"). Not any "do not" of the page: "You do not need to be calm"
 * decides nothing about names.
 */
const MARKER = new RegExp(
  [
    String.raw`\b(?:does|do|did|can|could|will|would|should|need|needs)\s+not\b|\b(?:cannot|can['’]t|won['’]t|doesn['’]t|don['’]t|never|no longer)\b`,
    // "May" and "must" of a duty or a permission, not of a chance ("you may be in different slots").
    String.raw`\b(?:may|must)(?:\s+not)?\b(?!\s+(?:be|have|not be)\b)`,
    String.raw`\b(?:is|are|was|were|be)\s+(?:not\s+|never\s+|always\s+|only\s+)?(?=${STATES}\b)`,
  ].join("|"),
  "gi",
);

/**
 * What such a rule's kind is worth against a plain one (1): the subject's own rule said plainly ("Your timezone is not
 * stored") decides more surely than one whose verb the question names ("the sanctuary keeps very little…").
 */
export const RULED = 0.8;

/** A number, or a unit of time or text, as stemmed. */
const COUNTED = new RegExp(`^(?:${N}|minut|hour|second|dai|week|month|year|charact)$`);

/** How many words after its marker, within its clause, say a rule's verb ("does not reuse", "may not contain"): its object is often any ("may give any name"). */
const VERB_WINDOW = 2;

/** Whether the sentence states a rule whose verb is one the question names (or a word synonyms.ts links to one). */
export function rulesOn(sentence: string, subject: readonly string[]): boolean {
  // A count or its unit ("five", "hour") is a rule's limit, not the verb or object that makes it this question's rule.
  const named = new Set(subject.filter((t) => !COUNTED.test(t)).flatMap((t) => [t, ...synonymsOf(t).map(([linked]) => linked)]));
  for (const m of sentence.matchAll(MARKER)) {
    const clause = sentence.slice(m.index + m[0].length).split(/[,;:.!?()]/)[0];
    const verb = clause.trim().split(/\s+/).slice(0, VERB_WINDOW).join(" ");
    if (askTerms(verb).some((t) => named.has(t))) return true;
  }
  return false;
}

/**
 * The share of the question's subject a rule's own sentence holds to decide it. Set on dev (hybrid, of 577): 0.3 carried
 * 507 and 0.2 512, losing rules a long question names in few of its words ("do u guys hold on to my timezone…"); 0.12 517.
 */
export const ABOUT_HELD = 0.12;

/**
 * A sentence that answers a question this near the visitor's (its unit's, or one asked in visitors' words: corpus/asked.ts)
 * is about what they ask, whatever words it shares ("Is this some kind of church thing?" and "No. The sanctuary has no
 * creed…" under "Is this a religion?").
 */
export const ABOUT_ASKED = 0.5;

/** How much of the question's subject a sentence holds as a rule's subject: `own` (held, without its context), or all of it. */
export const aboutShare = (c: Candidate, own: number): number => (Math.max(c.asked ?? 0, c.askedAs ?? 0) >= ABOUT_ASKED ? 1 : own);

/**
 * Its words: a yes or no's polarity, and the words asking leave ("am I allowed…", "is it OK to…"), none of them what it
 * is about. Its content counts only in a sentence that itself holds enough of the question's subject (`about`, answer-cues.ts
 * cueFit): a rule about something else shares the shape, not the answer.
 */
export const YES_NO: Cue = {
  words: /^(not|never|no|ever|allowed|permitted|ok|okay|alright|fine|acceptable)$/,
  strong: new RegExp(PLAIN, "i"),
  rule: rulesOn,
  some: /./,
  about: true,
};

/**
 * How well a sentence has an `about` cue's content, judged sentence by sentence on the subject each holds itself: "No
 * key or token is needed for anything. Your name is a label, shown to others if you reflect." states no rule about
 * reflections, though its second sentence names them.
 */
export function ruleFit(sentence: string, cue: Cue, subject: readonly string[], own = (text: string) => shareHeld(text, subject)): number {
  let best = cue.some.test(sentence) ? 0.5 : 0;
  for (const said of sentence.split(/(?<=[.!?])\s+/)) {
    if (subject.length && own(said) < ABOUT_HELD) continue;
    if (cue.strong.test(said) || (cue === YES_NO && timedRule(said, subject))) return 1;
    if (cue.rule?.(said, subject)) best = Math.max(best, cue.ruled ?? RULED);
  }
  return best;
}

/** The share of the subject's stems the text holds, each counted once (held's plain form, for callers without weights). */
function shareHeld(text: string, subject: readonly string[]): number {
  const have = new Set(askTerms(text));
  return subject.filter((t) => have.has(t)).length / subject.length;
}
