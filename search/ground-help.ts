// A visitor who may be in danger (distress.ts) is first told where help is, whatever else the question asks.
import type { AskSources } from "./ask-library.ts";
import { WHERE_HELP_IS } from "./distress.ts";
import type { Grounding, Sourced } from "./grounding.ts";
import type { Hit } from "./index.ts";
import { candidatesOf, pagesWeighed } from "./page-candidates.ts";
import { wholeUnits } from "./quote-span.ts";

/**
 * A visitor who may be in danger (distress.ts) is first told where help is: the guide's sentence that names it,
 * with its question-and-answer unit ("What if I am struggling right now?"), opens the answer, before whatever
 * else answers the question. Its page is numbered as any quoted page is: by its place among the hits, or after them.
 */
export function withHelp(grounding: Grounding, hits: Hit[], sources: AskSources): Grounding {
  const candidates = candidatesOf(pagesWeighed(hits, sources), sources.summaries, () => []);
  const help = candidates.filter((c) => c.guide && WHERE_HELP_IS.test(c.sentence));
  const first = help.find((c) => c.question) ?? help[0];
  if (!first) return grounding;
  // Quoted from its unit's opening through the sentence naming help (quote-span.ts), ahead of the rest, once.
  first.asked = 1;
  const quoted = wholeUnits([first], candidates);
  const rest = grounding.sentences.filter((c) => !quoted.some((q) => q.sentence === c.sentence && q.title === c.title));
  const extra = [...grounding.extra];
  const numberOf = (c: Sourced) => {
    if (c.pageRank < hits.length) return c.pageRank + 1;
    const at = extra.findIndex((h) => h.chunk.page === c.hit.chunk.page);
    return hits.length + 1 + (at >= 0 ? at : extra.push(c.hit) - 1);
  };
  return {
    ...grounding,
    covered: true,
    sentences: [...quoted, ...rest],
    passages: [{ ...first.hit, chunk: first.passage }, ...grounding.passages],
    numbers: [numberOf(first), ...grounding.numbers],
    extra,
  };
}
