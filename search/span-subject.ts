// A guide that gives each span of the day a section of its own ("00:00 to 04:00 — the deep watch") says what each
// span's services lean toward in sentences that lean on their heading ("Services here tend toward beginnings…") or
// name only their own span ("Services in the morning tend toward…"). Quoted for a question after another span ("what
// is the stretch from midnight to 4am called and what are its services like?"), such a sentence is read as that
// span's. A question that names a span (hour-names.ts says a clock time with its span's name) is answered from the
// sections of the spans it names, or by sentences that name one of them. Pure functions for ground-part.ts.
import type { Candidate } from "./candidate.ts";
import { askingClause } from "./answer-type.ts";
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
 * question names, or itself names one the question names. A question naming no span keeps every candidate. A part
 * asking after the span itself (`own`: watch-asked.ts) keeps only those under a span it names, or naming one.
 */
export function ofSpanAsked(part: string, whole: string, candidates: readonly Candidate[], own = false): (c: Candidate) => boolean {
  const spans = namedSpans(new Set(candidates.map((c) => c.heading)));
  const asked = spansAsked(part, whole, spans);
  if (!asked.length) return () => true;
  return (c) => {
    const [under] = namedSpans([c.heading]);
    const isAsked = (s: NamedSpan) => asked.some((a) => a.name === s.name);
    if (!under && !own) return true;
    return (under !== undefined && isAsked(under)) || spansNamed(c.sentence, spans).some(isAsked);
  };
}

/** The spans a part asks after: those it names, or those of the whole question when it names none ("…from midnight to 4am, and what are the services in it like?"). */
function spansAsked(part: string, whole: string, spans: readonly NamedSpan[]): NamedSpan[] {
  const ofPart = spansNamed(part, spans);
  return ofPart.length ? ofPart : spansNamed(whole, spans);
}

/** Asked after a span's name: "what do you call…", "is there a name for…", "which watch am I in?". */
const NAME_ASKED = /\b(?:call|called|name|named|names|(?:which|what)(?:['’]s| is)?\s+(?:watch|slot)\b)/i;

/**
 * A part asking after a span ("what do you call this part of the night?", "is what plays at this hour meant for someone
 * like me?") read with the guide's words for a span, for each span it asks after: for its name, the sentence that says
 * it begins ("the deep watch begins"); for what it is like, the one that says what its services tend toward. Without
 * vectors its own words ("call", "plays", "meant") meet none of that span's sentences.
 */
export function withSpansAsked(part: string, whole: string, candidates: readonly Candidate[]): string {
  const spans = spansAsked(part, whole, namedSpans(new Set(candidates.map((c) => c.heading))));
  const asking = askingClause(part);
  const said = spans.map((s) => (NAME_ASKED.test(asking) ? `the ${s.name} begins` : `services in the ${s.name} tend toward`)).join("; ");
  // Its asking words only: the scene before them ("up feeding the baby again") chooses nothing among one span's sentences.
  return said ? `${asking.replace(/[?.!\s]+$/, "")} (${said})?` : part;
}
