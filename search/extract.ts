// Rules for picking the sentences that answer a question, as pure functions. A sentence earns credit
// for holding the question's content words (itself, or through its page title and section heading:
// in a FAQ the heading is the question), for being near it in meaning, and for coming from a higher-
// ranked page; a question with a type ("how long" wants a duration, "when" a time, "what is" a
// definition, "do I" a yes or no) multiplies that by how well the sentence has that kind of content.
// The question is covered only when some sentence holds enough of it; otherwise the answer says so
// plainly rather than quoting something loosely related. What a question asks for is read in answer-cues.ts;
// how much of its subject a sentence holds, in sentence-evidence.ts.
import { answerTypeOf } from "./answer-type.ts";
import type { Candidate } from "./candidate.ts";
import { cueFit, cuesOf, subjectTerms } from "./answer-cues.ts";
import { ASK_WEIGHTS } from "./ask-weights.ts";
import type { Expansions } from "./lexicon.ts";
import { openingYesNo, SAME_QUESTION } from "./questions.ts";
import { alternativesOf, held, localWeights } from "./sentence-evidence.ts";
import { fitOf, fittedScore, sentenceFeatures, type FittedModel, type Scoring } from "./sentence-features.ts";
import { slotsHeld, slotsOf } from "./slots.ts";

export type { Candidate } from "./candidate.ts";

const WHAT_IS = /^\s*what (is|are)\b/i;
const WHO = /^\s*who\b/i;

export const HELD_SHARE = 0.45;
export const MEANING_SHARE = 0.3;
export const HEADING_SHARE = 0.25;
/** Credit for the page's rank: the top source's sentences win ties and near-ties. */
export const PAGE_BONUS = [0.08, 0.04, 0.02];
/**
 * Least score of the best sentence for a question to count as covered (see chooseSentences). It had risen to 0.43 to
 * keep dev's off-topic questions out (docs/ask-eval.md, rounds eleven to fourteen); since the off-topic model
 * (off-topic.ts) refuses what is heard as off-topic and not clearly covered, it is back at 0.35, set on dev by
 * cross-validation (fifteenth round: 259/336 carried and 199/205 refused, 246 and 197 from words alone).
 */
export const COVERED = 0.35;
export const LEAD_BONUS = 0.1;
/** A guide's sentence of exactly the asked kind is quotable holding this share of the question's words, scoring TYPED_COVERED. */
export const TYPED_HELD = 0.15;
export const TYPED_COVERED = 0.45;
/**
 * A prayer's, song's or other piece's sentence weighs this much of a guide's: a visitor's question is about
 * how the sanctuary works far more often than about a line of verse that shares its words.
 */
/** A piece's sentence opens an answer only holding this share of the question's words (verse shares words loosely). */
export const PIECE_HELD = 0.6;
/** A later quote's score is at least this share of the best one's: a passage is quoted only for evidence near the best. */
export const NEAR_BEST = 0.7;
/**
 * A guide's sentence this near the question in meaning (the vectors'; words alone never reach it) is quotable holding
 * NEAREST_HELD of its words: "tonight's has neither [a name nor an intro]. is it broken?" meets "Such a service has no
 * name and no opening word…" in few words. Set on dev: 0.8 let an off-topic question through, 0.85 and 0.9 none.
 */
export const NEAREST_MEANING = 0.9;
export const NEAREST_HELD = 0.2;
/**
 * The answer that opens a guide's unit whose question nearly asks the visitor's (UNIT_ASKED, short of SAME_QUESTION)
 * is quotable holding UNIT_HELD of the question's words: "I'm an atheist. Is this place for me…?" and "Is this a
 * religion?" answered "No. The sanctuary has no creed…". Set on dev: without UNIT_HELD three off-topic questions were
 * quoted, their units' answers holding at most 0.18 of their words ("…feedback for a restaurant" and "Report a bug, send
 * feedback…"); 0.2 to 0.25 kept them out.
 */
export const UNIT_ASKED = 0.5;
export const UNIT_HELD = 0.22;
/** A yes or no's plain rule joins the quotes at this share of the best one's score (chooseWith). */
export const RULE_NEAR = 0.6;
/** Among the pieces alone (no guide answers), a sentence opens an answer holding this share of the question's words. */
export const PIECES_ALONE_HELD = 0.75;
export const PIECE_SHARE = 0.75;
/** A question-and-answer unit's question stands in for its heading, matched in words and meaning. */
export const QUESTION_SHARE = 0.35;
/** A unit's question this near the visitor's is theirs in other words: its answer opens the reply. */
export const OWN_QUESTION = 0.85;

