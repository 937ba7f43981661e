// What a type of question asks for in a sentence that answers it: shared by the asking words' cues (answer-cues.ts)
// and the program's (program-cues.ts), which each read it without the other.
export interface Cue {
  /** Words that only name the question's type, not its subject ("long" in "how long"). */
  words: RegExp;
  /** A sentence with this has the kind of content asked for (1); with `some`, partly (0.5). */
  strong: RegExp;
  some: RegExp;
  /** Its content is particular enough (a request, a field's name) that a guide's sentence holding it needs fewer of the question's words (quotable.ts). */
  particular?: boolean;
  /** Its content answers only when the sentence itself holds enough of the question's subject (rule-cues.ts, cueFit's `own`). */
  about?: boolean;
  /** Or a sentence has it by this test of the sentence and the question's subject stems (rule-cues.ts rulesOn). */
  rule?: (sentence: string, subject: readonly string[]) => boolean;
  /** What a sentence passing `rule` is worth (rule-cues.ts RULED when unset): 1 where the rule is the whole answer (fate-cues.ts). */
  ruled?: number;
  /** The cue this one narrows (a size or a span of time, of "how long": length-kind.ts): of the same kind as it, not as its siblings. */
  family?: Cue;
}

/** Whether two questions' cues ask the same kind of thing: the same cue, or one narrowing the other. */
export const sameKind = (a: Cue, b: Cue) => a === b || a.family === b || b.family === a;

/** A number as the guides write one, in figures or words. */
export const N =
  "(?:\\d+(?:[.,]\\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|hundred|thousand)";

/** A unit a limit or a span is given in. */
export const UNIT = "(?:minutes?|hours?|seconds?|days?|weeks?|months?|years?|characters?)";
