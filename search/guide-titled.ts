// A guide asked for by its title ("Which guide is written for agents? Give me its title."): the answer is the guide
// itself, named by the line that cites it, not a sentence of some guide that mentions a path or another guide. The
// guide is the one whose title, then headings, share most of the question's words (docs/search.md, guides by title).
import type { Hit } from "./index.ts";
import type { Grounding, Sourced } from "./grounding.ts";
import { sentencesOf } from "./sentence-split.ts";
import { SYNONYM, synonymsOf } from "./synonyms.ts";
import { askTerms } from "./text.ts";
import { bodyNearness } from "./guide-purpose.ts";

/** Words naming a guide as such: the question is about one of the library's pages, not a piece or a field. */
const GUIDE = /\b(?:guides?|pages?|docs?|documents?|articles?|write-?ups?)\b/i;
const PAGE = String.raw`(?:guide|page|doc|document|article|write-?up)s?`;
/**
 * Words asking what a page is called, or which one it is: "which guide", "which of your pages", "what page", "is there
 * a page about…", "which doc should I read first".
 */
const TITLED = new RegExp(
  [
    String.raw`\b(?:title|titled|called|named|name of (?:the|that|this|it))\b`,
    String.raw`\bwhich(?: one)?(?: of (?:your|the|these|those))? ${PAGE}\b`,
    // "What page…" asks for a guide; "what documents do I need to bring…" asks after paperwork.
    String.raw`\bwhat(?: one of (?:your|the|these|those))? (?:guide|page)s?\b`,
    // "Is there a page with the ground rules…", "do you have a document on conduct…": a page asked for by what it holds.
    String.raw`\b(?:is there|do you have|have you got|you got) (?:a|an|one|any) (?:\w+ )?${PAGE} (?:(?:written|made|meant|aimed|intended|designed) )?(?:about|on|of|for|that|which|with|explaining|covering|describing|listing|setting out|where)\b`,
  ].join("|"),
  "i",
);
/** Words of such a question that say it asks for a guide, not what the guide is about. */
const ASKING = new Set(
  askTerms(
    "guide guides page pages doc docs document article title titled called named name which written write explain explains cover covers tell give specific there something anything thing things stuff",
  ),
);

/** A thing said not to be asked after ("I'm a person, not an agent"): its word names no guide. */
const DENIED = /\b(?:not|rather than|instead of) (?:an? |the )?\w+/gi;

/** The question's words that say what the guide asked for is about (not that a guide is asked for, nor a thing denied). */
export const guideSubjectTerms = (question: string): string[] => askTerms(question.replace(DENIED, " ")).filter((t) => !ASKING.has(t));

/** Whether the question asks which guide, or a guide's title. */
export function asksForGuide(question: string): boolean {
  return GUIDE.test(question) && TITLED.test(question);
}

/** A guide's words as `fit` reads them: its title's, and its headings' with what it says it is about (its tldr). */
interface GuideWords {
  about: string;
  title: ReadonlySet<string>;
  headings: ReadonlySet<string>;
}

/** A guide's words, made once per guide (ask-library.ts makes the guides once per library content), not per request. */
function guideWords(guide: Hit, about: string): GuideWords {
  const kept = wordsOfGuide.get(guide);
  if (kept?.about === about) return kept;
  // What the guide says it is about counts as its headings do: "how visitors treat one another" is the Code of Care's.
  const headings = new Set([...guide.passages.flatMap((p) => (p.section ? askTerms(p.section) : [])), ...askTerms(about)]);
  const words = { about, title: new Set(askTerms(guide.chunk.title)), headings };
  wordsOfGuide.set(guide, words);
  return words;
}
const wordsOfGuide = new WeakMap<Hit, GuideWords>();

/**
 * How nearly a guide is the one asked for: its title's words count twice, its headings' once, each word once; a
 * visitor's word for a title's word ("send in" for "contribute", synonyms.ts) counts as that word, a little less;
 * a word outside its title counts its body's saying it besides (guide-purpose.ts). `score` counts every word alike; `weighed` by how much each word tells the guides apart (`weight`).
 */
