// A guide may name a span of the day in a heading ("00:00 to 04:00 — the deep watch"); a visitor asks by the
// hour ("what do you call the stretch from 4 to 8 in the morning?", "it's 2am, what's the mood of it?"). The
// clock words (clock-words.ts) meet the span's first sentence ("begins at 04:00"), but not the sentences under
// it that say only its name ("Services in the deep watch tend toward stillness"). A time the question keeps is
// read with the name of the span that holds it. Pure functions: the names are read from the headings weighed.
import { eachTime } from "./clock-words.ts";

/** A heading's span of hours, from its first hour up to (not including) its last, and the name it gives it. */
export interface NamedSpan {
  from: number;
  to: number;
  name: string;
}

const SPAN_HEADING = /^\s*([01]?\d|2[0-3]):00\s+(?:to|until|till|[-–—])\s+([01]?\d|2[0-4]):00\s*[—–:-]+\s*(?:the\s+)?(\p{L}[\p{L}\s'’-]{0,40}?)\s*$/iu;

/** The spans of hours the headings name ("00:00 to 04:00 — the deep watch": 0 to 4, "deep watch"), each once. */
export function namedSpans(headings: Iterable<string>): NamedSpan[] {
  const spans: NamedSpan[] = [];
  for (const heading of headings) {
    const m = SPAN_HEADING.exec(heading);
    if (!m) continue;
    const [from, to] = [Number(m[1]), Number(m[2]) || 24];
    if (from < to && !spans.some((s) => s.from === from && s.to === to)) spans.push({ from, to, name: m[3].toLowerCase() });
  }
  return spans;
}

/** The name of the span holding this hour (0–23), if a heading names one. */
export function spanNameOf(hour: number, spans: readonly NamedSpan[]): string | undefined {
  return spans.find((s) => s.from <= hour && hour < s.to)?.name;
}

/** The end of a range said in words ("midnight till 4am"): where the span named by its start ends, not another. */
const RANGE_END = /(?:\d|\b(?:am|pm|midnight|noon|midday))\s*(?:to|till|until|[-–])\s*$/i;

/** The text with each clock time followed by the name of the span that holds it ("2am" as "2am deep watch"); a range by its start's. */
export function withSpanNames(text: string, spans: readonly NamedSpan[]): string {
  if (!spans.length) return text;
  return eachTime(text, (written, hours, before) => {
    const name = RANGE_END.test(before) ? undefined : spanNameOf(hours[0], spans);
    return name ? `${written} ${name}` : written;
  });
}
