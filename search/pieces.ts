// "Is there a prayer for someone sitting an exam?" asks after a piece of the library, not a rule: it is answered
// by naming the piece (its title, summary and where to read it), found among the pieces of the kind asked for by
// its topic — title, summary, themes and body, in words, stems, WordNet links and meaning — even when no title
// word matches and search did not rank it among its first pages. Pure functions but the per-library caches.
import type { Library, Piece } from "../corpus/library.ts";
import { cosine, type Embedder } from "./embedder.ts";
import { expansionsOf, type Expansions } from "./lexicon.ts";
import { centered } from "./memory-build.ts";
import { cardVocabulary, spelledNumbers, vectorLinks } from "./piece-links.ts";
import { calibrationFor, meaningEvidence } from "./rank.ts";
import { synonymsOf } from "./synonyms.ts";
import { askTerms, plainPhrases, words } from "./text.ts";

/** The library's kinds of piece, as visitors name them. */
const KINDS: Array<[string, RegExp]> = [
  ["prayer", /\bprayers?\b/i],
  ["song", /\b(songs?|music|lullab(?:y|ies))\b/i],
  ["chant", /\bchants?\b/i],
  ["blessing", /\bblessings?\b/i],
  ["ritual", /\b(rituals?|ceremon(?:y|ies))\b/i],
  ["practice", /\b(practices?|exercises?|meditations?)\b/i],
  ["hymn", /\bhymns?\b/i],
  ["philosophy", /\b(essays?|philosophy|philosophical)\b/i],
];
/** Any piece at all: "something in the library about…", "a piece for…", "anything I could read when…". */
const ANY_PIECE =
  /\b(something|anything|an? (?:short |little |small |quick |good )?piece|any pieces|pieces|a reading|readings|a poem|poems|words)\s+(?:(?:in|from|of) (?:the|your|this) library\s+)?(?:about|for|on|to (?:read|say|sing|hear|listen|pray|recite|chant)|I (?:could|can|might) (?:read|say|sing|hear|listen|pray|recite|chant)|(?:to|that might|that could|that would|that will) (?:calm|steady|settle|soothe|comfort|ground|help me)|to do (?:while|when|before|after|during|tonight|now|first))\b/i;
/** Verbs that name the kind of piece wanted ("anything I could pray", "something to sing"). */
const VERB_KINDS: Array<[RegExp, string[]]> = [
  [/\b(?:to|could|can|might) (?:pray|recite)\b/i, ["prayer", "blessing"]],
  [/\b(?:to|could|can|might) sing\b/i, ["song", "hymn", "chant"]],
  [/\b(?:to|could|can|might) chant\b/i, ["chant"]],
];
/**
 * The shape of asking after a piece: is there, have you got, any, recommend, looking for, which/what <kind>; or a
 * sentence that opens with "anything"/"something" after the scene it follows ("…before we move. anything for that?").
 */
const ASKS_FOR =
  /(?:^|[.!?:;,]\s+)(?:so\s+|and\s+|but\s+)?(?:anything|something)\b[^.!?]*(?:\?|$)|\b(is there|are there|do you have|have you got|does the library have|does the library hold|got any|got anything|got something|got an?|any|recommend|suggest|looking for|know of|point me|find me|give me|share)\b|^\s*(what|which)\s+(\w+\s+)?(prayers?|songs?|chants?|blessings?|rituals?|practices?|hymns?|essays?|pieces?|exercises?|meditations?)\b|(?:^|[.!?:;,]\s+)(?:so\s+|and\s+|but\s+)?(?:a|an|some)\s+(?:\w+\s+)?(?:prayers?|songs?|chants?|blessings?|rituals?|practices?|hymns?|essays?|meditations?)\s+(?:for|about|to)\b[^.!?]*\?|\bwhat (?:can|could|should|might) (?:i|we) (?:pray|say|sing|recite)\b/i;
