// "Is there a prayer for someone sitting an exam?" asks after a piece of the library, not a rule: it is answered
// by naming the piece (its title, summary and where to read it), found among the pieces of the kind asked for by
// its topic — title, summary, themes and body, in words, stems, WordNet links and meaning — even when no title
// word matches and search did not rank it among its first pages. Pure functions but the per-library caches.
import type { Embedder } from "./embedder.ts";
import type { Expansions } from "./lexicon.ts";
import type { PieceCard } from "./piece-cards.ts";
import { rankPieces, type ScoredPiece } from "./piece-rank.ts";
import { holdsRarest, speaksToSubject, subjectShare } from "./subject-fit.ts";
import { pieceDeclares, subjectHeld, subjectWords, titleHolds } from "./subject-held.ts";
import { situationsOf } from "./piece-situation.ts";
import { KINDS } from "./piece-words.ts";

export { pieceCards, type PieceCard } from "./piece-cards.ts";

/** Any piece at all: "something in the library about…", "anything here for that", "a piece for…", "anything I could read when…". */
const ANY_PIECE =
  /\b(something|anything|an? (?:short |little |small |quick |good |closing |opening )?piece|any pieces|pieces|a reading|readings|a poem|poems|words)\s+(?:(?:short|little|small|quick|gentle|good|quiet)\s+)?(?:(?:(?:in|from|of) (?:the|your|this) (?:library|sanctuary|collection|site)|(?:in |on |around )?here)\s+)?(?:about|for|on|(?:meant|made|written) for|(?:suited|suitable|fitting|right) (?:to|for)|to (?:read|say|sing|hear|listen|pray|recite|chant)|(?:I|we|you|she|he|they) (?:could|can|might) (?:read|say|sing|hear|listen|pray|recite|chant)|(?:to|that might|that could|that would|that will) (?:calm|steady|settle|soothe|comfort|ground|help me)|to do (?:while|when|before|after|during|tonight|now|first))\b/i;
/**
 * "Got anything?" at the end of a situation told ("3am again. lying awake staring at the ceiling. got anything"):
 * asks for any piece for it, though it names neither kind nor topic (piece-situation.ts tells the situation).
 */
const BARE_ANY =
  /(?:^|[.!?,;:]\s*|\b(?:so|and|but)\s+)(?:got|have you got|you got|is there|any)\s+(?:anything|something)(?:\s+(?:for (?:me|this|that|it)|here))?\s*[?.!]*\s*$/i;
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
  /(?:^|[.!?:;,]\s+)(?:so\s+|and\s+|but\s+)?(?:anything|something)\b[^.!?]*(?:\?|$)|\b(is there|are there|would there be|will there be|do you have|have you got|does the library have|does the library hold|got any|got anything|got something|got an?|any|recommend|suggest|looking for|know of|point me|find me|give me|share)\b|^\s*(what|which)\s+(\w+\s+)?(prayers?|songs?|chants?|blessings?|rituals?|practices?|hymns?|essays?|pieces?|exercises?|meditations?)\b|(?:^|[.!?:;,]\s+)(?:so\s+|and\s+|but\s+)?(?:a|an|some)\s+(?:\w+\s+)?(?:prayers?|songs?|chants?|blessings?|rituals?|practices?|hymns?|essays?|meditations?)\s+(?:for|about|to)\b[^.!?]*\?|\bwhat (?:can|could|should|might) (?:i|we) (?:pray|say|sing|recite)\b|\bwhat (?:would|might|could|will) (?:fit|suit|help)\b|\b(?:want|need|would like)\s+(?:something|anything)\b/i;
/** What follows a kind named in search of a piece: its topic or its use. */
const TOPIC_FOLLOWS =
  "(?:about|for|on|of (?!(?:the|a|an|this|these|those|that|your|its|it|them|each|all|any)\\b)|to|when|where|in which|that|which|who|while|if|after|before|around|with|over|(?:is|are) (?:about|for)|(?:meant|made|written|good) for|(?:suited|suitable|fitting|right) (?:to|for)|(?:I|we|you) (?:could|can|might|would)|(?:could|can|would|might) (?:I|we|you))\\b";