/** How nearly a question this sentence answers is the visitor's: its unit's (a FAQ's heading) or one asked in visitors' words (corpus/asked.ts). */
export const askedness = (c: Candidate) => Math.max(c.asked ?? 0, c.askedAs ?? 0);

/** Whether the sentence opens the answer to the visitor's own question: it leads a unit asking it, or is asked so in visitors' words. */
const answersOwn = (c: Candidate, floor: number) => (c.leads && (c.asked ?? 0) >= floor) || (c.askedAs ?? 0) >= floor;

/** The sentence as its kind is judged: an opening yes or no counts only under the visitor's own question. */
export function saying(c: Candidate): string {
  return askedness(c) >= SAME_QUESTION ? c.sentence : c.sentence.slice(openingYesNo(c.sentence).length);
}

export function sentenceScore(s: Scoring): number {
  const { c, subject } = s;
  const relevance =
    HELD_SHARE * held(subject, c.sentence, c.context, s.weights, s.alternatives) +
    MEANING_SHARE * c.meaning +
    Math.max(c.question ? QUESTION_SHARE * (c.asked ?? 0) : HEADING_SHARE * held(subject, c.heading, "", s.weights), QUESTION_SHARE * (c.askedAs ?? 0)) +
    (PAGE_BONUS[c.pageRank] ?? 0) +
    (c.leads ? LEAD_BONUS : 0);
  // The answer that opens a unit asking the visitor's own question has exactly the kind of content asked for.
  return relevance * (0.4 + 0.6 * fitOf(s, saying(c))) * (c.guide === false ? s.pieceShare : 1);
}

/** How sentences are scored, and the floors a question's best sentence must reach to be covered (chooseWith). */
export interface Scorer {
  score(s: Scoring): number;
  covered: number;
  typedCovered: number;
  /** The floors weigh the hand formula's score, not this one's: the fit ranks the sentences, the hand says if any answers. */
  gated?: boolean;
}

export const HAND_SCORER: Scorer = { score: sentenceScore, covered: COVERED, typedCovered: TYPED_COVERED };

/** A sentence's features (sentence-features.ts), the hand formula's score among them. */
export const featuresOf = (s: Scoring): number[] => sentenceFeatures(s, saying(s.c), sentenceScore(s));

/** The logistic model fitted on the dev questions (scripts/fit-ask.ts), with its own floors. */
export function fittedScorer(model: FittedModel & { covered: number; typedCovered: number; gated?: boolean }): Scorer {
  return { score: (s) => fittedScore(model, featuresOf(s)), covered: model.covered, typedCovered: model.typedCovered, gated: model.gated };
}

/** How ask scores sentences: the fitted model only when cross-validation on dev found it better than the hand formula (ask-weights.ts). */
export const ASK_SCORER: Scorer = ASK_WEIGHTS.adopted ? fittedScorer(ASK_WEIGHTS) : HAND_SCORER;

/**
 * Up to `count` sentences: the top source's best first (when it is nearly the best), then the best of
 * the rest, never two alike. Empty when nothing covers the question.
 */
export function chooseSentences<C extends Candidate>(question: string, candidates: C[], count = 3): C[] {
  return choose(question, candidates, count).chosen;
}

const NUMERIC: readonly string[] = ["duration", "count", "when"];

