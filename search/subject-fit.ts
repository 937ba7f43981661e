// Whether what answers a question of the visitor's life speaks to its own subject, or only shares its words or its
// mood: a blessing for a grandchild's wedding is no answer to a new family's first night, nor a guide's sentence on
// looking around without being counted to how to keep visiting someone. When nothing found does, the
// honest answer is that the library has nothing written for it yet, with the nearest pieces offered as reading
// (docs/search.md, "Nothing written for it yet"). Pure rules over subject-held.ts's evidence; no topic is named here.
import type { HeldWord } from "./subject-held.ts";

/** What is known of one piece or sentence against the question's subject. */
export interface SubjectEvidence {
  /** The question's topic words it holds (subject-held.ts). */
  held: readonly HeldWord[];
  /** Their weight (rarity among the pieces, times the link's) over all the question's topic words' (subject-held.ts subjectWords). */
  share: number;
  /** How far a piece is made for the situation the question tells (piece-situation.ts situationFit); 0 for a sentence. */
  fit: number;
  /** How many of the question's topic words a piece's title holds; 0 for a sentence. */
  titleWords: number;
  /** Whether it holds the question's rarest word (holdsRarest): what the library says least of is what the question is about. */
  rarest: boolean;
}

/**
 * The share of the question's weighted subject that answers it by itself. Set on the dev split (at 0.3 one piece request
 * lost a runner-up that carried its fact) and on 40 living questions written before their answers were read: pieces
 * judged to fit held 0.4 to 1, or were made for the situation told; pieces sharing only a mood or a setting ("night",
 * "new", "family") 0.1 to 0.3.
 */
export const SUBJECT_SHARE = 0.3;
/** A word declared by at most this share of the pieces (5%: about twenty-five) names a subject ("dog", "dementia", "exam"), not a mood. */
export const DISTINCT = 0.05;
/** A word only this many pieces declare is theirs, however few pieces there are (a small library, a test's). */
export const FEW = 1;
/** Held as itself or as near as a hand-kept synonym (0.8), not through a looser link. */
export const DISTINCT_LINK = 0.8;
/** Made for the situation told: its title or one of its themes carries it (piece-situation.ts LATER and up). */
export const MADE_FOR = 0.6;
/** A title holding two of the question's words ("the last night in an old house") names what was told, however common each word. */
export const TITLE_WORDS = 2;

/** A word few pieces declare, held as itself or a near synonym: it names what the question is about. */
const distinct = (h: HeldWord) => h.weight >= DISTINCT_LINK && (h.share <= DISTINCT || h.pieces <= FEW);

/** Whether a piece speaks to the question's own subject. */
export function speaksToSubject(e: SubjectEvidence): boolean {
  if (e.fit >= MADE_FOR || e.titleWords >= TITLE_WORDS || e.share >= SUBJECT_SHARE || e.rarest) return true;
  return e.held.some(distinct);
}

/**
 * Whether a quoted sentence speaks to the question's own subject. A guide's sentence is in the sanctuary's own words
 * ("visit", "see", "today", "after"), which a question of life shares by chance: only words few pieces declare, held as
 * themselves or a near synonym, count, and together they must carry SUBJECT_SHARE of the subject.
 */
export function sentenceSpeaks(subject: ReadonlyMap<string, number>, held: readonly HeldWord[]): boolean {
  return subjectShare(subject, held.filter(distinct)) >= SUBJECT_SHARE;
}

/** A link this strong or more holds the rarest word: the vectors' nearest (piece-links.ts VECTOR_SHARE), a WordNet synonym, the hand-kept lists. */
export const RAREST_LINK = 0.6;

/**
 * Whether the held words include the question's rarest (heaviest) topic word, itself or through a strong link: "scalpel"
 * in "my brother goes under the scalpel on Friday", which an operation's blessing holds through the vectors.
 */
export function holdsRarest(subject: ReadonlyMap<string, number>, held: readonly HeldWord[]): boolean {
  const top = Math.max(0, ...subject.values());
  return held.some((h) => h.weight >= RAREST_LINK && (subject.get(h.term) ?? 0) >= top);
}

/** The share of the question's weighted subject that the held words carry (each word's weight times its link's). */
export function subjectShare(subject: ReadonlyMap<string, number>, held: readonly HeldWord[]): number {
  const total = [...subject.values()].reduce((a, b) => a + b, 0);
  const got = held.reduce((sum, h) => sum + (subject.get(h.term) ?? 0) * h.weight, 0);
  return total ? got / total : 0;
}