/**
 * After a situation told (piece-situation.ts), "Which piece fits?", "what would suit it?" or "what should I read
 * tonight" asks for a piece of the library as plainly as "is there a prayer for…" does, though it names no topic.
 */
const WHICH_FITS =
  /(?:^|[.!?:;,]\s*)(?:so\s+|and\s+)?(?:which|what)\s+(?:\w+\s+)?(?:pieces?|prayers?|songs?|chants?|blessings?|rituals?|practices?|hymns?|essays?|readings?|poems?)\s+(?:would |might |could |will |do you think )?(?:fits?|suits?|(?:is|be|are) (?:right|best|fitting))\b(?! (?:in|into|where|between|together)\b)/i;
const WHAT_TO_READ = /\bwhat (?:can|could|should|might|do) (?:i|we) (?:read|listen to)\b(?:\s+(?:tonight|now|today|then))?\s*[?.!]*\s*$/i;

/** Questions about a kind that ask something else: who or why, its length, how to offer one, what one is. */
const NOT_A_SEARCH = /^\s*(?:who|why)\b|\bhow (long|many|often|much)\b|\b(submit|contribute|propose|upload)\b|^\s*what (is|are) (an? |the )?\w+\s*\??$/i;
/** A piece, of any kind, as the object of writing or sending one. */
const A_PIECE = `(?:${KINDS.map(([, name]) => name.source.replace(/\\b/g, "")).join("|")}|pieces?|poems?)\\b`;
/**
 * Writing or sending a piece of one's own ("Can I send a song I wrote?", "how do I write a ritual…", "a prayer I've
 * written"): a question about offering it. Writing or sending anything else belongs to the visitor's scene ("I have
 * to send my brother an apology… is there a song for sitting down to write it?"), which asks for a piece all the same.
 */
const OFFERS_A_PIECE = new RegExp(
  `\\b(?:send|sending|write|writing|add|adding)\\b(?:\\s+(?:in|it|you|up|out))?(?:\\s+(?:a|an|my|our|the|this|your|own|new|little|short|of|some))*\\s+${A_PIECE}|${A_PIECE}\\s+(?:that\\s+|which\\s+)?(?:i|we)(?:['’]ve|\\s+have|\\s+had)?\\s+(?:wrote|written|made|composed)\\b`,
  "i",
);

/** A kind of piece with what it has one do: "a ritual where you write…", "a practice in which you send…". */
const DESCRIBED = new RegExp(`(${KINDS.map(([, name]) => name.source).join("|")})\\s+(?:where|in which)\\b[^?.!]*`, "gi");

/**
 * Each kind as a request names it: followed by what it is for ("a prayer for…", "a chant I could say…"), or asked for
 * bare in a sentence of its own ("My mum's on the ward and I'm sitting with her through the night. Is there a prayer?"),
 * which after a situation told (piece-situation.ts) has that situation for its topic. Made once, not per question.
 */
const KIND_REQUESTS = KINDS.map(([kind, name]) => ({
  kind,
  // Or named beside another kind that is ("a song or chant that fits", "a prayer or a blessing for…"): both are asked for.
  withTopic: new RegExp(`${name.source}\\s+(?:(?:or|and|/)\\s+(?:an?\\s+)?${A_PIECE}\\s+)?${TOPIC_FOLLOWS}`, "i"),
  bare: new RegExp(
    `[.!?]\\s+(?:so\\s+|and\\s+)?(?:is there|are there|any|got|do you have|have you got)\\s+(?:an?\\s+|any\\s+|some\\s+)?${name.source}\\s*\\??\\s*$`,
    "i",
  ),
}));

/** Where a piece is held, said after its kind: "in your library", "from the collection", "in here" ("a blessing in here I could send her"). */
const HELD_IN = /\s+(?:(?:in|from|on) (?:the|your|this|its) (?:library|collection|sanctuary|site)|(?:in|on) here|here(?=\s+(?:for|about|to)\b))\b/gi;

