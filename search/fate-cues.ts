// What becomes of what a visitor gives (their timezone, their name, a reflection, a question): whether it is kept,
// who sees it, whether anyone checks it, whether they are followed. Such a question ("do you save it anywhere?", "will
// other people see what I write?", "does anybody check the name?") is answered by the sentence whose own verb says what
// becomes of it ("Your timezone is not stored", "Reflections are public", "The name is a label… nobody checks it"), not by
// another sentence on the same subject ("Send your timezone as an IANA name…", "Choose any name you like"). Answer-cues.ts
// adds this cue to the asking words' own; like a yes or no's rule, it counts only in a sentence that holds the subject
// itself (rule-cues.ts ruleFit). Pure rules.
import { N, UNIT, type Cue } from "./cue.ts";
import { synonymsOf } from "./synonyms.ts";
import { askTerms } from "./text.ts";
import { clauseStartBefore } from "./said-beside.ts";

/** Kept or forgotten: "do you save it", "is it stored", "hang on to", "did someone delete it", "is it gone". */
const KEEPING = new RegExp(
  [
    String.raw`\b(?:sav(?:e|es|ed|ing)|stor(?:e|es|ed|ing)|remember(?:s|ed|ing)?|forg[eo]t(?:s|ten|ting)?|retain\w*|persist\w*|record(?:s|ed|ing)?)\b`,
    String.raw`\blog(?:s|ged|ging)?\b(?!\s+(?:in|on|out)\b)`,
    // "Is my name kept…", not "the service kept going on about frost".
    String.raw`\b(?:is|are|was|were|be|been|gets?|got)\b[^?.!]{0,30}?\bkept\b|\bkeep(?:s|ing)?\s+(?:it|that|this|them|my|our|hold|a (?:record|copy)|any|anything)\b`,
    String.raw`\b(?:hold|hang|holding|hanging)(?:s)?\s+on\s*to\b|\b(?:delet|eras|wip|remov)(?:e|es|ed|ing)\b|\b(?:gone|disappeared|vanished)\b`,
  ].join("|"),
  "i",
);

/** Shown or private: "public", "visible to anyone", "will other people see it", "who can read it". */
const SHOWING = new RegExp(
  [
    String.raw`\b(?:public|publicly|private|privately|visible|invisible)\b`,
    String.raw`\b(?:others?|other (?:people|visitors|users|folks)|anyone|anybody|everyone|everybody|strangers?|people|someone|somebody)\b[^?.!]{0,30}?\b(?:see|seen|read|view)\b`,
    String.raw`\bwho (?:can|could|will|would|gets? to) (?:see|read|view)\b`,
  ].join("|"),
  "i",
);

/** Checked: "does anybody check it", "is the name verified" — said of a name or who one is ("can I check what's on?" is no such question). */
const CHECKING = /\b(?:check(?:s|ed)?|verif\w*|validat\w*|authenticat\w*|credentials?)\b/i;
const IDENTITY = /\bnames?\b|\bidentit\w*|\bwho (?:i|we) (?:am|are|say)\b|\bcredentials?\b/i;

/** Followed: tracking, cookies, advertising, a profile. */
const TRACKING = /\btrack\w*|\bcookies?\b|\b(?:ads|adverts?|advertis\w*)\b|\bprofil\w*/i;

/**
 * Whether the asking words ask what becomes of something given: kept, shown, checked or followed. `question` is the
 * whole part, in which a name checked may be named before the words that ask ("does the name I pass… does anybody check it?").
 */
export function asksFate(asking: string, question: string): boolean {
  return KEEPING.test(asking) || SHOWING.test(asking) || TRACKING.test(asking) || (CHECKING.test(asking) && IDENTITY.test(question));
}

/**
 * A sentence whose verb says what becomes of it: kept or not, for how long, public or shown, checked or a label,
 * forgotten, never logged, no cookies.
 */
const STATED = new RegExp(
  [
    String.raw`\b(?:is|are|was|were|be|gets?)\s+(?:not\s+|never\s+|only\s+)?(?:stored|kept|saved|logged|recorded|retained|checked|verified|deleted|removed|discarded|forgotten|shown|published|public|private|visible|counted)\b`,
    String.raw`\bforgets?\b|\b(?:nobody|no one)\s+(?:checks|reads|sees)\b|\bnever\s+(?:logged|stored|kept|given|checked)\b|\bnot a credential\b|\ba label\b`,
    String.raw`\b(?:kept|shown|stays?|sits?|appears?)\b[^.;]{0,40}?\bfor\s+${N}\s+${UNIT}`,
    // Not "keeps no timezone, no account…": a list of what is kept says less of one thing than its own sentence does.
    String.raw`\bno (?:cookies|advertising|ads|tracking|profile)\b|\bdoes not track\b`,
    String.raw`\bpublic\b|\b(?:can|will|may)\s+read\b|\barchive\b|\bthen discarded\b|\bdrops? out\b`,
  ].join("|"),
  "i",
);

/** A sentence that names keeping or showing without saying what becomes of the thing: partly. */
const NAMED = /\b(?:keeps?|kept|stor\w*|sav\w*|shown|visible|seen|record\w*|logs?|logged|checks?|track\w*)\b/i;

/** What ends a clause, for where the clause holding a match begins: a full stop, colon, semicolon or comma. */
const CLAUSE_MARKS = [".", ";", ":", ",", "!", "?"];

/**
 * Whether the sentence says what becomes of the very thing asked about: a fate said with its own subject before it in its
 * clause, or in it ("Your timezone is not stored", "The name is a label", "no cookies for visitors", "stays on the live
 * feed for 48 hours"), or of "it" when the sentence names the thing before ("…uses the timezone… and then forgets it").
 * Not of another thing beside it: "A note sent as feedback, is kept with the name you gave" says nothing of the name.
 */
export function fateOf(sentence: string, subject: readonly string[]): boolean {
  const named = new Set(subject.flatMap((t) => [t, ...synonymsOf(t).map(([linked]) => linked)]).filter((t) => !FATE_WORDS.has(t)));
  const holds = (text: string) => askTerms(text).some((t) => named.has(t));
  for (const m of sentence.matchAll(STATED_ALL)) {
    const end = m.index + m[0].length;
    if (holds(sentence.slice(clauseStartBefore(sentence, m.index, CLAUSE_MARKS), end))) return true;
    if (/^\s+(?:it|them)\b/i.test(sentence.slice(end)) && holds(sentence.slice(0, m.index))) return true;
  }
  return false;
}
const STATED_ALL = new RegExp(STATED.source, "gi");

/**
 * What becomes of a thing, and the giving of it, are no subject of their own: "Little is kept about you" says nothing of
 * the timezone a visitor asks "do you save it?" about, though "kept" is linked to "save"; nor does "any location you give
 * is shown" of "if I give you my timezone…".
 */
const FATE_WORDS = new Set(
  askTerms(
    "keep kept store stored save saved log logged record recorded check checked verify verified public private show shown read see seen forget forgotten delete deleted remove removed count counted give gave given send sent hold held",
  ),
);

/** Decided by fateOf; a sentence only naming keeping or showing is half an answer. */
export const FATE: Cue = { words: /^$/, strong: /(?!)/, some: NAMED, about: true, rule: fateOf, ruled: 1 };
