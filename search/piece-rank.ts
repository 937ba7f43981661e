// A piece found by its topic: each piece of the kinds asked for scored by how much of the question's topic its
// title, summary, themes, body and requests hold — in words, stems, WordNet links and the vectors' links — and by
// meaning (the card's vectors). Pure functions but the per-library caches (piece-cards.ts, piece-links.ts).
import { cosine, type Embedder } from "./embedder.ts";
import { expansionsOf, type Expansions } from "./lexicon.ts";
import { centered } from "./memory-build.ts";
import { cardSpace, type PieceCard } from "./piece-cards.ts";
import { cardVocabulary, spelledNumbers, vectorLinks } from "./piece-links.ts";
import { nearestRequests, requestSpace } from "./piece-scenes.ts";
import { FINDING, KIND_TERMS } from "./piece-words.ts";
import { calibrationFor, meaningEvidence } from "./rank.ts";
import { situated, situationFit, situationsOf } from "./piece-situation.ts";
import { situationLinks, situationPhrases } from "./situations.ts";
import { synonymsOf } from "./synonyms.ts";
import { askTerms, messageSentences, plainPhrases, words } from "./text.ts";

/** A word in the title names the piece; in its summary or themes it is what the piece is about; in its body, less. */
const STRENGTH = { title: 1, about: 0.85, body: 0.25 };
/** A WordNet link counts for this share of the word itself, times the link's weight. */
const LINKED = 0.6;
/**
 * What a piece's requests hold of the topic adds this share of itself to what its card holds. Set on held-out requests
 * (scripts/eval-piece-scenes.ts, rank 1 hybrid / words): the requests standing in for the card at 0.85 of it (the rule
 * before) 30.2% / 27.3%; added at 0.6 32.1% / 34.1%, 0.3 33.2% / 38.0%; not at all 33.7% / 37.9%. A scene said only in
 * visitors' words still needs them, so they are kept at 0.3.
 */
export const REQUEST_SHARE = 0.3;

function strengthOf(card: PieceCard, term: string, body = true): number {
  return card.title.has(term) ? STRENGTH.title : card.about.has(term) ? STRENGTH.about : body && card.body.has(term) ? STRENGTH.body : 0;
}

/** A word said only before the asking sentence ("My dad died last week. Do you have…?") weighs this share of its weight: it sets the scene. */
const SCENE = 0.5;

/** The sentence that asks (the last ending in "?"), or the whole question when none does or it is the only one. */
function askingSentence(question: string): string {
  const sentences = messageSentences(question);
  const asking = [...sentences].reverse().find((s) => /\?\s*$/.test(s));
  // "…Is there a prayer to get ready for it?": an asking sentence with no topic of its own leaves the scene whole.
  return asking && askTerms(asking).filter((t) => !FINDING.has(t) && !KIND_TERMS.has(t)).length > 1 ? asking : question;
}

/**
 * How a piece's evidence is weighed with vectors: its words, its card's meaning, its nearest request in visitors' words
 * (piece-scenes.ts, from a cosine of `lo` up). Set on held-out requests (scripts/eval-piece-scenes.ts --grid): words
 * 0.6 and the card 0.4 (the rule before) rank 1 33.2%, top 3 50.0%; 0.6, 0.2 and the nearest request 0.2 35.7%, 54.2%;
 * 0.6, 0.1, 0.3 35.7%, 54.0%; words under 0.6 or the nearest request over 0.3 fewer.
 */
export interface SceneBlend {
  words: number;
  meaning: number;
  scene: number;
  lo: number;
}

export const SCENE_BLEND: SceneBlend = { words: 0.6, meaning: 0.2, scene: 0.2, lo: 0 };

/** A piece's score with vectors: words, card meaning and nearest request (piece-scenes.ts) blended. */
export function sceneBlend(b: SceneBlend, words: number, meaning: number, scene: number): number {
  return b.words * words + b.meaning * meaning + b.scene * Math.max(0, (scene - b.lo) / (1 - b.lo));
}