/** The kinds of piece a question asks for ("all" for any piece); null when it does not ask after a piece. */
export function piecesAsked(question: string): string[] | null {
  // What a piece is said to do ("a ritual where you write to yourself") is no question about writing one.
  const asked = question.replace(DESCRIBED, "$1");
  const fits = WHICH_FITS.exec(question) ?? (situationsOf(question).length ? WHAT_TO_READ.exec(question) : null);
  if (fits && !OFFERS_A_PIECE.test(asked)) {
    // "Which blessing would fit?" names its kind; "which piece fits?" any.
    const named = KINDS.filter(([, name]) => name.test(fits[0])).map(([kind]) => kind);
    return named.length ? named : KINDS.map(([kind]) => kind);
  }
  if (NOT_A_SEARCH.test(asked) || OFFERS_A_PIECE.test(asked) || !ASKS_FOR.test(question)) return null;
  // The kind must be followed by what it is for ("a prayer for…", "a chant I could say…"): "any songs in a service" asks no such thing.
  // Where it is held says nothing of what it is for: "a blessing in your library for someone grieving" is "a blessing for…".
  const held = question.replace(HELD_IN, "");
  const named = KIND_REQUESTS.filter((k) => k.withTopic.test(held) || (k.bare.test(held.trim()) && situationsOf(held).length > 0)).map((k) => k.kind);
  if (named.length) return named;
  // "What can I pray?" asks for a piece by its verb alone.
  const byVerb = /\bwhat (?:can|could|should|might) (?:i|we) (?:pray|say|sing|recite)\b/i.test(question);
  const bare = BARE_ANY.test(question) && situationsOf(question).length > 0;
  if (!ANY_PIECE.test(question) && !byVerb && !bare) return null;
  // "Anything I could pray there?" names its kind by the verb.
  const verb = VERB_KINDS.find(([said]) => said.test(question));
  if (verb) return verb[1];
  return byVerb ? ["prayer", "blessing"] : KINDS.map(([kind]) => kind);
}

/**
 * Least score for a piece to be named: below it the library is said not to have one. 0.27 since requests add to a
 * card's words rather than stand in for them (piece-rank.ts REQUEST_SHARE), which scores pieces lower; set on dev
 * (0.3: 306/361 hybrid, 0.27 and 0.25: 308, off-topic 212/214 at each).
 */
export const PIECE_FLOOR = 0.27;
/** Without vectors: the least share of the topic a piece's title, summary and themes hold for it to be named (fitted on dev). */
export const WORDS_PIECE_FLOOR = 0.18;
/** A second piece is named beside the first when it scores this share of the first's. */
export const RUNNER_UP = 0.9;

/**
 * The pieces of the kinds asked for that are about the question's topic, best first (one or two), with the best's
 * score; and those found by their score that do not speak to the question's own subject (subject-fit.ts), `near`:
 * offered to read, never named as the answer.
 */
export async function findPieces(
  question: string,
  kinds: string[],
  cards: PieceCard[],
  embedder: Embedder | null,
  expansions: Expansions | null,
): Promise<{ found: PieceCard[]; score: number; near: PieceCard[] }> {
  const [best, next] = await rankPieces(question, kinds, cards, embedder, expansions);
  if (!best) return { found: [], score: 0, near: [] };
  // Without vectors a piece whose title, summary or themes hold the topic may be named from a lower floor: words
  // alone fall short of the floor set with meaning. Its body's words do not count there ("a song about football"
  // is not a song that mentions a match once).
  const named = best.score >= PIECE_FLOOR || (!embedder && best.cardWords() >= WORDS_PIECE_FLOOR);
  if (!named) return { found: [], score: best.score, near: [] };
  const top = next && next.score >= best.score * RUNNER_UP ? [best, next] : [best];
  const speaks = top.filter((p) => pieceSpeaks(question, p, cards));
  return { found: speaks.map((p) => p.c), score: (speaks[0] ?? best).score, near: top.filter((p) => !speaks.includes(p)).map((p) => p.c) };
}

/** Whether a piece found for the question speaks to its own subject (subject-fit.ts), from what it declares. */
function pieceSpeaks(question: string, p: ScoredPiece, cards: PieceCard[]): boolean {
  const held = subjectHeld(question, pieceDeclares(p.c), cards, p.links);
  const subject = subjectWords(question, cards);
  return speaksToSubject({ held, share: subjectShare(subject, held), fit: p.fit, titleWords: titleHolds(question, p.c), rarest: holdsRarest(subject, held) });
}