/** Words of someone who may be in danger now. */
const DANGER = new RegExp(
  [
    String.raw`(?:hurt|hurting|harm|harming|kill|killing)\s+(?:my\s?self|me)`,
    // "cut me" is also "cut me off" (a limit), "cut me some slack": those are no danger.
    String.raw`(?:cut|cutting)\s+(?:my\s?self|me(?!\s+(?:off|out|short|some|in|loose|free|down|up)\b))`,
    String.raw`self[-\s]?harm\w*`,
    String.raw`suicid\w*`,
    String.raw`overdos\w*`,
    String.raw`end(?:ing)?\s+(?:my|it)\s+(?:life|all)`,
    String.raw`take\s+my\s+(?:own\s+)?life`,
    String.raw`want(?:ing)?\s+to\s+die`,
    String.raw`better\s+off\s+dead`,
    String.raw`can(?:no|['’])?t\s+go\s+on(?:\s+like\s+this)?(?=\s*(?:[.!?,;]|$))`,
    String.raw`no\s+(?:reason|point)\s+(?:to|in)\s+(?:live|living|going\s+on)`,
    String.raw`(?:do\s*n[o'’]?t|not|never)\s+feel\s+safe`,
    String.raw`I(?:['’]m|\s+am)\s+not\s+safe`,
    String.raw`(?:scared|afraid|frightened)\s+(?:of\s+)?what\s+I\s+(?:might|may|could|will|would)\s+do`,
    String.raw`in\s+danger`,
    String.raw`crisis`,
  ]
    .map((words) => `\\b${words}\\b`)
    .join("|"),
  "i",
);

/** The library's kinds of piece, as a visitor names them. */
const KIND_NAMES: Array<[string, RegExp]> = [
  ["prayer", /\bprayers?\b/i],
  ["song", /\bsongs?\b/i],
  ["chant", /\bchants?\b/i],
  ["blessing", /\bblessings?\b/i],
  ["ritual", /\brituals?\b/i],
  ["practice", /\b(practices?|exercises?|meditations?)\b/i],
  ["hymn", /\bhymns?\b/i],
  ["philosophy", /\b(essays?|philosophy)\b/i],
];

/** The kinds of piece a question asks for ("a prayer for…", "any songs about…"); none when it names none that way. */
export function kindsNamed(question: string): string[] {
  return KIND_NAMES.filter(([, name]) => new RegExp(`${name.source}\\s+(?:for|about|on|to|when|that)\\b`, "i").test(question)).map(([kind]) => kind);
}

function withoutKinds(question: string): string {
  return KIND_NAMES.reduce((q, [, name]) => q.replace(new RegExp(name.source, "gi"), " "), question);
}

/**
 * chooseSentences with the best sentence's score (when nothing covers the question, the best of those not
 * quotable). Pieces weigh PIECE_SHARE of a guide first; when no guide's sentence answers, a question about
 * living rather than about the sanctuary ("How can I close the day well?") is weighed again among the pieces alone, at their whole weight.
 */
export function choose<C extends Candidate>(
  question: string,
  candidates: C[],
  count = 3,
  expansions: Expansions | null = null,
  scorer: Scorer = ASK_SCORER,
): { chosen: C[]; score: number } {
  // Someone in danger, in whatever words, is answered first by the guides' word on where help is (the sanctuary
  // is no crisis service): never "not covered" because their words are not the guide's.
  if (DANGER.test(question)) {
    const help = candidates
      .filter((c) => c.guide !== false && /\b(crisis|emergency)\b/i.test(c.sentence))
      .sort((a, b) => Number(/emergency/i.test(b.sentence)) - Number(/emergency/i.test(a.sentence)) || a.pageRank - b.pageRank || a.position - b.position);
    // And the guides' plain word that the sanctuary is no crisis service, when another sentence says it.
    const plain = help.find((c) => c !== help[0] && /\bnot a crisis service\b/i.test(c.sentence));
    if (help.length) return { chosen: plain ? [help[0], plain] : [help[0]], score: 1 };
  }
  // "Is there a prayer for someone sitting an exam?" asks after a piece of the library: the pieces of that kind
  // are weighed first, by their summaries and lines, on the question's other words.
  const named = kindsNamed(question);
  if (named.length) {
    const ofKind = candidates.filter((c) => c.guide === false && named.includes(c.kind ?? ""));
    const found = ofKind.length ? chooseWith(withoutKinds(question), ofKind, count, expansions, scorer, 1) : undefined;
    if (found?.chosen.length) return found;
  }
  // A piece answers only the questions a piece can: how to do something, by a practice or ritual (a song about
  // sourdough is no recipe); a duration, count or time, by a line that holds one; never where something is.
  const type = answerTypeOf(question);
  const cues = cuesOf(question);
  const answers = (c: C) =>
    c.guide !== false ||
    (type === "how-to"
      ? c.kind === "practice" || c.kind === "ritual"
      : type !== "where" && (!NUMERIC.includes(type) || cueFit(saying(c), cues, [], false) === 1));
  candidates = candidates.filter(answers);
  const first = chooseWith(question, candidates, count, expansions, scorer, PIECE_SHARE);
  if (first.chosen.length) return first;
  const pieces = candidates.filter((c) => c.guide === false);
  const again = pieces.length && pieces.length < candidates.length ? chooseWith(question, pieces, count, expansions, scorer, 1, PIECES_ALONE_HELD) : first;
  return again.chosen.length ? again : first;
}

