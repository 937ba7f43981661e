// What a visitor asking for a piece is going through (a loss, a sleepless night, a wait, a new job…), read from
// the words people commonly use for it, against what each piece declares it is for: its themes and its title's
// words, the library's own names for situations (corpus/library/*/ front matter). A piece made for the visitor's
// situation should win over one that merely shares a word of their scene ("night" with the longest night, "friend"
// with a friendship gone quiet). The vocabulary is the one place situations are named (situation-words.ts). Pure functions.
import type { PieceCard } from "./piece-cards.ts";
import { SITUATIONS, type Situation } from "./situation-words.ts";
import { askTerms } from "./text.ts";

/**
 * The situations a question tells, by the visitor's words for them. A setting (the dark months) told with another
 * situation is only when that one is lived ("the first winter after my dad died" is a loss): the pieces are read
 * against the other alone, so a winter piece is not made the answer to a grief.
 */
export function situationsOf(question: string): Situation[] {
  const told = SITUATIONS.filter((s) => s.said.test(question));
  return told.some((s) => !s.setting) ? told.filter((s) => !s.setting) : told;
}

/** Whether the message says how someone is ("3am again, wide awake"): a scene of a life, said without "I". */
export function feltSituation(question: string): boolean {
  return SITUATIONS.some((s) => s.felt && s.said.test(question));
}

/**
 * A piece's first theme is what it is for; a situation among its later themes is one it touches ("The First Token
 * Falls" is about answering a stranger's message, grief third), and fits this share of one it leads with.
 */
const LATER = 0.6;

/** What stands near a situation counts for at most this share of the situation itself. */
const NEAR = 0.5;

/** A theme's stem, to be found among a title's words ("A Blessing on the Edge of Sleep" is made for sleep). */
const titleStem = (theme: string) => (askTerms(theme).length === 1 ? askTerms(theme)[0] : theme);
const carries = (card: PieceCard, t: string) => card.piece.themes.includes(t) || card.title.has(titleStem(t));

/**
 * Whether a piece is made for one of the situations told: its themes or title carry one of a situation's own themes,
 * or its title tells it in visitors' words. What stands near a situation is not enough ("impermanence" for a loss).
 */
export function madeForAny(situations: readonly Situation[], card: PieceCard): boolean {
  return situations.some((s) => s.said.test(card.piece.title) || s.themes.some((t) => carries(card, t)));
}

/**
 * How far a piece declares the situations told, averaged over them: 1 when its themes or title carry one of the
 * situation's own themes or its title tells the situation as visitors say it, else NEAR times the share of its near themes its themes carry (a title's "night" says no
 * sleeplessness), each weighed by its idf over the pieces (a theme many carry tells them apart least); 0 if none is told.
 */
export function situationFit(situations: Situation[], cards: readonly PieceCard[]): (card: PieceCard) => number {
  if (!situations.length) return () => 0;
  const idf = (t: string) => Math.log(1 + cards.length / (1 + cards.filter((c) => c.piece.themes.includes(t)).length));
  const leads = (card: PieceCard, t: string) => card.piece.themes[0] === t || card.title.has(titleStem(t));
  const weighed = situations.map((s) => ({ themes: s.themes, said: s.said, near: (s.near ?? []).map((t) => ({ t, w: idf(t) })) }));
  return (card) => {
    let sum = 0;
    for (const { themes, said, near } of weighed) {
      // A title that tells the situation in visitors' own words ("Going Back to Work", "One Who Is Grieving") is made for it.
      if (themes.some((t) => leads(card, t)) || said.test(card.piece.title)) sum += 1;
      else if (themes.some((t) => carries(card, t))) sum += LATER;
      else if (near.length) sum += (NEAR * near.reduce((s, { t, w }) => s + (card.piece.themes.includes(t) ? w : 0), 0)) / near.reduce((s, { w }) => s + w, 0);
    }
    return sum / situations.length;
  };
}

/**
 * What a piece's declaring the situation adds, as a share of what its evidence leaves. Set on the situation probes
 * (test/fixtures/ask-probe-situations.json) and held-out requests (scripts/eval-piece-scenes.ts, words): 0.5 carried
 * more probes but fewer held-out requests than none at all, 0.3 held them and 0.2 lost probes.
 */
export const SITUATION_SHARE = 0.3;

/** A piece's score with its fit to the situation told: what the fit holds adds to what the evidence holds. */
export function situated(score: number, fit: number): number {
  return 1 - (1 - score) * (1 - SITUATION_SHARE * fit);
}
