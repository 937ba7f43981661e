// The guides' own words said beside a visitor's (each module says when and why): a visitor asks in words the guides
// never use ("hw long", "is this a church thing", "the button just spins"), and the sentence that answers holds the
// guides' words. Each rewrite is a pure function of the question, applied in this order (a later one sees the words an
// earlier one added). Pure function for ground.ts.
import { withBeliefWords } from "./belief-words.ts";
import { withClockChangeWords } from "./clock-change-words.ts";
import { withConceptWords } from "./concept-words.ts";
import { withDurationWords } from "./duration-words.ts";
import { withLengthWords } from "./length-words.ts";
import { withPlanWords } from "./plan-words.ts";
import { withPrivacyWords } from "./privacy-words.ts";
import { withRepeatWords } from "./repeat-words.ts";
import { withSeasonWords } from "./season-words.ts";
import { withReportWords } from "./report-words.ts";
import { withServiceHoldsWords } from "./service-holds-words.ts";
import { withActingForWords } from "./subject-cues.ts";

const REWRITES: readonly ((question: string) => string)[] = [
  withLengthWords,
  withDurationWords,
  withClockChangeWords,
  withSeasonWords,
  withRepeatWords,
  withPlanWords,
  withActingForWords,
  withPrivacyWords,
  withReportWords,
  withBeliefWords,
  withConceptWords,
  withServiceHoldsWords,
];

/** The question with the guides' words for what it asks said beside the visitor's own. */
export const withGuidesWords = (question: string): string => REWRITES.reduce((read, rewrite) => rewrite(read), question);
