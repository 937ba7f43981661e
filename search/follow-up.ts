// A later part of a question that names almost nothing of its own ("…, and how long is each?", "…? how many
// searches?") or opens on the answer to the part before ("If not, what can I send?") names its subject there: it is read with that part, as a
// statement before it, so that its own words still say what it asks (its type and cues: answer-type.ts,
// answer-cues.ts). Pure functions for ground.ts.
import { cuesOf, subjectTerms } from "./answer-cues.ts";
import { partAlone, readWithAntecedent, sceneOf } from "./part-antecedent.ts";
import { withEarlierTimes } from "./part-time.ts";
import { listParts } from "./list-parts.ts";
import { asksNothingOwn, partsOf } from "./question-parts.ts";

/** A later part that opens on the answer to the one before: "If not, what can I send?", "If so, how long…?". */
const REFERS_BACK = /^\W*(?:if (?:not|so)|otherwise|or else)\b/i;

/** One part of a question as it is read: its words, and whether the part before it was read into them. */
export interface PartRead {
  text: string;
  carried: boolean;
  /** Another reading, asked when this one finds nothing (part-antecedent.ts): the part with the earlier one's subject, or alone. */
  otherwise?: string;
  /** The last reading, asked when both find nothing: the part alone, its pronoun said as what it points to, without the scene (part-antecedent.ts partAlone). */
  alone?: string;
}

/**
 * The question's parts, each later part that names almost nothing of its own (fewer than three subject words) or
 * opens on the answer to the part before read after that part (itself as read), its question marks made full stops so the
 * words that ask stay the later part's own.
 */
export function partsRead(question: string): PartRead[] {
  const read: PartRead[] = [];
  for (const whole of partsOf(question)) {
    // A part asking one figure of each thing it lists is one part per thing (list-parts.ts): each holds the whole
    // frame, so the things after the first are read as they stand, never with the part before.
    const [said, ...listed] = listParts(whole);
    const before = read[read.length - 1];
    // "…, and what are the services there like?": the hour the part before named is this part's too (part-time.ts).
    const part = before ? withEarlierTimes(before.text, said) : said;
    // An elliptical part ("…called? And the one at 8 at night?") asks what the part before asks: it is read with it too.
    const refers = before && (subjectTerms(part, cuesOf(part)).length < 3 || REFERS_BACK.test(part) || asksNothingOwn(part));
    // A part pointing back by a pronoun ("…, and can I edit it later?") is read with the earlier part's subject.
    const pointed = before ? readWithAntecedent(before.text, part) : undefined;
    // Read after the whole earlier part it leans toward that part's answer ("If I send in a prayer, does it go up straight
    // away? And is there a size limit?"): when that finds nothing, it is asked after the earlier part's scene only.
    const otherwise = pointed ?? (!before || REFERS_BACK.test(part) ? undefined : withScene(before.text, part));
    const alone = before ? partAlone(before.text, part) : undefined;
    // Read after the earlier part, its pronoun is still said as what it points to ("…how many questions…, and how long can one be?").
    const resolved = pointed !== undefined ? withoutScene(before.text, pointed) : part;
    if (refers)
      read.push({ text: `${before.text.replace(/\?/g, ".")} ${withoutShared(before.text, resolved)}`, carried: true, otherwise, ...(alone && { alone }) });
    // Read so, it holds the earlier part's subject and leans toward its answer too: it is answered by sentences not yet quoted.
    else read.push(pointed ? { text: pointed, carried: true, otherwise: part, ...(alone && { alone }) } : { text: part, carried: false });
    for (const thing of listed) read.push({ text: thing, carried: false });
  }
  return read;
}

/** The part after the scene or condition that opens the earlier part ("If I contribute a prayer, is there a size limit?"), when it has one. */
function withScene(before: string, part: string): string | undefined {
  const scene = sceneOf(before);
  // Never the part alone: "…, and what was the score?" would meet whatever else holds "score".
  if (!scene) return undefined;
  return part.startsWith(scene) ? part : `${scene} ${part}`;
}

/** A part read with the earlier part's subject (readWithAntecedent), without the scene said before it. */
function withoutScene(before: string, pointed: string): string {
  const scene = sceneOf(before);
  return scene && pointed.startsWith(`${scene} `) ? pointed.slice(scene.length + 1) : pointed;
}

/** The part without the scene it shares with the part before ("…? I don't believe in anything" and "I don't believe in anything, do I have to?"): said once. */
function withoutShared(before: string, part: string): string {
  const last =
    before
      .replace(/\?\s*$/, "")
      .split(/(?<=[.!?:;])\s+/)
      .pop() ?? "";
  return last && part.startsWith(last) ? part.slice(last.length).replace(/^[\s,;:]+/, "") : part;
}
