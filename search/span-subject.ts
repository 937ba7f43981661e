// A guide that gives each span of the day a section of its own ("00:00 to 04:00 — the deep watch") says what each
// span's services lean toward in sentences that lean on their heading ("Services here tend toward beginnings…") or
// name only their own span ("Services in the morning tend toward…"). Quoted for a question after another span ("what
// is the stretch from midnight to 4am called and what are its services like?"), such a sentence is read as that
// span's. A question that names a span (hour-names.ts says a clock time with its span's name) is answered from the
// sections of the spans it names, or by sentences that name one of them. Pure functions for ground-part.ts.
import type { Candidate } from "./candidate.ts";
import { namedSpans, type NamedSpan } from "./hour-names.ts";

/** The spans the text names ("deep watch"), among those the headings name. */
function spansNamed(text: string, spans: readonly NamedSpan[]): NamedSpan[] {
  const said = text.toLowerCase();
  return spans.filter((s) => nameWords(s.name).test(said));
}

/** A span's name as whole words, made once per name: it is tested against every candidate sentence of an answer. */
function nameWords(name: string): RegExp {
  let words = NAME_WORDS.get(name);
  if (!words) NAME_WORDS.set(name, (words = new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`)));
  return words;
}
/** The headings' span names: six watches, so the map stays small. */
const NAME_WORDS = new Map<string, RegExp>();

/**
 * Whether a candidate may answer a part of a question naming spans: it stands under no span's heading, or under one the
 * question names, or itself names one the question names. A question naming no span keeps every candidate.
 */
export function ofSpanAsked(part: string, whole: string, candidates: readonly Candidate[]): (c: Candidate) => boolean {
  const spans = namedSpans(new Set(candidates.map((c) => c.heading)));
  // A part naming none asks after those of the whole question ("…from midnight to 4am, and what are the services in it like?").
  const ofPart = spansNamed(part, spans);
  const asked = ofPart.length ? ofPart : spansNamed(whole, spans);
  if (!asked.length) return () => true;
  return (c) => {
    const [under] = namedSpans([c.heading]);
    if (!under) return true;
    const own = (s: NamedSpan) => asked.some((a) => a.name === s.name);
    return own(under) || spansNamed(c.sentence, spans).some(own);
  };
}
