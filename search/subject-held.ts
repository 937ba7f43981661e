// What of a question's own subject a piece or a sentence declares: the question's topic words (and their links: the
// hand-kept synonyms, the situations' words, WordNet) that it holds, each with the share of the pieces that declare it
// (in their titles, summaries, themes or requests in visitors' words). A word most pieces declare ("night", "day",
// "family") tells no subject apart; a word none declares ("marathon") is the heaviest of a question's subject. The rule
// reading these is subject-fit.ts. Pure functions but the per-cards cache of how many pieces declare each word.
import type { Candidate } from "./candidate.ts";
import { expansionsOf, type Expansions } from "./lexicon.ts";
import type { PieceCard } from "./piece-cards.ts";
import type { WordLinks } from "./piece-rank.ts";
import { FINDING, KIND_TERMS } from "./piece-words.ts";
import { situationLinks, situationPhrases } from "./situations.ts";
import { synonymsOf } from "./synonyms.ts";
import { askTerms, plainPhrases, words } from "./text.ts";

/** A topic word of the question that a piece or sentence holds, itself or through a link. */
export interface HeldWord {
  term: string;
  /** 1 for the word itself, else the link's weight. */
  weight: number;
  /** How many pieces declare what it was found as, and their share of all pieces. */
  pieces: number;
  share: number;
}

/** A WordNet link counts for this share of its weight, as when pieces are ranked (piece-rank.ts LINKED). */
const LINKED = 0.6;

/**
 * A link weaker than this is only near in meaning (the vectors link many a word to a card's at 0.03 to 0.4): it ranks
 * pieces (piece-rank.ts), but does not hold the question's subject; summed, such links held a third of it for pieces
 * that missed what was asked.
 */
export const HELD_LINK = 0.5;

const declaredBy = new WeakMap<readonly PieceCard[], Map<string, number>>();

/** How many pieces declare each term (title, summary, themes, requests), counted once per set of cards. */
function declarations(cards: readonly PieceCard[]): Map<string, number> {
  const known = declaredBy.get(cards);
  if (known) return known;
  const counts = new Map<string, number>();
  for (const c of cards) for (const t of new Set([...c.title, ...c.about, ...c.requests])) counts.set(t, (counts.get(t) ?? 0) + 1);
  declaredBy.set(cards, counts);
  return counts;
}

/** The question's topic words, without the words of asking after a piece and the kinds' names (piece-words.ts). */
function topicWords(question: string): string[] {
  return words(plainPhrases(situationPhrases(question))).filter((w) => {
    const term = askTerms(w)[0];
    return term !== undefined && !FINDING.has(term) && !KIND_TERMS.has(term);
  });
}

/** The question's topic words with their weight: rarer among the pieces' declarations, heavier (idf; a word none declares, heaviest). */
export function subjectWords(question: string, cards: readonly PieceCard[]): Map<string, number> {
  const counts = declarations(cards);
  return new Map(
    topicWords(question)
      .map((w) => askTerms(w)[0])
      .map((t) => [t, Math.log(1 + cards.length / (1 + (counts.get(t) ?? 0)))]),
  );
}

/**
 * The links of a question's words without the vectors (the hand-kept synonyms, the situations' words, WordNet at
 * LINKED of its weight), as piece-rank.ts makes them: for a sentence, which no piece ranking has read.
 */
export function wordLinks(question: string, expansions: Expansions | null): WordLinks {
  return new Map(
    topicWords(question).map((w) => [
      askTerms(w)[0],
      [...synonymsOf(w), ...situationLinks(w), ...(expansions ? expansionsOf(expansions, w) : []).map(([t, r]): [string, number] => [t, LINKED * r])],
    ]),
  );
}

/** The question's topic words that `declares` holds, itself or through a link, each once, at its strongest. */
export function subjectHeld(question: string, declares: (term: string) => boolean, cards: readonly PieceCard[], links: WordLinks): HeldWord[] {
  const counts = declarations(cards);
  const held = new Map<string, HeldWord>();
  for (const w of topicWords(question)) {
    const term = askTerms(w)[0];
    for (const [target, weight] of [[term, 1] as const, ...(links.get(term) ?? [])]) {
      const before = held.get(term);
      if (weight >= HELD_LINK && declares(target) && (!before || weight > before.weight))
        held.set(term, { term, weight, pieces: counts.get(target) ?? 0, share: (counts.get(target) ?? 0) / Math.max(1, cards.length) });
    }
  }
  return [...held.values()];
}

/** What a piece declares: its title, summary, themes and requests in visitors' words. */
export const pieceDeclares = (card: PieceCard) => (term: string) => card.title.has(term) || card.about.has(term) || card.requests.has(term);

/** What a quoted sentence holds: its words, its context (page title, heading, the sentence before), its unit's question and the questions it answers in visitors' words. */
export function sentenceDeclares(c: Candidate & { variants?: readonly string[] }): (term: string) => boolean {
  const terms = new Set(askTerms([c.sentence, c.context, c.question ?? "", ...(c.variants ?? [])].join(" ")));
  return (term) => terms.has(term);
}

/** How many of the question's topic words a piece's title holds. */
export function titleHolds(question: string, card: PieceCard): number {
  return new Set(
    topicWords(question)
      .map((w) => askTerms(w)[0])
      .filter((t) => card.title.has(t)),
  ).size;
}