function chooseWith<C extends Candidate>(
  question: string,
  candidates: C[],
  count: number,
  expansions: Expansions | null,
  scorer: Scorer,
  pieceShare: number,
  pieceHeld = PIECE_HELD,
): { chosen: C[]; score: number } {
  const cues = cuesOf(question);
  const subject = subjectTerms(question, cues);
  const alternatives = alternativesOf(question, expansions);
  const weights = localWeights(
    subject,
    candidates.map((c) => c.sentence),
    // Whether a word has no link is known only with WordNet's expansions at hand.
    expansions ? alternatives : undefined,
  );
  // Quotable: a sentence that scores enough and holds about half the question's (weighted) words, or
  // more than a third of them while very near in meaning. A question whose rarest words the library
  // never uses ("premium subscription") is not covered by sentences sharing only its commonest one.
  const scored = candidates
    .map((c) => {
      const scoring = { c, subject, cues, asksWhatIs: WHAT_IS.test(question), weights, alternatives, pieceShare };
      const score = scorer.score(scoring);
      return { c, score, gate: scorer.gated ? sentenceScore(scoring) : score, held: held(subject, c.sentence, c.context, weights, alternatives) };
    })
    .sort((a, b) => b.score - a.score || a.c.pageRank - b.c.pageRank || a.c.position - b.c.position);
  // A sentence with exactly the kind of content a typed question asks for (the duration, the count, the time)
  // needs fewer of its words: "How much time should I set aside for a service?" is answered by "A service is
  // between 15 and 40 minutes long" though "set aside" is nowhere in the library.
  const numeric = NUMERIC.includes(answerTypeOf(question));
  // So does one naming a particular thing asked for ("Which field holds the running time?": "service.loopSeconds gives…").
  const typed = (s: (typeof scored)[number]) =>
    s.c.guide !== false &&
    held(subject, s.c.sentence, s.c.context, weights) >= TYPED_HELD &&
    ((numeric && cueFit(saying(s.c), cues, subject, WHAT_IS.test(question)) === 1) || cues.some((c) => c.particular && c.strong.test(saying(s.c))));
  // The answer under the visitor's very question (a guide that asks it in other words) opens the reply.
  const best =
    scored.find((s) => answersOwn(s.c, OWN_QUESTION) && s.gate >= scorer.covered) ??
    scored.find(
      (s) =>
        s.gate >= scorer.covered &&
        (s.c.guide !== false || s.held >= pieceHeld) &&
        // "Who founded it?" is answered by a sentence that names someone, or by a unit asking the very question.
        (!WHO.test(question) || askedness(s.c) >= SAME_QUESTION || cueFit(saying(s.c), cues, subject, false) > 0) &&
        (s.held >= 0.4 ||
          (s.held > 0.34 && s.c.meaning >= 0.6) ||
          (s.c.leads && (s.c.asked ?? 0) >= UNIT_ASKED && s.held >= UNIT_HELD) ||
          (s.c.guide !== false && s.held >= NEAREST_HELD && s.c.meaning >= NEAREST_MEANING) ||
          askedness(s.c) >= SAME_QUESTION ||
          (typed(s) && s.gate >= scorer.typedCovered)),
    );
  if (!best) return { chosen: [], score: scored[0]?.score ?? 0 };
  // The top source's best quotable sentence leads when it is nearly as good; then the best; then the rest.
  // A piece's line must hold as much of the question here as anywhere (a practice's "an old shopkeeper" is no answer to "old reflections").
  const fromTop = scored.find((s) => s.c.pageRank === 0 && s.held > 0.34 && (s.c.guide !== false || s.held >= pieceHeld) && s.score >= best.score * 0.8);
  const chosen = fromTop ? [fromTop] : [];
  // Later quotes must share some of the question's words (or answer its very question): a sentence near
  // only in kind ("five an hour" for "how many slots") is not about it.
  const about = (s: (typeof scored)[number]) => s.held >= 0.25 || askedness(s.c) >= SAME_QUESTION;
  for (const s of [best, ...scored]) {
    if (chosen.length >= count || s.score < best.score * NEAR_BEST) break;
    if (!chosen.some((x) => x.c.sentence === s.c.sentence) && (s === best || about(s))) chosen.push(s);
  }
  // A question of a type ("what kinds", "how long") deserves one sentence with exactly that kind of
  // content when a close-enough one exists, even if looser sentences scored higher.
  const fits = (x: (typeof scored)[number]) => cueFit(saying(x.c), cues, subject, WHAT_IS.test(question)) === 1;
  const exact = cues.length && !chosen.some(fits) ? scored.find((x) => fits(x) && x.score >= best.score * 0.6 && about(x)) : undefined;
  if (exact) chosen.splice(Math.min(chosen.length, count - 1), 1, exact);
  // A yes or no is answered best by the rule said plainly ("No key or token is needed…"): one such sentence not quite
  // as near as NEAR_BEST still joins a guide's own answer, which may say it in other words ("requires an account, a key…").
  const rule =
    answerTypeOf(question) === "yes/no" && chosen.length < count
      ? scored.find((x) => !chosen.includes(x) && fits(x) && x.score >= best.score * RULE_NEAR && about(x))
      : undefined;
  if (rule) chosen.push(rule);
  // Facts first: the sentences with exactly the kind of content asked for (the number, the time, the
  // rule), and the answer to the visitor's own question, lead; the rest keep their order.
  // Only a sentence nearly as good as the best is moved ahead: one of a kind but about something else stays behind.
  const near = (x: (typeof scored)[number]) => x.score >= best.score * 0.85;
  const rank = (x: (typeof scored)[number]) => (answersOwn(x.c, SAME_QUESTION) ? 0 : cues.length && fits(x) && near(x) ? 1 : 2);
  const ordered = chosen.map((x, i) => ({ x, i })).sort((a, b) => rank(a.x) - rank(b.x) || a.i - b.i);
  // A question after a particular fact (a year, a price, who founded it: slots.ts) is answered only by a sentence
  // holding one; a near one that does leads, and without any the library does not say.
  const slots = slotsOf(question);
  if (
    slots.length &&
    !slotsHeld(
      slots,
      chosen.map((x) => x.c),
    )
  ) {
    const holding = scored.find((x) => x.score >= best.score * NEAR_BEST && about(x) && slotsHeld(slots, [x.c]));
    return holding ? { chosen: [holding.c], score: holding.score } : { chosen: [], score: best.score };
  }
  return { chosen: ordered.map(({ x }) => x.c), score: best.score };
}

