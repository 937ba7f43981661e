// A question asking which guide covers something and asking more besides ("Which page walks me through contributing?
// And if I send a prayer, does it show up straight away?"): the guide is named for the part that asks for it
// (guide-titled.ts), read without the other parts' words, and every other part is answered as any question is, after
// it. Read whole, the guide's opening was the whole answer and the second part went unanswered. Pure functions for ground.ts.
import type { Grounding } from "./grounding.ts";
import type { Hit } from "./index.ts";
import { asksForGuide, guideSubjectTerms } from "./guide-titled.ts";
import { readWithAntecedent, sceneOf } from "./part-antecedent.ts";
import { partsOf } from "./question-parts.ts";
import { piecesAsked } from "./pieces.ts";
import { messageSentences } from "./text.ts";

/** Words that name a guide as such, with the words that ask which one: "which of your docs", "is there a page". */
const GUIDE_NAMED =
  /\b(?:(?:which|what)(?: one)?(?: of (?:your|the|these|those))?|is there (?:a|an|one|any)|(?:a|an|the|your|one))?\s*\b(?:guides?|pages?|docs?|documents?|articles?|write-?ups?)\b/gi;

/** The part of a question of several parts that asks for a guide, and the rest said as one question; null when it has no such part, or nothing else is asked. */
export function guidePartOf(question: string): { guide: string; rest: string } | null {
  const parts = partsOf(question);
  if (parts.length < 2) parts.splice(0, parts.length, ...afterTheGuide(question));
  if (parts.length < 2) return null;
  const at = parts.findIndex((p) => asksForGuide(p));
  if (at < 0) return null;
  // "…? What's it called?" asks nothing more than the guide: the question is read whole (guide-titled.ts).
  if (parts.every((p, i) => i === at || !guideSubjectTerms(p).length)) return null;
  // A later part pointing back ("…, and what's the longest it can be?") points to what the guide is about, not the guide.
  const about = parts[at].replace(GUIDE_NAMED, " ").replace(/\s+/g, " ");
  const rest = parts.map((p, i) => (i > at ? (readWithAntecedent(about, p) ?? p) : p)).filter((_, i) => i !== at);
  // The scene told before the guide is asked for ("I'm an AI agent and I'd like to attend. Which doc…") is the rest's scene too.
  const scene = sceneOf(parts[at]);
  // "Is there a guide for something like me?" asks for the guide of what the visitor said they are ("I am an autonomous agent").
  const self = LIKE_ME.test(parts[at]) ? SELF.exec(question)?.[1] : undefined;
  const guide = self ? parts[at].replace(/[?.!\s]*$/, ` (${self})?`) : parts[at];
  const asked = rest.join(" ");
  return { guide, rest: scene && !asked.startsWith(scene) ? `${scene} ${asked}` : asked };
}

/** The visitor pointing to themselves as the guide's subject: "a guide for something like me", "for someone like us". */
const LIKE_ME = /\b(?:like (?:me|us|myself)|for me|for us)\b/i;
/** What the visitor says they are: "I am an autonomous agent", "I'm a developer" (up to three words, to the first comma). */
const SELF = /\bI(?:['’]m| am)\s+(?:just\s+)?(?:an?\s+)?((?:[\w-]+\s+){0,2}?(?:agent|assistant|bot|model|program|person|human|developer|parent|visitor|ai))\b/i;

/** A sentence that asks without a question's shape: "I'm curious what the services at that hour are about", "I'd like to know whether…". */
const ASKS_INDIRECTLY = /\b(?:curious|wondering|wonder|want(?:ed)? to know|like to know|keen to know|not sure (?:what|whether|if|how))\b/i;
/** A second question joined to the one asking for a guide by ", and" and a condition: "…, and once I send a prayer does it show up?". */
const AND_THEN = /,\s+and\s+(?=(?:once|if|when|after|before|then)\b)/i;

/**
 * The guide's part and what else is asked, where partsOf sees one question: a condition and its question joined by
 * ", and", or a sentence after the guide's that asks without a question mark. The parts, or the question alone.
 */
function afterTheGuide(question: string): string[] {
  const sentences = messageSentences(question);
  const at = sentences.findIndex((s) => asksForGuide(s));
  if (at < 0) return [question];
  const joined = AND_THEN.exec(sentences[at]);
  if (joined) return [sentences[at].slice(0, joined.index), sentences[at].slice(joined.index + joined[0].length)];
  const later = sentences.slice(at + 1).filter((s) => ASKS_INDIRECTLY.test(s));
  return later.length ? [sentences[at], later.join(" ")] : [question];
}

/**
 * What a request for a piece asks besides ("Is there something for a last night in a home? And what's the watch
 * called that I'll be in?"): its later parts that ask for no piece, said as one question; null when there are none.
 */
export function afterThePiece(question: string): string | null {
  const parts = partsOf(question);
  const at = parts.findIndex((p) => piecesAsked(p));
  const rest = parts.slice(at + 1).filter((p) => !piecesAsked(p) && guideSubjectTerms(p).length > 1);
  return at >= 0 && rest.length ? rest.join(" ") : null;
}

/**
 * Two groundings said as one, the first's sentences first and a sentence both quote once. Each passage keeps its
 * number among the hits; a page from beyond the hits is numbered after them, in the order it is first quoted.
 */
export function joinedGroundings(hits: readonly Hit[], first: Grounding, then: Grounding): Grounding {
  const extra: Hit[] = [];
  const passages: Hit[] = [];
  const numbers: number[] = [];
  const seen = new Set<string>();
  for (const g of [first, then]) {
    g.passages.forEach((passage, i) => {
      if (seen.has(passage.chunk.id)) return;
      seen.add(passage.chunk.id);
      const number = g.numbers[i];
      const beyond = number > hits.length ? g.extra[number - hits.length - 1] : undefined;
      if (beyond && !extra.includes(beyond)) extra.push(beyond);
      passages.push(passage);
      numbers.push(beyond ? hits.length + extra.indexOf(beyond) + 1 : number);
    });
  }
  const quoted = new Set(first.sentences.map((c) => `${c.title}\u0000${c.sentence}`));
  const sentences = [...first.sentences, ...then.sentences.filter((c) => !quoted.has(`${c.title}\u0000${c.sentence}`))];
  return { covered: first.covered || then.covered, sentences, passages, numbers, score: Math.max(first.score, then.score), extra };
}
