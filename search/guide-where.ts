// A question asking where to read or find something one guide is about, by a word of that guide's title ("where do I
// read the seven axioms?", "I keep seeing 'the axioms'. Where are they listed?"): the answer names that guide and
// where to read it, before what else the library says. Without it the answer quoted sentences that mention the
// subject and never said which page holds it. Pure functions for ground.ts.
import type { Grounding } from "./grounding.ts";
import type { Hit } from "./index.ts";
import { askingClause } from "./answer-type.ts";
import { guideAnswer, guideByPurpose, guideByTitle, guideSubjectTerms } from "./guide-titled.ts";
import { partsOf } from "./question-parts.ts";

/**
 * Words asking where something is to be read, not where a thing goes or happens: "where do I read…", "where can I find…",
 * "where are they listed", "where is that written down". "Where do reflections end up?" asks where a thing goes.
 */
export const WHERE_TO_READ =
  /\bwhere\b[^?]*\b(?:read|find|see|look (?:up|at)|listed|list|written(?: down)?|set out|laid out|spelt out|spelled out|described|explained|documented|published)\b/i;

/** Words of a where-question that say it asks for a place to read, not what the place is about. */
const PLACE_WORDS =
  /\b(?:read|find|see|look (?:up|at)|listed|list|written(?: down)?|set out|laid out|spel[lt] out|described|explained|documented|published)\b/gi;

/**
 * Where the written rules or guidelines are ("where are the rules on how people are expected to behave?"): a page asked
 * for by what it sets out, which its title need not name (the Code of Care), so the guide is found by its purpose.
 */
const WHERE_WRITTEN =
  /\bwhere(?:['’]?s| (?:are|is|can i find|do i find))\s+(?:the|your|any|its)\s+(?:\w+\s+)?(?:rules|guidelines|policy|policies|code of conduct)\b/i;

/** The guide a part of the question asks where to read, said by its opening and named with its address; null when none stands out. */
export function guideWhereRead(
  question: string,
  hits: readonly Hit[],
  guides: readonly Hit[],
  aboutOf: ReadonlyMap<string, string> = new Map(),
): Grounding | null {
  for (const part of partsOf(question)) {
    const written = WHERE_WRITTEN.test(askingClause(part));
    if (!written && !WHERE_TO_READ.test(askingClause(part))) continue;
    const terms = guideSubjectTerms(part.replace(PLACE_WORDS, " "));
    const best = written ? guideByPurpose(terms, guides, aboutOf) : guideByTitle(terms, guides, aboutOf);
    if (best) return guideAnswer(best, hits);
  }
  return null;
}
