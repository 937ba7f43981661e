// What a "how long" is about: a span of time ("how long does a service last?"), the running time of one piece or
// part ("how long is each song?") or the size of a text ("how long can my contribution be?"). The guides say the
// first in minutes or hours, the second as a length in seconds given beside each part, the third in characters;
// one cue for all three let "20 to 1000 characters" answer "how long does a pop song last?" and a service's 15 to
// 40 minutes answer "if I submit a prayer, how long can it be?". Pure functions for answer-cues.ts.
import { N, type Cue } from "./cue.ts";
import { ASKS_LIMIT, SIZE_GIVEN } from "./limit-words.ts";

export type LengthKind = "size" | "piece-time" | "time";

/** Verbs of running, after "how long": "does it last", "does a song run" (a piece's running time, or a service's). */
const RUN_VERB = /\bhow long\b[^?]*\b(?:last|lasts|lasted|take|takes|took|run|runs|running|play|plays|go on|goes on)\b/i;

/** Words of waiting or keeping, after "how long": "is it kept", "on the feed", "before it comes round again", "for how long": a span of time whatever it is of. */
const WAIT_VERB =
  /\bhow long\b[^?]*\b(?:stay|stays|kept|keep|keeps|remain|remains|wait|until|till|before|after|since|ago|hang|hold|holds|held|retain|retains|retained|remember|remembers|store|stores|stored|save|saves|saved|visible|shown|deleted|(?:on|in) the (?:live )?(?:feed|archive|count))\b|\bfor how long\b/i;

/** A share of one's time: "how big a chunk of my evening", "how much of my lunch", "will it take up". */
const TIME_SHARE =
  /\bhow (?:much|(?:big|large) an? \w+) of (?:my|your|the|an?|one) (?:time|evening|morning|night|day|afternoon|hour|lunch|break)|\b(?:take|takes|took) up\b/i;

/** Words that measure text: "characters", "a word count", "too long to send", a size. */
const SIZE_WORD =
  /\b(?:characters?|chars|word count|character count|how many words|size|how big|too long to (?:send|submit|post|contribute|offer)|(?:too|that) long for (?:a|an|the|my) (?:reflection|contribution|submission|title|name|question))\b/i;

/** What a visitor writes and sends: its length is a size. */
const TEXT_NOUN =
  /^(?:reflections?|contributions?|submissions?|titles?|names?|text|texts|content|body|bodies|messages?|questions?|comments?|descriptions?|bios?|notes?|posts?|reports?|feedback|queries|query|location|drafts?)$/i;

/** What runs in time whatever is asked of it. */
const TIME_NOUN = /^(?:services?|slots?|watch|watches|silences?|breaks?|sessions?|loops?|conversations?|days?|hours?|feed)$/i;

/** A piece or part of a service: its length is its running time, unless asked what one may write ("how long can my prayer be?"). */
export const PIECE_NOUN =
  /^(?:songs?|chants?|prayers?|blessings?|rituals?|practices?|hymns?|readings?|closings?|pieces?|parts?|recordings?|tracks?|audio|lyrics|poems?|essays?|stor(?:y|ies))$/i;

/** "Can it be", "is it allowed to be", "should a title be": a limit on what one may make. */
const MAY_BE = /\b(?:can|could|may|might|must|should|allowed to|permitted to|able to)\b[^?]*\bbe\b|\ballowed\b|\blimit|\bmax(?:imum)?\b/i;

/** Sending one's own text: "if I submit a prayer", "a poem I send in", "my piece". */
const SENDING =
  /\b(?:submit|submitted|submitting|send|sent|sending|contribute|contributed|contributing|offer|offered|post|posted|posting|write|wrote|written)\b/i;