/** What follows a kind named in search of a piece: its topic or its use. */
const TOPIC_FOLLOWS =
  "(?:about|for|on|to|when|where|in which|that|which|who|while|if|after|before|around|with|over|(?:is|are) (?:about|for)|(?:meant|made|written|good) for|(?:I|we|you) (?:could|can|might|would)|(?:could|can|would|might) (?:I|we|you))\\b";

/** Questions about a kind that ask something else: who or why, its length, how to write or send one, what one is. */
const NOT_A_SEARCH =
  /^\s*(?:who|why)\b|\bhow (long|many|often|much)\b|\b(submit|contribute|send|write|writing|propose|add|upload)\b|^\s*what (is|are) (an? |the )?\w+\s*\??$/i;

/** A kind of piece with what it has one do: "a ritual where you write…", "a practice in which you send…". */
const DESCRIBED = new RegExp(`(${KINDS.map(([, name]) => name.source).join("|")})\\s+(?:where|in which)\\b[^?.!]*`, "gi");

/** The kinds of piece a question asks for ("all" for any piece); null when it does not ask after a piece. */
export function piecesAsked(question: string): string[] | null {
  // What a piece is said to do ("a ritual where you write to yourself") is no question about writing one.
  const asked = question.replace(DESCRIBED, "$1");
  if (NOT_A_SEARCH.test(asked) || !ASKS_FOR.test(question)) return null;
  // The kind must be followed by what it is for ("a prayer for…", "a chant I could say…"): "any songs in a service" asks no such thing.
  const named = KINDS.filter(([, name]) => new RegExp(`${name.source}\\s+${TOPIC_FOLLOWS}`, "i").test(question)).map(([kind]) => kind);
  if (named.length) return named;
  // "What can I pray?" asks for a piece by its verb alone.
  const byVerb = /\bwhat (?:can|could|should|might) (?:i|we) (?:pray|say|sing|recite)\b/i.test(question);
  if (!ANY_PIECE.test(question) && !byVerb) return null;
  // "Anything I could pray there?" names its kind by the verb.
  const verb = VERB_KINDS.find(([said]) => said.test(question));
  if (verb) return verb[1];
  return byVerb ? ["prayer", "blessing"] : KINDS.map(([kind]) => kind);
}

/** Words of asking after a piece, which say nothing of its topic. */
const FINDING = new Set(
  askTerms(
    "is there are any anything something piece pieces library reading readings poem poems words could would say read sing listen pray recite recommend suggest looking " +
      "find know point give share good one kind sort type help have got want need like please thing things meant made moment lol can't cannot won't don't didn't",
  ),
);
const KIND_TERMS = new Set(askTerms(KINDS.map(([, name]) => name.source.replace(/\\b|[()?:|]|s\?/g, " ")).join(" ")));

/** A piece as it is found by topic: its card (title, summary, themes) and its body's stems. */
export interface PieceCard {
  piece: Piece;
  card: string;
  title: ReadonlySet<string>;
  about: ReadonlySet<string>;
  body: ReadonlySet<string>;
  /** The terms of the requests in visitors' words that the piece answers (corpus/asked.ts), all together. */
  requests: ReadonlySet<string>;
}

/** "…; with a version for agents": said of many pieces, so it tells none of them apart by topic. */
const AGENTS_VERSION = /[;,.]?\s*with (?:a|an) [^.;]*\bversion\b[^.;]*/gi;

/** A title's "Unfinished" is about finishing: the stem without its "un" is kept beside it. */
function withoutUn(terms: string[]): string[] {
  return [...terms, ...terms.filter((t) => /^un\w{4,}/.test(t)).map((t) => askTerms(t.slice(2))[0] ?? t)];
}

const cardsOf = new WeakMap<Library, PieceCard[]>();

