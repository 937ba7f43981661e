// A question the library is not about ("which fertiliser for tomatoes in pots?") may still share words with a
// sentence that is, and be quoted it. Beside the floor every answer must reach (sentence-score.ts COVERED), a naive Bayes
// model (naive-bayes.ts) hears such a question by its words as a whole: on one side, everyday questions the library
// cannot answer (search/off-topic-examples.json, written for it by a helper who saw no test set, and the dev split's
// off-topic questions), on the other the library's own asked-as questions and requests (corpus/asked.ts) and the dev
// split's covered questions. A question it hears is answered only by a sentence that covers it clearly
// (OFF_TOPIC_SURE). Thresholds set on dev by cross-validation (scripts/fit-off-topic.ts). Pure functions.
import type { Library } from "../corpus/library.ts";
import { perContent } from "../corpus/per-content.ts";
import EXAMPLES from "./off-topic-examples.json" with { type: "json" };
import { timeSlicer } from "../core/time-slice.ts";
import { featuresOf, learnLogOddsInSlices, type LogOdds } from "./naive-bayes.ts";
import { piecesAsked } from "./pieces.ts";
import { askTerms } from "./text.ts";
import { withoutPlaces } from "./place-words.ts";

export interface OffTopicExamples {
  offTopic: string[];
  /** Visitors' questions from the dev split of ask's fixtures (scripts/fit-off-topic.ts --write): never the test split. */
  visitors?: { offTopic: string[]; onTopic: string[] };
}

/**
 * Log odds at or above which a question is heard as off-topic, and the best sentence's score (sentence-score.ts) that answers
 * it all the same. Set on dev by 10-fold cross-validation (docs/ask-eval.md, fifteenth and seventeenth rounds): any
 * odds from -5 to 1 refuse the same questions there and hold no carried one.
 */
export const OFF_TOPIC_ODDS = -2;
export const OFF_TOPIC_SURE = 0.7;

/**
 * How much each feature's count is smoothed (naive-bayes.ts). The library's side has about eleven times the off-topic
 * side's words: at add-one every word both sides know ("the", "at", "first", "service") leaned about 1.2 toward the
 * library, so a long everyday question sharing one of its words in another sense ("my car is due its first service at
 * 10,000 miles…") was heard as the library's by its length. At 0.03 that lean is under a tenth, and the words only one
 * side knows ("my car") decide (docs/ask-eval.md, seventeenth round).
 */
export const OFF_TOPIC_SMOOTHING = 0.03;

/** Every question and request the library's asked-as files say it answers, in visitors' words. */
export function askedQuestions(library: Library): string[] {
  const out: string[] = [];
  for (const page of library.pieces) {
    for (const sentence of library.askedOf(page.path)) out.push(...sentence.questions);
    out.push(...library.requestsFor(page.path));
  }
  return out;
}

/** The model for a library's questions against everyday ones, learnt in slices of the event loop (about 0.2 s in all). */
export function learnOffTopic(onTopic: readonly string[], examples: OffTopicExamples, smoothing = OFF_TOPIC_SMOOTHING): Promise<LogOdds> {
  const offTopic = [...examples.offTopic, ...(examples.visitors?.offTopic ?? [])];
  return learnLogOddsInSlices(offTopic, [...onTopic, ...(examples.visitors?.onTopic ?? [])], termsOf, timeSlicer(), smoothing);
}

/**
 * A question's features: the stems of its content words as ask reads them (text.ts askTerms) and each neighbouring
 * pair, beside its plain words and pairs. Content words alone let a question of unknown words weigh nothing (no side
 * knows "hatchback"), where its "how do I" would lean toward the library's questions; the plain words keep what the
 * content words lose ("what's wrong with").
 */
function termsOf(said: string): string[] {
  // Where the visitor is ("I'm in Edinburgh and it's 17:30") says nothing of what they ask; the everyday side's
  // travel questions would make any city a sign of being off-topic (place-words.ts knows the places).
  const question = withoutPlaces(said);
  const terms = askTerms(question);
  return [...terms, ...terms.slice(1).map((t, i) => `${terms[i]} ${t}`), ...featuresOf(question).map((f) => `=${f}`)];
}

/** The model of this library, made once per library content, when first asked for. */
export const offTopicOddsOf = perContent((library): Promise<LogOdds> => learnOffTopic(askedQuestions(library), EXAMPLES as OffTopicExamples));

/**
 * Whether a covered answer is refused as off-topic: heard so by the model and not covered clearly. A request for a
 * piece is left to the pieces' own topics (pieces.ts), which say when the library has none.
 */
export function heldOffTopic(question: string, covered: boolean, score: number, odds: LogOdds): boolean {
  return covered && score < OFF_TOPIC_SURE && !piecesAsked(question) && odds(question) >= OFF_TOPIC_ODDS;
}
