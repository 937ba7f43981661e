// The words' side of a search, over the postings built in memory-build.ts: for each term the query holds, its
// idf times how strongly each page holds it, through the word itself, its stem, or a WordNet expansion. Writes
// into scratch arrays the index keeps between searches (searches are synchronous, so they never overlap).
import { BoundedMemo } from "../core/memo.ts";
import { expansionsOf } from "./lexicon.ts";
import { surfaceOf, type MemoryData } from "./memory-build.ts";
import { STEM_ONLY, expansionWeight, idf } from "./rank.ts";
import { terms } from "./text.ts";

/**
 * Per page: `held`, the words' evidence (summed); `ownCount`, how many terms it holds itself. `termSlots`: each
 * term's passage slots holding it, ascending (memory-build.ts `slotTerms`), as the last search found them. The rest
 * is scratch.
 */
export interface WordScratch {
  held: Float32Array;
  ownCount: Uint8Array;
  termSlots: Array<Int32Array | undefined>;
  strength: Float32Array;
  /** The pages a term reached (a fresh array per term was most of what a search allocated). */
  touched: Int32Array;
  exactMark: Uint8Array;
}

/** Each typed content word's stem with the forms typed; repeated stems count once (the first form typed leads). */
export function typedTerms(said: readonly string[]): Map<string, string[]> {
  const typed = new Map<string, string[]>();
  for (const w of said) {
    const term = termOfWord.get(w, () => terms(w)[0] ?? "");
    if (term) (typed.get(term) ?? typed.set(term, []).get(term)!).push(w);
  }
  return typed;
}
// A typed word's term ("" for a stop word), kept: words come back in query after query, and reading one again
// (its letters, its stop-word check, its stem) was most of a search's reading of its query.
const termOfWord = new BoundedMemo<string>(8192);

/**
 * Σ over the query's terms of idf × the page's strength for the term, into `scratch.held`: its own (weaker when
 * only the stem matches) or, if stronger, an expansion's times the expansion's weight. `totalWeight` is the sum
 * of the terms' idf; `known`, how many terms reached any page.
 */
export function wordEvidence(data: MemoryData, typed: ReadonlyMap<string, readonly string[]>, scratch: WordScratch): { totalWeight: number; known: number } {
  const { held, ownCount, termSlots } = scratch;
  const P = data.pages.length;
  held.fill(0);
  ownCount.fill(0);
  termSlots.length = 0;
  let totalWeight = 0;
  let known = 0;
  const memo = reachesOf(data);
  for (const [term, forms] of typed) {
    const { pages, strengths, df, slots } = memo.get(reachKey(forms), () => reachNow(data, term, forms, scratch));
    termSlots.push(slots);
    const weight = idf(P, df);
    totalWeight += weight;
    if (pages.length) known++;
    // A term's reach starts with the pages holding it (reachNow): the one pass counts those too.
    for (let i = 0; i < pages.length; i++) {
      held[pages[i]] += weight * strengths[i];
      if (i < df) ownCount[pages[i]]++;
    }
  }
  return { totalWeight, known };
}

/**
 * The pages a term reaches, in the order they were reached, and how strongly each holds it (its own word or an
 * expansion); with how many pages hold the term itself and its passage slots, so a search looks a term up once.
 */
interface Reach {
  pages: Int32Array;
  strengths: Float32Array;
  df: number;
  slots: Int32Array | undefined;
}

/**
 * Per index data, a term's reach by its typed forms: words come back in query after query, their reach never changes.
 * 8,192, as the GloVe ids' memo: at 4,096 the bench's 6,000 queries (2,900 distinct words) missed a quarter of a reach
 * a search, each remade from the postings, and searching cost a tenth more (docs/performance.md, fifty-eighth session).
 */
const reaches = new WeakMap<MemoryData, BoundedMemo<Reach>>();
// Keyed by the forms alone, since they decide the term (typedTerms: each form's own stem); one form (nearly every
// term) is its own key, the string the query was read into, so no key is built and its hash is already known.
const reachKey = (forms: readonly string[]) => (forms.length === 1 ? forms[0] : forms.join(" "));

function reachesOf(data: MemoryData): BoundedMemo<Reach> {
  let memo = reaches.get(data);
  if (!memo) reaches.set(data, (memo = new BoundedMemo(8192)));
  return memo;
}

/** The pages a term reaches: first the pages holding it, in its posting's order, then those reached through expansions. */
function reachNow(data: MemoryData, term: string, forms: readonly string[], scratch: WordScratch): Reach {
  const { strength, touched, exactMark: mark } = scratch;
  const P = data.pages.length;
  const own = data.postings.get(term);
  const df = own?.pages.length ?? 0;
  let reached = 0;
  if (own) {
    // Stem matches first at the weaker strength, then pages with the word as typed at full strength.
    for (let i = 0; i < own.pages.length; i++) {
      const p = own.pages[i];
      strength[p] = own.strengths[i] * STEM_ONLY;
      touched[reached++] = p;
    }
    for (const form of forms) {
      const surface = data.surfaces.get(surfaceOf(form));
      for (let i = 0; surface && i < surface.length; i++) {
        const p = surface[i];
        if (strength[p] > 0 && !mark[p]) {
          strength[p] /= STEM_ONLY;
          mark[p] = 1;
        }
      }
    }
    for (let i = 0; i < reached; i++) mark[touched[i]] = 0;
  }
  const linked = expansionsOf(data.expansions, forms[0]);
  for (let e = 0; e < linked.length; e++) {
    const [target, relation] = linked[e];
    const other = data.postings.get(target);
    const w = expansionWeight(relation, df, P);
    if (!other || w <= 0) continue;
    for (let i = 0; i < other.pages.length; i++) {
      const p = other.pages[i];
      const s = w * other.strengths[i];
      if (s > strength[p]) {
        if (strength[p] === 0) touched[reached++] = p;
        strength[p] = s;
      }
    }
  }
  const out = { pages: touched.slice(0, reached), strengths: new Float32Array(reached), df, slots: data.slotTerms.get(term) };
  for (let i = 0; i < reached; i++) {
    out.strengths[i] = strength[out.pages[i]];
    strength[out.pages[i]] = 0;
  }
  return out;
}
