// A second way to judge ask's answers (docs/ask-eval.md, "Judged by a reader"): eval:ask's verdict is strict, a
// fact counts only when one of its written alternatives is in the answer, so an answer that says it in other
// words ("it does not track you" for `tracking`) counts as a miss, and a stray word can count as a hit. Here a
// reader who has seen neither the code nor the verdicts judges each answer, and the two verdicts are told apart.
// Pure functions; scripts/ask-adjudicate.ts reads and writes the files.

/** One covered question as eval:ask --answers wrote it. */
export interface AnsweredQuestion {
  q: string;
  facts: string[];
  type: string;
  answer: string;
  strict: boolean;
}

/** What the reader sees: no verdict, no code, no sign of which run wrote the answer. */
export interface ToJudge {
  id: string;
  q: string;
  facts: string[];
  answer: string;
}

export interface Verdict {
  id: string;
  carried: boolean;
  /** The answer quotes a passage that does nothing for the question (issue #41's "quotes that belong"). */
  stray?: boolean;
  note?: string;
}

/** Runs (a label each: a set, a mode, a code) of answered questions, as batches for readers and the key back. */
export function batchesToJudge(runs: ReadonlyMap<string, AnsweredQuestion[]>, batchCount: number, seed: number) {
  const byKey = new Map<string, ToJudge>();
  const key: Record<string, string> = {};
  for (const answered of runs.values())
    for (const a of answered) {
      // The same answer to the same question (two runs agreeing) is judged once.
      const k = `${a.q}\u0000${a.answer}`;
      if (!byKey.has(k)) byKey.set(k, { id: `a${byKey.size + 1}`, q: a.q, facts: a.facts, answer: a.answer });
      key[k] = byKey.get(k)!.id;
    }
  const all = shuffled([...byKey.values()], seed);
  const batches: ToJudge[][] = Array.from({ length: batchCount }, () => []);
  all.forEach((item, i) => batches[i % batchCount].push(item));
  return { batches, idOf: (a: AnsweredQuestion) => key[`${a.q}\u0000${a.answer}`] };
}

export interface Tally {
  total: number;
  strict: number;
  judged: number;
  /** Strict misses the reader found carried, and strict hits the reader found not carried. */
  missesCarried: number;
  hitsNotCarried: number;
  /** Answers the reader found quoting a passage that does nothing for the question. */
  stray: number;
  unjudged: number;
}

/** Per run: carried by the strict verdict and by the reader's. */
export function tally(answered: AnsweredQuestion[], idOf: (a: AnsweredQuestion) => string, verdicts: ReadonlyMap<string, Verdict>): Tally {
  const t: Tally = { total: answered.length, strict: 0, judged: 0, missesCarried: 0, hitsNotCarried: 0, stray: 0, unjudged: 0 };
  for (const a of answered) {
    const v = verdicts.get(idOf(a));
    if (a.strict) t.strict++;
    if (!v) {
      t.unjudged++;
      continue;
    }
    if (v.carried) t.judged++;
    if (v.stray) t.stray++;
    if (v.carried && !a.strict) t.missesCarried++;
    if (!v.carried && a.strict) t.hitsNotCarried++;
  }
  return t;
}

/** A seeded shuffle (mulberry32), so a batch file can be made again exactly. */
function shuffled<T>(items: T[], seed: number): T[] {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}