/** The nouns after "how long" (possessives skipped, "the name on my submission" → name, submission), then those before it. */
function nounsOf(asking: string, whole: string): string[] {
  const at = asking.search(/\bhow long\b/i);
  const after = at >= 0 ? asking.slice(at + 8) : asking;
  const words = (s: string) => s.toLowerCase().match(/[a-z]+(?:'s)?/g) ?? [];
  return [...words(after), ...words(whole.slice(0, Math.max(0, whole.lastIndexOf(after))))].filter((w) => !w.endsWith("'s"));
}

/** What the length asked after is: a text's size, a piece's running time, any span of time; undefined when nothing tells. */
export function lengthAsked(asking: string, whole: string = asking): LengthKind | undefined {
  if (WAIT_VERB.test(asking) || TIME_SHARE.test(asking)) return "time";
  if (RUN_VERB.test(asking)) return PIECE_NOUN.test(firstNoun(asking, whole) ?? "") && !SENDING.test(whole) ? "piece-time" : "time";
  if (SIZE_WORD.test(asking) || SIZE_GIVEN.test(whole)) return "size";
  const noun = firstNoun(asking, whole);
  if (noun && TIME_NOUN.test(noun)) return "time";
  // A cap on what is sent ("the longest piece I can send in?") is a size, whatever the piece.
  if ((noun && TEXT_NOUN.test(noun)) || ASKS_LIMIT.test(asking)) return "size";
  // A piece one sends is measured as text ("if I submit a prayer, how long can it be?"); one heard, in time.
  if (noun && PIECE_NOUN.test(noun)) return SENDING.test(whole) ? "size" : MAY_BE.test(asking) ? undefined : "piece-time";
  // "If I send one in, how long can it be?": what one sends and may make no longer than a limit.
  return MAY_BE.test(asking) && SENDING.test(whole) ? "size" : undefined;
}

const firstNoun = (asking: string, whole: string) => nounsOf(asking, whole).find((w) => TEXT_NOUN.test(w) || TIME_NOUN.test(w) || PIECE_NOUN.test(w));

const TIME_UNIT = "(?:minutes?|hours?|seconds?|days?|weeks?|months?|years?)";
const SIZE_UNIT = "(?:characters?|words|lines)";
const rx = (s: string) => new RegExp(s, "i");
const span = (unit: string) =>
  String.raw`\b(?:between|from)\s+${N}\s+(?:and|to)\s+${N}\s+${unit}|\b${N}\s+(?:to|or)\s+${N}\s+${unit}|\b${N}\s+${unit}\s+or\s+${N}\b`;

/** The cue for each kind, narrowing the duration's (`family`): a time in time's units, a size in a text's, a piece's time where it is given. */
export function lengthCues(duration: Cue): Record<LengthKind, Cue> {
  // "A part of my evening" names a share of time; of a text or a piece, "part" is what is measured ("each part's length").
  const measured: Cue = {
    ...duration,
    words: new RegExp(duration.words.source.replace(/\|(?:chunk|share|part|slice|bit)(?=[|)])/g, ""), duration.words.flags),
  };
  const time: Cue = {
    ...duration,
    family: duration,
    strong: rx(`${span(TIME_UNIT)}|\\bup to\\s+${N}\\s+${TIME_UNIT}`),
    some: rx(String.raw`\b${N}\s+${TIME_UNIT}\b`),
  };
  // A limit is said "up to 10,000 characters", "20 to 1000 characters"; a kind's usual "150 to 600 words" is no limit.
  const size: Cue = {
    ...measured,
    family: duration,
    strong: rx(
      String.raw`\bup to\s+${N}\s+${SIZE_UNIT}|${span("characters?")}|\b(?:longest|shortest|most|least)\b[^.]*\b${N}\s+characters\b|\b${N}\s+characters\b[^.]*\b(?:longest|shortest)\b`,
    ),
    some: rx(String.raw`\b${N}\s+${SIZE_UNIT}\b`),
  };
  // Each part's length is given in seconds beside it ("each part in order carries its own seconds"), not as a span.
  const pieceTime: Cue = {
    ...measured,
    family: duration,
    strong: /\blength\b[^.]*\bin seconds\b|\bin seconds\b[^.]*\blength\b|\b(?:its own|part's)\s+`?seconds\b|\blength in seconds\b/i,
    some: rx(`${span(TIME_UNIT)}|\\b${N}\\s+${TIME_UNIT}\\b`),
  };
  return { size, time, "piece-time": pieceTime };
}
