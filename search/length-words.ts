// A piece named in a question after a length is read with what the guides call it there (as duration-words.ts
// reads a span in the guides' unit): the size of a prayer one sends is a contribution's ("the content up to 10,000
// characters"), and the running time of a song or chant is a part's ("the length of each part, in seconds, is
// given beside it"). Pure function for ground.ts.
import { partsOf } from "./question-parts.ts";
import { lengthOf } from "./answer-cues.ts";
import { PIECE_NOUN } from "./length-kind.ts";

/** What the guides call a piece one sends, whose size is asked. */
const CALLED = "(contribution)";

/** The question with the guides' word in brackets after the piece one sends whose size it asks. */
export function withLengthWords(question: string): string {
  let out = question;
  let from = 0;
  for (const part of partsOf(question)) {
    const end = question.indexOf(part, from) + part.length;
    from = end;
    if (lengthOf(question.slice(0, end)) !== "size") continue;
    const named = [...question.slice(0, end).matchAll(/[a-z]+/gi)].find((m) => PIECE_NOUN.test(m[0]) && !/^parts?$/i.test(m[0]));
    if (!named || out.includes(CALLED)) continue;
    const at = out.indexOf(named[0], named.index) + named[0].length;
    out = `${out.slice(0, at)} ${CALLED}${out.slice(at)}`;
  }
  return out;
}