export function pieceCards(library: Library): PieceCard[] {
  let cards = cardsOf.get(library);
  if (!cards) {
    cards = library.pieces
      .filter((p) => p.kind !== "doc")
      .map((piece) => ({
        piece,
        card: `${piece.title}. ${piece.tldr} ${piece.themes.join(", ")}.`,
        title: new Set(withoutUn(askTerms(piece.title))),
        about: new Set(withoutUn(askTerms(`${piece.tldr.replace(AGENTS_VERSION, "")} ${piece.themes.join(" ")}`))),
        body: new Set(askTerms(piece.listenersText)),
        requests: new Set(askTerms(library.requestsFor(piece.path).join(" ")).filter((t) => !FINDING.has(t) && !KIND_TERMS.has(t))),
      }));
    cardsOf.set(library, cards);
  }
  return cards;
}

/** Card vectors with the cards' mean direction taken out (as search compares pages): GloVe averages all sit near one another. */
interface CardSpace {
  vectors: Map<PieceCard, Float32Array>;
  mean: Float32Array;
}

const spaces = new WeakMap<Embedder, WeakMap<PieceCard[], CardSpace>>();

async function cardSpace(embedder: Embedder, cards: PieceCard[]): Promise<CardSpace> {
  const byCards = spaces.get(embedder) ?? spaces.set(embedder, new WeakMap()).get(embedder)!;
  let space = byCards.get(cards);
  if (!space) {
    const raw = await embedder.embed(cards.map((c) => c.card));
    const mean = new Float32Array(raw[0]?.length ?? 0);
    for (const v of raw) for (let j = 0; j < mean.length; j++) mean[j] += v[j] / raw.length;
    space = { vectors: new Map(cards.map((c, i) => [c, centered(raw[i], mean)])), mean };
    byCards.set(cards, space);
  }
  return space;
}

/** A word in the title names the piece; in its summary or themes it is what the piece is about; in its body, less. */
const STRENGTH = { title: 1, about: 0.85, body: 0.25 };
/** A WordNet link counts for this share of the word itself, times the link's weight. */
const LINKED = 0.6;
/** Words and meaning weigh alike when vectors are ready; words alone before. */
const MEANING = 0.4;
/** A request the piece answers, holding the visitor's topic, counts for this share of its title holding it (set on dev). */
export const REQUEST_SHARE = 0.85;
/** Least score for a piece to be named: below it the library is said not to have one. */
export const PIECE_FLOOR = 0.3;
/** Without vectors: the least share of the topic a piece's title, summary and themes hold for it to be named (fitted on dev). */
export const WORDS_PIECE_FLOOR = 0.18;
/** A second piece is named beside the first when it scores this share of the first's. */
const RUNNER_UP = 0.9;

function strengthOf(card: PieceCard, term: string, body = true): number {
  return card.title.has(term) ? STRENGTH.title : card.about.has(term) ? STRENGTH.about : body && card.body.has(term) ? STRENGTH.body : 0;
}

/** A word said only before the asking sentence ("My dad died last week. Do you have…?") weighs this share of its weight: it sets the scene. */
const SCENE = 0.5;

/** The sentence that asks (the last ending in "?"), or the whole question when none does or it is the only one. */
function askingSentence(question: string): string {
  const sentences = question.trim().split(/(?<=[.!?])\s+(?=\S)/);
  const asking = [...sentences].reverse().find((s) => /\?\s*$/.test(s));
  // "…Is there a prayer to get ready for it?": an asking sentence with no topic of its own leaves the scene whole.
  return asking && askTerms(asking).filter((t) => !FINDING.has(t) && !KIND_TERMS.has(t)).length > 1 ? asking : question;
}