/** A piece scored for a question: `cardWords` is what its title, summary and themes alone hold of the topic. */
export interface ScoredPiece {
  c: PieceCard;
  score: number;
  /** Its evidence apart: in words (title, summary, themes, body, requests) and in meaning (the card's vectors; 0 without). */
  words: number;
  held: number;
  requested: number;
  meaning: number;
  /** Its nearest request's cosine (piece-scenes.ts), when weighed. */
  scene: number;
  /** How far it declares the situation the visitor tells (piece-situation.ts). */
  fit: number;
  cardWords: () => number;
  /** The question's words' links (hand-kept synonyms, the situations' words, WordNet, the vectors), by term: the same for every piece. */
  links: WordLinks;
}

/** Each topic term of a question with the terms it links to and their weights. */
export type WordLinks = ReadonlyMap<string, ReadonlyArray<readonly [string, number]>>;

/** The pieces of the kinds asked for, scored for the question's topic, best first (none when it names no topic). */
export async function rankPieces(
  question: string,
  kinds: string[],
  cards: PieceCard[],
  embedder: Embedder | null,
  expansions: Expansions | null,
  /** Requests left out of the nearest (scripts/eval-piece-scenes.ts holds one out), by their row (piece-scenes.ts). */
  options: { skipRequest?: (row: number) => boolean } = {},
): Promise<ScoredPiece[]> {
  question = situationPhrases(spelledNumbers(question));
  const topic = [...new Set(askTerms(question))].filter((t) => !FINDING.has(t) && !KIND_TERMS.has(t));
  const ofKind = cards.filter((c) => kinds.includes(c.piece.kind));
  if (!topic.length || !ofKind.length) return [];
  // What the visitor is going through, against what each piece declares it is for (piece-situation.ts).
  const fit = situationFit(situationsOf(question), cards);
  // A word of the hand-kept list stands for its fellows at the list's own weight; WordNet's links count for LINKED of theirs.
  const links = new Map(
    words(plainPhrases(question)).map((w) => [
      askTerms(w)[0],
      [...synonymsOf(w), ...situationLinks(w), ...(expansions ? expansionsOf(expansions, w) : []).map(([t, r]): [string, number] => [t, LINKED * r])],
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
  // A word many pieces' requests share ("tonight", "user") tells them apart least: idf over the requests' own terms.
  const requestWeights = topic.map((t) => Math.log(1 + ofKind.length / (1 + ofKind.filter((c) => c.requests.has(t)).length)) * (asking.has(t) ? 1 : SCENE));
  const total = requestWeights.reduce((a, b) => a + b, 0);
  const requested = (c: PieceCard) => {
    let sum = 0;
    topic.forEach((t, i) => {
      let s = c.requests.has(t) ? 1 : 0;
      for (const [target, weight] of links.get(t) ?? []) if (c.requests.has(target)) s = Math.max(s, weight);
      sum += requestWeights[i] * s;
    });
    return sum / total;
  };
  // What the requests hold adds to what the card holds (either may say the scene), rather than standing in for it.
  const inWords = (c: PieceCard, body = true) => 1 - (1 - held(c, body)) * (1 - REQUEST_SHARE * requested(c));
  let meaning: (i: number) => number = () => 0;
  let scene: ReadonlyMap<PieceCard, number> = new Map();
  if (embedder) {
    if (SCENE_BLEND.scene) scene = await nearestRequests(embedder, await requestSpace(embedder, cards), question, options.skipRequest);
    // The topic's own words, as typed, against each card: the question's scene and asking words would make every card near.
    const space = await cardSpace(embedder, cards);
    // Of the asking sentence when it names a topic of its own: the scene ("My dad died last week.") pulls every card's way.
    const typed = words(askingSentence(question)).filter((w) => topic.includes(askTerms(w)[0] ?? ""));
    const asked = centered((await embedder.embed([typed.join(" ")]))[0], space.mean);
    const calibration = calibrationFor(embedder.id);
    meaning = (i) => meaningEvidence(cosine(asked, space.vectors.get(ofKind[i])!), calibration);
  }
  return ofKind
    .map((c, i) => ({
      c,
      words: inWords(c),
      held: held(c),
      requested: requested(c),
      meaning: meaning(i),
      scene: scene.get(c) ?? 0,
      fit: fit(c),
      cardWords: () => situated(inWords(c, false), fit(c)),
      links,
    }))
    .map((p) => ({ ...p, score: situated(embedder ? sceneBlend(SCENE_BLEND, p.words, p.meaning, p.scene) : p.words, p.fit) }))
    .sort((a, b) => b.score - a.score);
}