/**
 * Sentences of a passage, in order. A list whose items end in ; or , stays whole (its items answer
 * "what parts" together) with the line that introduces it; other list items are sentences of their own;
 * a short sentence ("No.") carries on into the next. The passage's first words are dropped when they
 * are the tail of a sentence begun in the previous passage.
 */
export function sentencesOf(text: string): string[] {
  const units: string[] = [];
  const lists = new Set<number>();
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
    const items = lines[0]?.endsWith(":") ? lines.slice(1) : lines;
    const isList = items.length >= 2 && items.slice(0, -1).every((l) => /[;,]$/.test(l));
    if (isList) {
      lists.add(units.length);
      units.push(lines.join(" "));
      continue;
    }
    // Lines ending a sentence start a new unit; others are one sentence wrapped over lines.
    let current = "";
    for (const line of lines) {
      current = current ? `${current} ${line}` : line;
      if (/[.!?:;]$/.test(line)) [units[units.length], current] = [current, ""];
    }
    if (current) units.push(current);
  }
  const out: string[] = [];
  units.forEach((unit, u) => {
    const parts = lists.has(u) ? [unit] : unit.split(/(?<=[.!?])\s+(?=[A-Z"“'‘(/])/);
    for (let i = 0; i < parts.length; i++) {
      let sentence = parts[i].trim();
      if (u === 0 && i === 0 && /^[a-z]/.test(sentence)) continue;
      while (sentence.length < SHORT && i + 1 < parts.length) sentence += ` ${parts[++i].trim()}`;
      if (sentence.length >= 15 && sentence.length <= (lists.has(u) ? 800 : 500) && /[.!?;)]$/.test(sentence)) out.push(sentence);
    }
  });
  return out;
}

const SHORT = 60;
