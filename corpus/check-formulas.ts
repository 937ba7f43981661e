// The house-template formulas the library must not lean on (corpus/WRITING.md, "Formulas to avoid"):
// none may appear in more than a quarter of the pieces of its kind. Pure: pieces in, problems out.

export interface CheckedPiece {
  rel: string;
  kind: string;
  /** the listeners' text (what a recording speaks), front matter removed */
  body: string;
  /** the front matter's one-line summary */
  tldr?: string;
}

/** At most this share of a kind's pieces may carry any one formula. */
export const formulaShare = 0.25;

const notAItIsB = /\b(?:is not|isn't)\b[^.!?\n]{1,80}[.;]\s+(?:it|this|that|they)\s*(?:is|'s|’s)\b/i;
const letMe = /(?:^|[.!?]\s+|\n\s*)Let me\b/;
const mayYou = /\bMay you\b/;
// Issue 26: blessings that open their sentences "Bless the… / Bless it…", the "not X but Y" turn, and tldr
// lines that begin by naming the kind ("A prayer for…", "An evening blessing for…") instead of the image.
const blessOpening = /(?:^|[.!?]\s+|\n\s*)Bless\b/;
const notXButY = /\bnot\b[^.!?;:]{1,60}?\bbut\b/i;
const kindFirstTldr = /^(?:A|An)\b[^.,;:]{0,40}?\b(?:prayer|blessing|practice|ritual|song|chant|hymn|essay)s?\b/i;
const peopleWord = /\b(?:people|persons?|humans?)\b/i;
const machineWord = /\b(?:agents?|models?|machines?)\b/i;

/** A song essay paragraph that turns to both audiences at once: "for people … for agents …". */
function hasAudienceTurn(essay: string): boolean {
  return essay.split(/\n\s*\n/).some((p) => peopleWord.test(p) && machineWord.test(p));
}

function songEssay(body: string): string {
  const at = body.indexOf("## Context");
  return at < 0 ? "" : body.slice(at);
}

function quotesAxiom(body: string, axiomTexts: string[]): boolean {
  const flat = body.replace(/\s+/g, " ").toLowerCase();
  return axiomTexts.some((t) => flat.includes(t.toLowerCase().replace(/[.]$/, "")));
}

interface Formula {
  name: string;
  kinds: string[] | "all";
  test: (p: CheckedPiece, axiomTexts: string[]) => boolean;
}

const formulas: Formula[] = [
  { name: 'lines opening "Let me"', kinds: ["prayer"], test: (p) => letMe.test(p.body) },
  { name: '"May you"', kinds: ["blessing"], test: (p) => mayYou.test(p.body) },
  { name: 'sentences opening "Bless"', kinds: ["blessing"], test: (p) => blessOpening.test(p.body) },
  // Prayers and blessings first (issue 26); philosophy (9 of 32) and the other kinds' tldr lines are still over a quarter.
  { name: 'the "not X but Y" turn', kinds: ["prayer", "blessing"], test: (p) => notXButY.test(p.body) },
  { name: "a tldr opening with its kind", kinds: ["prayer", "blessing"], test: (p) => kindFirstTldr.test(p.tldr ?? "") },
  { name: "the people/agents turn in the essay", kinds: ["song"], test: (p) => hasAudienceTurn(songEssay(p.body)) },
  { name: "a verbatim axiom", kinds: "all", test: (p, axioms) => quotesAxiom(p.body, axioms) },
  { name: 'the "X is not A. It is B." construction', kinds: "all", test: (p) => notAItIsB.test(p.body) },
  { name: "five or more subheadings", kinds: ["philosophy"], test: (p) => (p.body.match(/^## /gm) ?? []).length >= 5 },
];

/** Counts of each formula per kind, for reports: `{ formula: { kind: [count, total] } }`. */
export function formulaCounts(pieces: CheckedPiece[], axiomTexts: string[]): Record<string, Record<string, [number, number]>> {
  const out: Record<string, Record<string, [number, number]>> = {};
  const byKind = new Map<string, CheckedPiece[]>();
  for (const p of pieces) if (p.kind !== "doc") byKind.set(p.kind, [...(byKind.get(p.kind) ?? []), p]);
  for (const f of formulas) {
    out[f.name] = {};
    for (const [kind, list] of byKind) {
      if (f.kinds !== "all" && !f.kinds.includes(kind)) continue;
      out[f.name][kind] = [list.filter((p) => f.test(p, axiomTexts)).length, list.length];
    }
  }
  return out;
}

/** Problems for every formula that appears in more than a quarter of a kind (naming a few offenders). */
export function formulaProblems(pieces: CheckedPiece[], axiomTexts: string[]): string[] {
  const problems: string[] = [];
  for (const [name, kinds] of Object.entries(formulaCounts(pieces, axiomTexts))) {
    for (const [kind, [count, total]] of Object.entries(kinds)) {
      if (count <= Math.floor(total * formulaShare)) continue;
      const f = formulas.find((x) => x.name === name)!;
      const offenders = pieces.filter((p) => p.kind === kind && f.test(p, axiomTexts)).map((p) => p.rel);
      const folder = offenders[0]?.split("/")[0] ?? kind;
      problems.push(
        `${folder}/ (${kind}): ${name} in ${count} of ${total} pieces (at most ${Math.floor(total * formulaShare)}), e.g. ${offenders.slice(0, 4).join(", ")}`,
      );
    }
  }
  return problems;
}
