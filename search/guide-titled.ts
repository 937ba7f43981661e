// A guide asked for by its title ("Which guide is written for agents? Give me its title."): the answer is the guide
// itself, named by the line that cites it, not a sentence of some guide that mentions a path or another guide. The
// guide is the one whose title, then headings, share most of the question's words (docs/search.md, guides by title).
import type { Hit } from "./index.ts";
import type { Grounding, Sourced } from "./grounding.ts";
import { sentencesOf } from "./sentence-split.ts";
import { askTerms } from "./text.ts";

/** Words naming a guide as such: the question is about one of the library's pages, not a piece or a field. */
const GUIDE = /\b(?:guides?|pages?|docs?|documents?|articles?)\b/i;
/** Words asking what a page is called, or which one it is. */
const TITLED = /\b(?:title|titled|called|named|name of (?:the|that|this|it)|which (?:guide|page|doc|document|article)s?)\b/i;
/** Words of such a question that say it asks for a guide, not what the guide is about. */
const ASKING = new Set(
  askTerms(
    "guide guides page pages doc docs document article title titled called named name which written write explain explains cover covers tell give specific there",
  ),
);

/** A thing said not to be asked after ("I'm a person, not an agent"): its word names no guide. */
const DENIED = /\b(?:not|rather than|instead of) (?:an? |the )?\w+/gi;

/** Whether the question asks which guide, or a guide's title. */
export function asksForGuide(question: string): boolean {
  return GUIDE.test(question) && TITLED.test(question);
}

/** How nearly a guide is the one asked for: its title's words count twice, its headings' once, each word once. */
function fit(asked: ReadonlySet<string>, guide: Hit): number {
  const title = new Set(askTerms(guide.chunk.title));
  const headings = new Set(guide.passages.flatMap((p) => (p.section ? askTerms(p.section) : [])));
  let score = 0;
  for (const term of asked) score += title.has(term) ? 2 : headings.has(term) ? 1 : 0;
  return score;
}

/**
 * Whether the question names the guide's whole title, of two words or more ("which page tells me what the sanctuary
 * keeps about visitors?"): that guide is the one asked for, whatever another's many headings share with the question.
 */
function titleNamed(asked: ReadonlySet<string>, guide: Hit): boolean {
  const title = new Set(askTerms(guide.chunk.title));
  return title.size >= 2 && [...title].every((t) => asked.has(t));
}

/**
 * The guide a question asks for by its title, answered with its opening sentence (what the guide says it is for),
 * or null when the question does not ask for one or no guide stands out: at least one title word, and more than the next.
 */
export function guideTitled(question: string, hits: readonly Hit[], guides: readonly Hit[]): Grounding | null {
  if (!asksForGuide(question) || !guides.length) return null;
  const asked = new Set(askTerms(question.replace(DENIED, " ")).filter((t) => !ASKING.has(t)));
  const named = guides.filter((guide) => titleNamed(asked, guide));
  const ranked = (named.length === 1 ? named : guides).map((guide) => ({ guide, score: fit(asked, guide) })).sort((a, b) => b.score - a.score);
  const [best, next] = ranked;
  if (best.score < 2 || (next && next.score >= best.score)) return null;
  const passage = best.guide.passages[0];
  const opening = passage && sentencesOf(passage.text)[0];
  if (!opening) return null;
  const rank = hits.findIndex((h) => h.chunk.page === best.guide.chunk.page);
  const hit = rank >= 0 ? hits[rank] : best.guide;
  const sentence: Sourced = {
    ...{ sentence: opening, title: passage.title, context: passage.title, heading: passage.section ?? "", position: 0 },
    ...{ pageRank: rank >= 0 ? rank : hits.length, meaning: 1, leads: false, question: null, asked: 0, guide: true, passage, hit },
  };
  const cited = { ...hit, chunk: passage };
  return {
    covered: true,
    sentences: [sentence],
    passages: [cited],
    numbers: [rank >= 0 ? rank + 1 : hits.length + 1],
    score: 1,
    extra: rank >= 0 ? [] : [hit],
  };
}
