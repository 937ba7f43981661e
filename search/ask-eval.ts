// How an answer to a question set is judged (npm run eval:ask and the ask tests share it), as pure functions.
import { NOT_COVERED } from "./answer.ts";

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

export const holds = (answer: string, fact: string) => fact.split("|").some((f) => answer.toLowerCase().includes(f.toLowerCase()));

/** A quoted line that opens with a bare yes or no: read as the answer to whatever was asked. */
export const BARE_YES_NO = /^>\s*\**\s*(yes|no)\s*[.,;!:—–-]/im;

export function judgeAnswer(answer: string, facts: string[]) {
  return {
    answer,
    missing: facts.filter((f) => !holds(answer, f)),
    bareYesNo: BARE_YES_NO.test(answer),
    notCovered: answer.includes(NOT_COVERED),
  };
}
