// "It's just past two. What do you call this part of the night, and what are the services at this hour like?" asks
// after the watch that holds the hour told: its name and what its services lean toward, said in that watch's own
// section of the guide ("00:00 to 04:00 — the deep watch"). Scored among every sentence, a scene's words (grief, a
// phone, a night shift) or the asking words ("called") drew sentences from elsewhere: the list "called order", the
// guide's opening on the watches in general, "a service filled by rotation has no name". Such a part is answered
// from the sections of the watches the question names (span-subject.ts), when one there answers it. Pure function.
import { askingClause } from "./answer-type.ts";
import { onTheHour } from "./clock-words.ts";
import { timesWritten } from "./part-time.ts";
import { messageSentences } from "./text.ts";

/**
 * A watch or a stretch of the day pointed at, not counted or timed: "which watch", "what slot", "this part of the
 * night", "that stretch", "at this hour", "in that watch", "this time of night". "What time…" and "the hours" are not:
 * they ask when, or after the watches in general.
 */
const THE_WATCH = new RegExp(
  [
    String.raw`\b(?:which|what)(?:['’]s| is)?\s+(?:watch|slot)\b`,
    String.raw`\b(?:this|that|the|which|what)\s+(?:part|bit|stretch|portion|period|span|window|watch|slot)\b(?!s)`,
    String.raw`\b(?:this|that)\s+(?:hour|time|slot)\b`,
    String.raw`\b(?:part|bit|stretch|portion|period|time) of (?:the |my )?(?:day|night|morning|evening|afternoon)\b`,
  ].join("|"),
  "i",
);

/** Asking when or how long ("when does that watch begin?", "how long is this slot?"): the times answer, said of every watch. */
const WHEN_OR_HOW_LONG =
  /^\W*(?:(?:and|but|so|also)\s+)?(?:when\b|how (?:long|many|much|often)\b|what times?\b|at what time\b)|\b(?:start|starts|begin|begins|end|ends|last|lasts)\b[^?]*\?\s*$/i;

/** What a watch is like, asked: "what are they about?", "what themes…", "what's the mood", "what do they lean toward". */
const CHARACTER = /\b(?:like|about|themes?|mood|moods|feel|tend|tends|lean|leans)\b/i;
/** The services of the hour, as the asking words name them. */
const SERVICES = /\b(?:services?|they|it|themes?|mood)\b/i;
/** A watch or an hour in the asking words themselves, as read by then (question-times.ts: "at 9 at night clocktwenty closing watch"). */
const HOUR_SAID =
  /\bwatch\b|\bclock(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty[a-z]*)\b/i;

/**
 * Whether a part of a question asks after the watch of an hour itself: its name or what its services are like, pointing
 * at it ("this part of the night") or asking what it is like at an hour it says ("what themes should I expect at 9pm?").
 */
export function asksOfTheWatch(part: string): boolean {
  const asking = askingClause(part);
  if (WHEN_OR_HOW_LONG.test(asking)) return false;
  // What the services are like, asked after a part that told the hour ("What is that watch called, and what themes should I expect?").
  return THE_WATCH.test(asking) || (CHARACTER.test(asking) && (HOUR_SAID.test(asking) || (SERVICES.test(asking) && HOUR_SAID.test(part))));
}

/**
 * The sentence of a message that asks after the watch of an hour the scene before it told, with those times said after
 * it ("It's a bit after 2 in the morning here and I can't sleep… What do you call this part of the night?" asks "What do
 * you call this part of the night at 2 in the morning?"), to be asked alone when the whole message found nothing
 * (ground.ts): alone it had lost the hour, and was answered by any sentence with "called" or "name" in it. However few
 * its own words ("which watch is it for me?"): the hour is the subject. Undefined when no such sentence is.
 */
export function askedWithToldHour(question: string): string | undefined {
  const sentences = messageSentences(question);
  const at = sentences.map((s) => /\?\s*$/.test(s)).lastIndexOf(true);
  if (sentences.length < 2 || at < 0) return undefined;
  const asking = sentences[at]!;
  if (!THE_WATCH.test(asking) || timesWritten(onTheHour(asking)).length) return undefined;
  // "11pm." as written at a sentence's end: its full stop is no part of the time.
  const times = timesWritten(onTheHour(sentences.slice(0, at).join(" "))).map((t) => t.replace(/\.$/, ""));
  return times.length ? `${asking.replace(/[?.!\s]+$/, "")} at ${[...new Set(times)].join(" and ")}?` : undefined;
}
