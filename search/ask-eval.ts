// How an answer to a question set is judged (npm run eval:ask and the ask tests share it), as pure functions.
import { createHash } from "node:crypto";
import { NOT_COVERED, OTHER_LANGUAGE, UNWRITTEN } from "./answer.ts";

export type Split = "dev" | "test";

/** The share of questions, in percent, that fall in the dev split (any tuning looks only at these). */
export const DEV_SHARE = 60;

/**
 * Which split a question belongs to, fixed once by a hash of its text (trimmed, lower case, spaces
 * folded): dev questions may be looked at and tuned on; test questions are only ever reported. A pure
 * function, so the split never depends on a file's order or on which set holds the question.
 */
export function splitOf(question: string): Split {
  const key = question.trim().toLowerCase().replace(/\s+/g, " ");
  const bucket = createHash("sha256").update(key).digest().readUInt32BE(0) % 100;
  return bucket < DEV_SHARE ? "dev" : "test";
}

/** The set's questions of one split (all of them when `split` is undefined). */
export function ofSplit(set: AskSet, split?: Split): AskSet {
  if (!split) return set;
  return { covered: set.covered.filter((c) => splitOf(c.q) === split), uncovered: set.uncovered.filter((q) => splitOf(q) === split) };
}

export interface AskQuestion {
  q: string;
  /** Each fact lists alternatives separated by |; any one, in any case, will do. */
  facts: string[];
  /** "yes/no" for a question answered by yes or no. */
  kind?: string;
  /** True when the question was written before its answering passage was read (a paraphrase). */
  blind?: boolean;
}

export interface AskSet {
  covered: AskQuestion[];
  uncovered: string[];
}

/**
 * Whether the answer says the fact: one of its alternatives, in any case, where a word begins ("review" holds in
 * "reviewed", never "ten" in "often", which once counted a quote on being in crisis as the ten questions an hour).
 */
export const holds = (answer: string, fact: string) => {
  const said = answer.toLowerCase();
  return fact.split("|").some((alternative) => new RegExp(`(?<![\\p{L}\\p{N}])${escaped(alternative.toLowerCase())}`, "u").test(said));
};
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A quoted line that opens with a bare yes or no: read as the answer to whatever was asked. */
export const BARE_YES_NO = /^>\s*\**\s*(yes|no)\s*[.,;!:—–-]/im;

export function judgeAnswer(answer: string, facts: string[]) {
  // "Nothing written for this yet" declines as plainly: the titles it lists as nearby reading are no answer.
  const notCovered = answer.includes(NOT_COVERED) || answer.includes(UNWRITTEN) || answer.includes(OTHER_LANGUAGE);
  return {
    answer,
    // A refusal carries no fact, though its pointers may contain a loose one ("start" in "starting with /docs/faq").
    missing: notCovered ? facts : facts.filter((f) => !holds(answer, f)),
    bareYesNo: BARE_YES_NO.test(answer),
    notCovered,
  };
}
