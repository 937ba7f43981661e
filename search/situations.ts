// The everyday situations a visitor tells when asking for a piece, in the words people commonly use for each (a death,
// a move, a new baby, an illness, a falling-out…): a hand-kept list of general vocabulary, written from how such things
// are said, not from any evaluation's questions. Each group's words stand in for one another when a piece is found by
// its topic (piece-rank.ts), so "my mum passed away" meets a piece whose requests say "died" and "bereaved", and "the
// movers come at 8" one whose say "moving out". Only there: guides' sentences are matched on their own words.
import { linksWithin } from "./synonyms.ts";
import { askStem } from "./text.ts";

const GROUPS = [
  "died die dies dying death dead deceased funeral bereaved bereavement widowed widow widower mourning mourn grief grieve grieving",
  "move moving moved movers removal removals relocate relocating relocation packing unpacking boxes",
  "baby babies newborn infant nursing breastfeeding feed feeding feeds nappy nappies diaper",
  "sleep sleepless insomnia awake asleep",
  "forgive forgiving forgiveness grudge grudges resentment resent wronged betrayed betrayal",
  "ill illness sick sickness hospital ward diagnosis diagnosed chemo chemotherapy treatment surgery operation biopsy scan",
  "exam exams test tests finals revision revising",
  "redundant redundancy fired sacked laid unemployed jobless",
  "breakup divorce divorced separated heartbreak heartbroken",
  "lonely alone loneliness isolated",
  "pet dog dogs cat cats puppy kitten vet",
  "carer caring caregiver dementia",
  "wait waiting queue delayed delay",
  "flight flying plane airport",
  "angry anger furious rage snapped",
  "anxious anxiety panic worried worry nervous dread dreading",
  "grateful gratitude thankful thanks",
  "wedding married marry marrying",
  "pregnant pregnancy birth born",
  "son daughter kids children child",
  "mum mom mother dad father parent parents",
  "nan nana gran granny grandma grandmother grandad grandpa grandfather grandparent grandparents",
].map((group) => group.split(" "));

/** Phrases said for one word of a group ("passed away" for died). */
const PHRASES: Array<[RegExp, string]> = [
  [/\b(?:passed|pass(?:es|ing)?) (?:away|on)\b/gi, "died"],
  [/\b(?:laid|let) (?:me )?(?:off|go)\b/gi, "redundant"],
  [/\bfell out\b|\bfalling out\b|\bfallen out\b/gi, "breakup"],
  [/\bsmall hours\b|\bmiddle of the night\b/gi, "night"],
  // Phrasal verbs said for one word: "giving the drill back" is returning it, "try again" retrying.
  [/\b(?:give|gives|giving|gave|given|hand|hands|handing|handed|bring|brings|bringing|brought)\s+(?:[\w'’]+\s+){0,3}?back\b/gi, "returning"],
  [/\b(?:try|tries|trying|tried)\s+(?:it\s+|that\s+)?again\b/gi, "retry"],
];

const LINKS = linksWithin(GROUPS);

/** How far a word of a situation stands in for another of it: a near synonym, a little less than the hand-kept list's. */
export const SITUATION = 0.7;

/** The text with phrases said for one word of a situation rewritten as that word. */
export function situationPhrases(text: string): string {
  return PHRASES.reduce((t, [phrase, word]) => t.replace(phrase, word), text);
}

/** The stems a typed word's situation links it to, with their weight. */
export function situationLinks(word: string): Array<[string, number]> {
  return [...(LINKS.get(askStem(word.toLowerCase())) ?? [])].map((t) => [t, SITUATION]);
}
