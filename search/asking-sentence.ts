// The sentence of a message that asks, apart from the scene told before it ("My dad died in March. Can strangers see
// the words I leave?"): the last sentence ending in "?", when sentences come before it and it names two words of its
// own beyond the words of asking. Pure function.
import { STOP_WORDS, words } from "./text.ts";

/** Words of at least three letters that are not stop words: "Can strangers see them?" has two (strangers, see). */
const OWN_WORDS = 2;

/** The asking sentence, or undefined when the message is one sentence, asks nothing or its asking sentence names too little. */
export function askingSentence(question: string): string | undefined {
  const sentences = question.trim().split(/(?<=[.!?])\s+(?=\S)/);
  if (sentences.length < 2) return undefined;
  let at = sentences.length - 1;
  while (at >= 0 && !/\?\s*$/.test(sentences[at])) at -= 1;
  if (at < 1) return undefined;
  const asking = sentences[at];
  return words(asking).filter((w) => w.length >= 3 && !STOP_WORDS.has(w)).length >= OWN_WORDS ? asking : undefined;
}