/** The pieces of the kinds asked for that are about the question's topic, best first (one or two), with the best's score. */
export async function findPieces(
  question: string,
  kinds: string[],
  cards: PieceCard[],
  embedder: Embedder | null,
  expansions: Expansions | null,
): Promise<{ found: PieceCard[]; score: number }> {
  question = spelledNumbers(question);
  const topic = [...new Set(askTerms(question))].filter((t) => !FINDING.has(t) && !KIND_TERMS.has(t));
  const ofKind = cards.filter((c) => kinds.includes(c.piece.kind));
  if (!topic.length || !ofKind.length) return { found: [], score: 0 };
  // A word of the hand-kept list stands for its fellows at the list's own weight; WordNet's links count for LINKED of theirs.
  const links = new Map(
    words(plainPhrases(question)).map((w) => [
      askTerms(w)[0],
      [...synonymsOf(w), ...(expansions ? expansionsOf(expansions, w) : []).map(([t, r]): [string, number] => [t, LINKED * r])],
    ]),
  );
  // The vectors link a situation's words to a card's other words for it ("chemo", "treatment"), as WordNet does.
  if (embedder) {
    const vocabulary = await cardVocabulary(embedder, cards, () => cards.map((c) => c.card));
    const typed = words(plainPhrases(question)).filter((w) => topic.includes(askTerms(w)[0] ?? ""));
    for (const [term, more] of await vectorLinks(embedder, vocabulary, typed)) links.set(term, [...(links.get(term) ?? []), ...more]);
  }
  // A topic word many pieces share tells them apart least (idf over the pieces of the kind).
  const df = topic.map((t) => ofKind.filter((c) => strengthOf(c, t) > 0).length);
  const asking = new Set(askTerms(askingSentence(question)));
  const weights = df.map((d) => Math.log(1 + ofKind.length / (1 + d))).map((w, i) => (asking.has(topic[i]) ? w : SCENE * w));
  const held = (c: PieceCard, body = true) => {
    let sum = 0;
    topic.forEach((t, i) => {
      let s = strengthOf(c, t, body);
      for (const [target, weight] of links.get(t) ?? []) s = Math.max(s, weight * strengthOf(c, target, body));
      sum += weights[i] * s;
    });
    return sum / weights.reduce((a, b) => a + b, 0);
  };
  // The requests in visitors' words that the piece answers (corpus/asked.ts), holding the topic as visitors put it:
  // "my dad starts chemo tomorrow" meets "a blessing for the night before treatment" through them. All of a piece's
  // requests together: one visitor's scene ("we just drifted… no fight") is said across several of them (set on dev).
  const total = weights.reduce((a, b) => a + b, 0);
  const requested = (c: PieceCard) => {
    let sum = 0;
    topic.forEach((t, i) => {
      let s = c.requests.has(t) ? 1 : 0;
      for (const [target, weight] of links.get(t) ?? []) if (c.requests.has(target)) s = Math.max(s, weight);
      sum += weights[i] * s;
    });
    return sum / total;
  };
  const inWords = (c: PieceCard, body = true) => Math.max(held(c, body), REQUEST_SHARE * requested(c));
  let meaning: (i: number) => number = () => 0;
  if (embedder) {
    // The topic's own words, as typed, against each card: the question's scene and asking words would make every card near.
    const space = await cardSpace(embedder, cards);
    // Of the asking sentence when it names a topic of its own: the scene ("My dad died last week.") pulls every card's way.
    const typed = words(askingSentence(question)).filter((w) => topic.includes(askTerms(w)[0] ?? ""));
    const asked = centered((await embedder.embed([typed.join(" ")]))[0], space.mean);
    const calibration = calibrationFor(embedder.id);
    meaning = (i) => meaningEvidence(cosine(asked, space.vectors.get(ofKind[i])!), calibration);
  }
  const scored = ofKind
    .map((c, i) => ({ c, score: embedder ? (1 - MEANING) * inWords(c) + MEANING * meaning(i) : inWords(c) }))
    .sort((a, b) => b.score - a.score);
  const [best, next] = scored;
  // Without vectors a piece whose title, summary or themes hold the topic may be named from a lower floor: words
  // alone fall short of the floor set with meaning. Its body's words do not count there ("a song about football"
  // is not a song that mentions a match once).
  const named = best.score >= PIECE_FLOOR || (!embedder && inWords(best.c, false) >= WORDS_PIECE_FLOOR);
  if (!named) return { found: [], score: best.score };
  return { found: next && next.score >= best.score * RUNNER_UP ? [best.c, next.c] : [best.c], score: best.score };
}
