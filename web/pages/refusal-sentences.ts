// Which rule refused a form's input, read from the API's error sentences (adapters/validation-error.ts, the screening's
// refusals), so web/pages/wording.ts can say each in words for the box it is about. Pure: text in, problems out.

export type Problem =
  | { kind: "missing" }
  | { kind: "too_short"; n: number }
  | { kind: "too_long"; n: number }
  | { kind: "web_address" }
  | { kind: "control" }
  | { kind: "lost" }
  | { kind: "repeated" }
  | { kind: "not_text" }
  | { kind: "unknown_song" }
  | { kind: "conversation" }
  | { kind: "timezone" }
  | { kind: "example" }
  | { kind: "placeholder"; shown: string }
  | { kind: "test_text" }
  | { kind: "mashing" }
  | { kind: "wordless" }
  | { kind: "invisible" }
  | { kind: "stacked_marks" }
  | { kind: "few_words"; n: number; words: number }
  | { kind: "choice" }
  | { kind: "one_line" }
  | { kind: "markup" }
  | { kind: "front_matter" }
  | { kind: "heading" }
  | { kind: "title_taken" }
  | { kind: "other" };

/** Which rule refused the input, read from the adapter's fixed sentences (adapters/invoke.ts, tools/inputs.ts). */
function problemOf(message: string): Problem {
  const number = (re: RegExp) => Number(re.exec(message)?.[1]);
  if (/is not a song in the catalog/.test(message)) return { kind: "unknown_song" };
  if (/owner_token|session_id/.test(message)) return { kind: "conversation" };
  // A contribution's own rules (tools/contribute.ts, review/screening.ts).
  if (/has \d+ words?; a piece needs at least \d+/.test(message)) return { kind: "few_words", n: number(/at least (\d+)/), words: number(/has (\d+) word/) };
  if (/must be one of/.test(message)) return { kind: "choice" };
  if (/must be a single line|must be one line/.test(message)) return { kind: "one_line" };
  if (/contains raw HTML|contains a script link/.test(message)) return { kind: "markup" };
  if (/begins with front matter/.test(message)) return { kind: "front_matter" };
  if (/written as a markdown heading/.test(message)) return { kind: "heading" };
  if (/already has a piece titled like/.test(message)) return { kind: "title_taken" };
  if (/must be at least \d+ characters/.test(message)) return { kind: "too_short", n: number(/at least (\d+)/) };
  if (/must be at most \d+ characters/.test(message)) return { kind: "too_long", n: number(/at most (\d+)/) };
  if (/is required|must not be empty/.test(message)) return { kind: "missing" };
  if (/must not contain web addresses/.test(message)) return { kind: "web_address" };
  if (/must not contain control characters/.test(message)) return { kind: "control" };
  if (/holds bytes that are not UTF-8/.test(message)) return { kind: "lost" };
  if (/must be given once/.test(message)) return { kind: "repeated" };
  if (/must be an? (string|text)/.test(message)) return { kind: "not_text" };
  // The screening's refusals (services/screening.ts), and the visible-length rule (tools/inputs.ts).
  if (/is still the documentation's example text/.test(message)) return { kind: "example" };
  const placeholder = /still holds a placeholder, (.+), where your own words go|is (?:still )?a placeholder \((.+)\), not (?:a value|what)/.exec(message);
  if (placeholder) return { kind: "placeholder", shown: placeholder[1] ?? placeholder[2] };
  if (/reads like a test|lorem ipsum/.test(message)) return { kind: "test_text" };
  if (/keyboard mashing/.test(message)) return { kind: "mashing" };
  if (/holds no words, only (punctuation or symbols|markup)/.test(message)) return { kind: "wordless" };
  if (/visible characters|made only of invisible characters/.test(message)) return { kind: "invisible" };
  if (/piles many accents or marks/.test(message)) return { kind: "stacked_marks" };
  return { kind: "other" };
}

/**
 * The problems in a refusal, each with its box: the API says them one sentence each, every sentence after the first
 * opening with its field in backticks (adapters/validation-error.ts); a sentence of fields left out names each. A
 * sentence that names no field of its own is about `field`, the body's.
 */
export function problemsOf(message: string, field: string | null): Array<{ field: string | null; problem: Problem }> {
  return message.split(/(?<=[.?!])\s+(?=`)/).flatMap((sentence, i) => {
    const own = /^`([^`]+)`/.exec(sentence)?.[1] ?? (i === 0 ? field : null);
    if (/ (?:is|are) required/.test(sentence)) {
      // "`name` (or `username`) and `text` are required": the alias is the same box, said once.
      const aliased = sentence.includes("(or `username`)");
      const named = [...sentence.matchAll(/`([^`]+)`/g)].map((m) => m[1]).filter((f) => !(aliased && f === "username"));
      return (named.length ? named : [own]).map((f) => ({ field: f, problem: { kind: "missing" } as Problem }));
    }
    return [{ field: own, problem: problemOf(sentence) }];
  });
}