function fit(
  asked: ReadonlySet<string>,
  guide: Hit,
  words: GuideWords,
  weight: (term: string) => number,
  share: (term: string) => number = () => 1,
): { score: number; weighed: number } {
  const near = (set: ReadonlySet<string>, term: string) => (set.has(term) ? 1 : synonymsOf(term).some(([t]) => set.has(t)) ? SYNONYM : 0);
  let score = 0;
  let weighed = 0;
  for (const term of asked) {
    // A word not in its title counts its body's saying it too, for less (guide-purpose.ts): what a guide is for is said
    // throughout it, and said often. Two guides whose titles both hold the word are not told apart by their bodies.
    const titled = 2 * near(words.title, term);
    const nearness = titled || near(words.headings, term) + bodyNearness(guide, term);
    score += share(term) * nearness;
    weighed += share(term) * weight(term) * nearness;
  }
  return { score, weighed };
}

/**
 * How much a word tells the guides apart: its idf over the guides' whole text, as a share of the largest. "people"
 * is in every guide and names none ("a page about how people treat each other" is the Code of Care, not Attending as
 * a Person); "treat" is in few.
 */
function guideIdf(guides: readonly Hit[]): (term: string) => number {
  let idf = idfOfGuides.get(guides);
  if (!idf) {
    // How many guides hold each word, counted once: the guides' whole text is not read again on every request.
    const holding = new Map<string, number>();
    for (const g of guides) {
      const terms = new Set(askTerms([g.chunk.title, ...g.passages.map((p) => `${p.section ?? ""} ${p.text}`)].join(" ")));
      for (const t of terms) holding.set(t, (holding.get(t) ?? 0) + 1);
    }
    const most = Math.log(1 + guides.length);
    idf = (term) => Math.log(1 + guides.length / (1 + (holding.get(term) ?? 0))) / most;
    idfOfGuides.set(guides, idf);
  }
  return idf;
}
/** Keyed by the guides array, which ask-library.ts guidePages makes once per library content. */
const idfOfGuides = new WeakMap<readonly Hit[], (term: string) => number>();

/**
 * The guide these words ask for: at least one title word's worth, and more than the next once each word is weighed by
 * how much it tells the guides apart; null when none stands out.
 */
function standingOut(
  terms: readonly string[],
  guides: readonly Hit[],
  aboutOf: ReadonlyMap<string, string>,
  scene: ReadonlySet<string> = new Set(),
): { guide: Hit; asked: ReadonlySet<string> } | null {
  const asked = new Set(terms);
  const share = (term: string) => (scene.has(term) ? SCENE_SHARE : 1);
  const named = guides.filter((guide) => titleNamed(asked, guide));
  const idf = guideIdf(guides);
  const ranked = (named.length === 1 ? named : guides)
    .map((guide) => ({ guide, ...fit(asked, guide, guideWords(guide, aboutOf.get(guide.chunk.page) ?? ""), idf, share) }))
    .sort((a, b) => b.weighed - a.weighed || b.score - a.score);
  const [best, next] = ranked;
  return best.score < 2 || (next && next.weighed >= best.weighed) ? null : { guide: best.guide, asked };
}

/** A word of the scene told around the sentence asking for a guide counts this share of one of that sentence's. */
const SCENE_SHARE = 0.5;

/** The sentences of the question that name a guide: what the guide is asked to be about, without the scene told around it. */
const askingForGuide = (question: string): string =>
  question
    .split(/(?<=[.!?])\s+/)
    .filter((s) => GUIDE.test(s))
    .join(" ") || question;

/**
 * Whether the question names the guide's whole title, of two words or more ("which page tells me what the sanctuary
 * keeps about visitors?"): that guide is the one asked for, whatever another's many headings share with the question.
 */
function titleNamed(asked: ReadonlySet<string>, guide: Hit): boolean {
  const title = new Set(askTerms(guide.chunk.title));
  return title.size >= 2 && [...title].every((t) => asked.has(t));
}

/** A section holding this many of the asked words is the one asked for, when the guide's title holds none of them. */
const SECTION_WORDS = 2;

/**
 * The guide's section the question asks about, when the guide was found by a heading and not its title ("which guide
 * explains the bits that say [silence: 1 minute]?" finds the FAQ's "What are the silences…?"): its opening would be
 * no answer. Null when the title holds an asked word, or no heading holds SECTION_WORDS of them.
 */
