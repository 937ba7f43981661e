// The sentence of a message that asks, apart from the scene told before it ("My dad died in March. Can strangers see
// the words I leave?") or the reason given after it ("roughly how long does one service run? I need to set a timeout
// on my client"): the last sentence ending in "?", when other sentences come with it and it names two words of its
// own beyond the words of asking. Pure function.
import { STOP_WORDS, messageSentences, words } from "./text.ts";

/** Words of at least three letters that are not stop words: "Can strangers see them?" has two (strangers, see). */
const OWN_WORDS = 2;

/**
 * The asking sentence, or undefined when the message is one sentence, asks nothing or its asking sentence names too
 * little. A question asked first and explained after ("Is there a livestream of the services? I'd love to put it on
 * the telly for my dad") is asked by its first sentence: the reason after it, like a scene before, holds words no
 * guide uses and thins the evidence of the sentence that answers.
 */
export function askingSentence(question: string): string | undefined {
  const sentences = messageSentences(question);
  if (sentences.length < 2) return undefined;
  let at = sentences.length - 1;
  while (at >= 0 && !/\?\s*$/.test(sentences[at])) at -= 1;
  if (at < 0) return undefined;
  const asking = sentences[at];
  return words(asking).filter((w) => w.length >= 3 && !STOP_WORDS.has(w)).length >= OWN_WORDS ? asking : undefined;
}
