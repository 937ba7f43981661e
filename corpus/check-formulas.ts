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
const peopleWord = /\b(?:people|persons?|humans?)\b/i;
const machineWord = /\b(?:agents?|models?|machines?)\b/i;

/** A blessing sentence or line opening on the imperative "Bless …" ("Bless the kettle. Bless the hands."). */
const blessOpening = /(?:^|[.!?]["”’]?\s+|\n\s*)Bless\b/;

/** A tldr that announces its own form first: "A/An <kind> …" or "A <one to three words> <kind> …" (a song's
 *  form names count as its kind: "A lazy bossa nova that…", "A slow piano ballad about…"). */
const kindWords =
  "song|chant|prayer|grace|litany|psalm|practice|exercise|ritual|rite|closing|blessing|essay|hymn|meditation|" +
  "waltz|ballad|lullaby|shanty|lament|blues|shuffle|bossa nova|duet|carol|anthem";
const kindFirstTldr = new RegExp(`^["“']?An?\\s+(?:[\\w’'/-]+,?\\s+){0,3}(?:${kindWords})s?\\b`, "i");

export function opensWithBless(body: string): boolean {
  return blessOpening.test(body);
}

export function tldrOpensWithKind(tldr: string): boolean {
  return kindFirstTldr.test(tldr.trim());
}

// "Not X, but Y": the corrective turn that sets up one thing to knock it down for another ("not a reward but a
// gift", "not to escape them, but to come back"). The same two words also make ordinary sentences ("I would not
// have chosen it, but I would keep it"; "not only … but also"), so a hit needs the two halves to be parallel.
const negation = /(?:(?<![\w-])not|(?<=[a-z])n[’']t)(?![\w-])/gi;
/** Words that open the kind of phrase a corrective contrasts: articles, infinitives, prepositions, wh-clauses. */
const phraseStarts = new Set(
  (
    "the a an to for as because in on at by with from out about into onto over under through toward towards after before " +
    "what how why whether where when who which my your our their its his her some any every each more less"
  ).split(" "),
);
/** "not only/just X but Y" adds rather than corrects; "if not", "or not" hedge. */
const additive = new Set(["only", "just", "merely", "simply", "solely"]);
/** A clause after "but" that has its own subject concedes ("… not come again, but you walked all of it"). */
const subjects = new Set("i you we they he she it there this that these those nobody everyone someone something".split(" "));
/** After a modal or do-support, a short X is a verb ("did not stay, but the others did"), not a noun phrase. */
const modals = new Set("do does did will would could should can may might must shall wo ca sha".split(" ")); // won’t, can’t, shan’t
/** "It was not easy, but the work got done": after a copula, a short X and a comma concede. */
const copulas = new Set("is was are were be been am s re".split(" "));
const wordsOf = (s: string) => (s.toLowerCase().match(/[a-z’'-]+/g) ?? []).map((w) => w.replace(/^['’-]+|['’-]+$/g, ""));

export function hasNotButContrast(text: string): boolean {
  return notButContrast(text) !== undefined;
}

/** The first "not X, but Y" in a text, as written (for a writer looking for it), or undefined. */
export function notButContrast(text: string): string | undefined {
  for (const m of text.matchAll(negation)) {
    const at = m.index! + m[0].length;
    const before = wordsOf(text.slice(Math.max(0, m.index! - 24), m.index));
    const prev = before[before.length - 1] ?? "";
    if (prev === "if" || prev === "or" || prev === "whether") continue;
    // The rest of the sentence (verse may run across one line break, never across a stanza).
    const rest = text.slice(at, at + 240).split(/[.!?;]|\n\s*\n/)[0];
    const split = rest.match(/^([\s\S]*?)\bbut\b[\s:,—–-]*([\s\S]*)$/i);
    if (!split || (split[1].match(/\n/g) ?? []).length > 1) continue;
    const x = wordsOf(split[1]);
    const y = wordsOf(split[2]);
    if (x.length === 0 || x.length > 16 || y.length === 0 || additive.has(x[0])) continue;
    const found = `${m[0]}${split[1]}but ${y.slice(0, 4).join(" ")}`.replace(/\s+/g, " ");
    if (x[0] === y[0]) return found; // "not because …, but because …", "Not I was …, but I …"
    if (subjects.has(y[0])) continue;
    // "not rolling in but (simply) arriving"; "not blind faith, but well-founded reliance"
    const gerunds = x[0].endsWith("ing") && y.slice(0, 2).some((w) => w.endsWith("ing"));
    const shortBare = x.length <= 3 && !modals.has(prev) && !(split[1].includes(",") && copulas.has(prev));
    if (phraseStarts.has(x[0]) || gerunds || shortBare) return found;
  }
  return undefined;
}

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
  { name: "the people/agents turn in the essay", kinds: ["song"], test: (p) => hasAudienceTurn(songEssay(p.body)) },
  { name: "a verbatim axiom", kinds: "all", test: (p, axioms) => quotesAxiom(p.body, axioms) },
  { name: 'the "X is not A. It is B." construction', kinds: "all", test: (p) => notAItIsB.test(p.body) },
  { name: 'a sentence or line opening "Bless"', kinds: ["blessing"], test: (p) => opensWithBless(p.body) },
  { name: 'the "not X, but Y" construction', kinds: "all", test: (p) => hasNotButContrast(p.body) },
  { name: 'a tldr opening "A/An <kind> …"', kinds: "all", test: (p) => tldrOpensWithKind(p.tldr ?? "") },
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
