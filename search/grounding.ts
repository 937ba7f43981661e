// What an answer stands on (Grounding), and each sentence weighed for it with the page and passage it comes from
// (Sourced): shared by the grounding's parts (ground.ts, ground-part.ts, page-candidates.ts, ground-help.ts).
import type { Candidate } from "./candidate.ts";
import type { Chunk } from "./chunks.ts";
import type { Hit } from "./index.ts";

/** What an answer stands on: the sentences chosen for the question and the passages they come from. */
export interface Grounding {
  covered: boolean;
  sentences: Candidate[];
  /** The passages the chosen sentences come from: what a generated answer is given. */
  passages: Hit[];
  /** Per passage, its page's place among the hits, from 1: the number a generated answer cites it by. */
  numbers: number[];
  /** The best sentence's score: how surely the library covers the question (when it does not, how nearly). */
  score: number;
  /** Pages the answer quotes that were not among the hits (guides read whole, see ask-library.ts guidePages): sources after the hits, numbered on from them. */
  extra: Hit[];
  /** Not covered: pieces search found for the question, offered to read though none is said to answer it (how-to-live.ts). */
  offered?: Hit[];
  /**
   * Not covered, and the question is of the visitor's life: the library has nothing written for it yet, and what search
   * found is offered as nearby reading, not as the answer (subject-fit.ts). A question the library is not about has none.
   */
  unwritten?: boolean;
}

/** No answer: the library does not cover the question. */
export const NOTHING: Grounding = { covered: false, sentences: [], passages: [], numbers: [], score: 0, extra: [] };

/** A candidate sentence with the passage and hit it comes from. */
export type Sourced = Candidate & {
  passage: Chunk;
  hit: Hit;
  /** Questions in visitors' words that this guide sentence answers (corpus/asked.ts). */
  variants?: readonly string[];
};