function sectionAsked(guide: Hit, asked: ReadonlySet<string>): Hit["chunk"] | null {
  const near = (words: readonly string[], term: string) => words.includes(term) || synonymsOf(term).some(([t]) => words.includes(t));
  const title = askTerms(guide.chunk.title);
  if ([...asked].some((t) => near(title, t))) return null;
  const held = (section: string) => [...asked].filter((t) => near(askTerms(section), t)).length;
  const best = guide.passages.filter((p) => p.section).sort((a, b) => held(b.section!) - held(a.section!))[0];
  return best && held(best.section!) >= SECTION_WORDS ? best : null;
}

/**
 * The guide a question asks for by its title, answered with its opening sentence (what the guide says it is for),
 * or null when the question does not ask for one or no guide stands out: at least one title word, and more than the next.
 */
export function guideTitled(
  question: string,
  hits: readonly Hit[],
  guides: readonly Hit[],
  aboutOf: ReadonlyMap<string, string> = new Map(),
): Grounding | null {
  if (!asksForGuide(question) || !guides.length) return null;
  // The sentence that asks for the guide says what it is about; when that alone names none, the scene around it may
  // ("I'm an agent. Which doc should I read first?").
  // The scene's words count for less beside the asking sentence's: "read first" is in every guide's body, "agent" is not.
  const asking = guideSubjectTerms(askingForGuide(question));
  const scene = guideSubjectTerms(question).filter((t) => !asking.includes(t));
  const best = standingOut([...asking, ...scene], guides, aboutOf, new Set(scene)) ?? standingOut(guideSubjectTerms(question), guides, aboutOf);
  return best && guideAnswer(best, hits);
}

/** The guide these words ask for by what it is for, standing out from the others (guide-where.ts); null when none does. */
export function guideByPurpose(
  terms: readonly string[],
  guides: readonly Hit[],
  aboutOf: ReadonlyMap<string, string>,
): { guide: Hit; asked: ReadonlySet<string> } | null {
  return guides.length ? standingOut(terms, guides, aboutOf) : null;
}

/** The guide these words name by a word of its title, standing out from the others (guide-where.ts); null when none does. */
export function guideByTitle(
  terms: readonly string[],
  guides: readonly Hit[],
  aboutOf: ReadonlyMap<string, string>,
): { guide: Hit; asked: ReadonlySet<string> } | null {
  const best = guides.length ? standingOut(terms, guides, aboutOf) : null;
  if (!best) return null;
  const title = askTerms(best.guide.chunk.title);
  const near = (t: string) => title.includes(t) || synonymsOf(t).some(([s]) => title.includes(s));
  return [...best.asked].some(near) ? best : null;
}

/** The guide found, said by its opening (or the section asked), named with where to read it. */
export function guideAnswer(best: { guide: Hit; asked: ReadonlySet<string> }, hits: readonly Hit[]): Grounding | null {
  const section = sectionAsked(best.guide, best.asked);
  const passage = section ?? best.guide.passages[0];
  // A section asked for is said by its first two sentences (what it is, then what to do); a guide by its opening.
  const said = passage ? sentencesOf(passage.text).slice(0, section ? 2 : 1) : [];
  if (!said.length) return null;
  const rank = hits.findIndex((h) => h.chunk.page === best.guide.chunk.page);
  const hit = rank >= 0 ? hits[rank] : best.guide;
  const sentences: Sourced[] = said.map((sentence, position) => ({
    ...{ sentence, title: passage.title, context: passage.title, heading: passage.section ?? "", position },
    ...{ pageRank: rank >= 0 ? rank : hits.length, meaning: 1, leads: false, question: null, asked: 0, guide: true, passage, hit },
    // The guide is the answer, so it is named with where to read it ("a guide, to read at /docs/axioms"), as a piece offered is.
    ...{ kind: "guide", where: passage.pagePath },
  }));
  const cited = { ...hit, chunk: passage };
  return {
    covered: true,
    sentences,
    passages: [cited],
    numbers: [rank >= 0 ? rank + 1 : hits.length + 1],
    score: 1,
    extra: rank >= 0 ? [] : [hit],
  };
}
