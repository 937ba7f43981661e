// npx tsx scripts/eval-piece-scenes.ts [--words] [--every N] [--grid]: how often a request in visitors' words
// (corpus/library/asked/<folder>/<slug>.md) finds its own piece when it is held out, measured on the library alone,
// never on ask's fixtures. Each request in turn is taken from its piece (from the piece's request terms and from the
// request vectors, piece-scenes.ts) and asked of every piece of every kind, as a scene that names no kind would be;
// it prints how often its own piece ranks first and among the first three, and how often the first shares two themes
// with it ("near"). --every N asks every N-th piece's requests only; --grid prints blends of the evidence besides.
import { join, resolve } from "node:path";
import { loadLibrary } from "../corpus/library.ts";
import { loadGlove } from "../search/embedders/glove.ts";
import type { Embedder } from "../search/embedder.ts";
import { prepareRows } from "../search/index-recipe.ts";
import { requestTerms, pieceCards, type PieceCard } from "../search/piece-cards.ts";
import { rankPieces, sceneBlend } from "../search/piece-rank.ts";
import { nearestRequests, requestSpace } from "../search/piece-scenes.ts";
import { KINDS } from "../search/piece-words.ts";

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const wordsOnly = process.argv.includes("--words");
const every = Number(arg("--every") ?? 1);
const grid = process.argv.includes("--grid");

const library = await loadLibrary(resolve(join(process.cwd(), "corpus", "library")));
const prepared = await prepareRows(library);
const { expansions } = await prepared.expansions;
const embedder: Embedder | null = wordsOnly ? null : await loadGlove({ dataDir: join(process.cwd(), ".bench", "quality") });
// Copies the script may change: a held-out request leaves its piece's terms for the time it is asked.
const cards: PieceCard[] = pieceCards(library).map((c) => ({ ...c }));
const kinds = KINDS.map(([kind]) => kind);
const space = embedder ? await requestSpace(embedder, cards) : null;

const themes = (c: PieceCard) => new Set(c.piece.themes);
const near = (a: PieceCard, b: PieceCard) => a === b || [...themes(a)].filter((t) => themes(b).has(t)).length >= 2;

interface Tally {
  first: number;
  three: number;
  near: number;
}
const tallies = new Map<string, Tally>();
const count = (name: string, ranked: PieceCard[], own: PieceCard) => {
  const t = tallies.get(name) ?? tallies.set(name, { first: 0, three: 0, near: 0 }).get(name)!;
  t.first += ranked[0] === own ? 1 : 0;
  t.three += ranked.slice(0, 3).includes(own) ? 1 : 0;
  t.near += ranked[0] && near(ranked[0], own) ? 1 : 0;
};

let asked = 0;
const started = performance.now();
for (let p = 0; p < cards.length; p += every) {
  const card = cards[p];
  const requests = card.asked ?? [];
  const kept = card.requests;
  for (const request of requests) {
    card.requests = requestTerms(requests.filter((r) => r !== request));
    const scored = await rankPieces(request, kinds, cards, embedder, expansions, {
      skipRequest: (row) => space?.rows[row].card === card && space.rows[row].text === request,
    });
    count(
      "ask's ranking",
      scored.map((s) => s.c),
      card,
    );
    if (grid && embedder && space) {
      const scene = await nearestRequests(embedder, space, request, (row) => space.rows[row].card === card && space.rows[row].text === request);
      for (const words of [0.6, 0.5, 0.4, 0.3])
        for (const meaning of [0.4, 0.2, 0.1, 0])
          for (const lo of [0, 0.2, 0.3]) {
            const blend = { words, meaning, scene: 1 - words - meaning, lo };
            const ranked = scored
              .map((s) => ({ c: s.c, score: sceneBlend(blend, s.words, s.meaning, scene.get(s.c) ?? 0) }))
              .sort((a, b) => b.score - a.score)
              .map((s) => s.c);
            count(`words ${words} meaning ${meaning} scene ${(1 - words - meaning).toFixed(1)} from ${lo}`, ranked, card);
          }
    }
    asked += 1;
  }
  card.requests = kept;
}
const pct = (n: number) => `${((100 * n) / asked).toFixed(1)}%`;
console.log(`${asked} requests held out, ${wordsOnly ? "words only" : "hybrid"}, every piece of every kind (${Math.round(performance.now() - started)} ms)`);
for (const [name, t] of [...tallies].sort((a, b) => b[1].first - a[1].first))
  console.log(`${name.padEnd(44)} rank 1 ${pct(t.first)}  top 3 ${pct(t.three)}  rank 1 near ${pct(t.near)}`);
process.exit(0);
