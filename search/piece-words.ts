// The words of asking after a piece, as pure data: the library's kinds as visitors name them, and the words of
// asking that say nothing of a piece's topic (left out when a piece is found by its topic: piece-rank.ts).
import { askTerms } from "./text.ts";

/** The library's kinds of piece, as visitors name them. */
export const KINDS: Array<[string, RegExp]> = [
  ["prayer", /\bprayers?\b/i],
  ["song", /\b(songs?|music|lullab(?:y|ies))\b/i],
  ["chant", /\bchants?\b/i],
  ["blessing", /\bblessings?\b/i],
  ["ritual", /\b(rituals?|ceremon(?:y|ies))\b/i],
  ["practice", /\b(practices?|exercises?|meditations?)\b/i],
  ["hymn", /\bhymns?\b/i],
  ["philosophy", /\b(essays?|philosophy|philosophical)\b/i],
];

/** Words of asking after a piece, which say nothing of its topic. */
export const FINDING = new Set(
  askTerms(
    "is there are any anything something piece pieces library reading readings poem poems words could would say read sing listen pray recite recommend suggest looking " +
      "find know point give share good one kind sort type help have got want need like please thing things meant made moment lol can't cannot won't don't didn't",
  ),
);
/** The kinds' own names, which say nothing of a piece's topic either. */
export const KIND_TERMS = new Set(askTerms(KINDS.map(([, name]) => name.source.replace(/\\b|[()?:|]|s\?/g, " ")).join(" ")));
