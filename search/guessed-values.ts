// A visitor often offers guesses at a value beside the question ("what format does the timezone param want? like
// "PST" or "GMT+1" or something else?"). The guessed values are words the library never uses, and weigh as the
// rarest of the question's words (sentence-evidence.ts), so the guide that gives the right value ("written as an
// IANA timezone name") holds too little of it. The question without its guesses asks the same thing. Pure function.

/** "like X or Y or something else", "e.g. X, or anything else", "say X or something different". */
const GUESSES = /\s*,?\s*\b(?:like|say|such as|e\.g\.?|for example)\s+[^?!]*?,?\s+or\s+(?:something|anything)\s+(?:else|different)\b/gi;

/** The question without the values guessed in it, or undefined when it guesses none. */
export function withoutGuesses(question: string): string | undefined {
  const without = question.replace(GUESSES, "");
  return without === question ? undefined : without;
}
