// Guides stay silent (corpus/WRITING.md, "Directions"): a recording speaks every unmarked line, so a line
// telling the one who leads what to do, or saying what the group does, must be a marked direction or be
// written for one listener. Pure: lines in, reasons out.
import { markOf } from "./silence.ts";

// A line that reads as a stage direction in any read kind: what a guide or a group does at the line's start,
// or a whole line in parentheses. Lines a listener is asked to do ("Breathe in.") stay unmarked.
const STAGE =
  /^(?:(?:[-*+]|\d+[.)])\s+)?[*_]*\(?\s*(?:the guide|the leader|guide:|leader:|all:|everyone (?:answers|says|hums|sings|rises|stands|sits|repeats|responds|joins|turns|together)|each person (?:turns|picks|says|takes|hums|bows|nods)|(?:the (?:whole )?circle|the group|the one (?:who|leading|reading)[^,.;:]{0,40}?) (?:answers|says|reads|repeats|responds|rises|stands|sits|picks|passes|holds|lights|rings|begins|hums|sings|bows|nods|speaks))\b/i;

/** Why a line of a spoken piece is an unmarked direction or an unknown bracket form, or null when it is fine. */
export function unmarkedDirection(line: string): string | null {
  const t = line.trim();
  if (!t || markOf(t)) return null;
  if (/^\[[^\]]*\]$/.test(t)) return `"${t}" is not a known form: use [direction: what happens — 20 seconds] or [silence: 30 seconds]`;
  if (/^[*_]*\([^)]*\)[*_.]*$/.test(t)) return `"${t}" reads as a stage direction: mark it [direction: …] or write it for one listener`;
  if (STAGE.test(t)) return `"${t.slice(0, 60)}…" reads as a stage direction: mark it [direction: … — time] or write it for one listener`;
  return null;
}

// In a ritual (led for a group, heard alone), a sentence whose subject is the one leading or the group and
// whose verb is in the third person is a direction wherever it stands in the line: "The guide simply says
// the right number", "The one who chose it now picks it up", "The whole circle answers", "Then they say:".
const leader = [
  "the (?:guide|leader|host|facilitator)",
  // "the one who chose it", "the one leading": at least one word of the clause before the verb
  "the one (?:who|leading|reading|holding)(?:\\s+[\\w’'-]+){0,6}?",
  "the (?:whole |rest of the )?(?:circle|group|gathering)",
  "the whole room",
  "everyone(?: else)?",
  "everybody(?: else)?",
  "each (?:person|one|voice)",
  "the (?:last|first|next|final) (?:one|person|voice|reader)",
  "the person (?:beside|next to|on (?:the|their|your) (?:left|right))(?:\\s+[\\w’'-]+){0,2}?",
].join("|");
const adverbs = "(?:\\s+(?:now|then|also|simply|all|again|quietly|slowly|gently|together|only|first|just|anyway)){0,2}";
/** A third-person verb: a word ending in -s that is not one of the common -s words that are no verbs. */
const verb = "\\s+(?!(?:is|was|has|this|us|its|his|as|always|less|across|perhaps|yes|thus|unless|plus|news)\\b)[a-z]+s\\b";
/** Words before a subject that make it the object or a clause ("which everyone remembers", "as everyone does"). */
const notSubject = new Set("which that who whom as than when where while if are is be was were to for with of by from about like until trust".split(" "));
const leaderVerb = new RegExp(`(?<![\\w’'-])(${leader})${adverbs},?${verb}`, "gi");
/** "Then they say:", "They set the stone back": a plural they with a verb of the rite, opening a sentence. */
const theyDo =
  /(?:^|[.!?:]\s+|[*_]\s*)(?:then |and )?they (?:say|set|hold|pass|read|hand|lift|place|speak|repeat|answer|stand|sit|bow|nod|light|blow|put|take|carry|turn|ring|strike|close|open|begin|end|stack|wipe|switch)\b/i;
/** "let each person close a window": an instruction to the one leading about the group. */
const letThem = /\blet (?:each person|everyone|everybody|the (?:whole )?(?:circle|group|room)|the (?:guide|leader|host))\b/i;

/** Why a ritual line is an unmarked instruction to a leader in the third person, or null. */
export function leaderLine(line: string): string | null {
  const t = line.trim();
  if (!t || /^#/.test(t) || markOf(t) || /^<!--/.test(t)) return null;
  const quote = (s: string) => `"${s.length > 70 ? `${s.slice(0, 70)}…` : s}"`;
  for (const m of t.matchAll(leaderVerb)) {
    const before =
      t
        .slice(0, m.index)
        .toLowerCase()
        .match(/([a-z’']+)\W*$/)?.[1] ?? "";
    if (notSubject.has(before)) continue;
    return `${quote(m[0].trim())} tells what the one leading or the group does, in the third person: mark it [direction: …] or write it to the listener`;
  }
  const they = theyDo.exec(t) ?? letThem.exec(t);
  if (they) return `${quote(they[0].replace(/^[.!?:*_\s]+/, ""))} is an instruction to the one leading: mark it [direction: …] or write it to the listener`;
  return null;
}

/** Every direction problem of a read piece's listeners' text, each with its 1-based line in that text. */
export function directionProblems(kind: string, text: string): { line: number; why: string }[] {
  const out: { line: number; why: string }[] = [];
  text.split("\n").forEach((line, i) => {
    const why = unmarkedDirection(line) ?? (kind === "ritual" ? leaderLine(line) : null);
    if (why) out.push({ line: i + 1, why });
  });
  return out;
}
