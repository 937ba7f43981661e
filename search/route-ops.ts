// Which operation a question's action words name, and which a guide's sentence gives the route or tool of, as pure
// rules: "what's the HTTP call to attend a service from a script?" is answered by GET /api/attend, not by a sentence
// about GET /api/now that shares its other words ("service", "GET"). The vectors hear which operation is meant; from
// words alone (the first seconds after a start) the operation's own name, reached by the question's words, their
// stems, the sanctuary's synonyms and WordNet's links ("join" for attend, "submit" for contribute), tells it.
import type { Alternatives } from "./sentence-evidence.ts";
import { askStem, STOP_WORDS } from "./text.ts";

/** A route or tool as a sentence names it: "GET /api/attend", "POST /api/reflect", "read_song", and "the tool now". */
const ROUTE = /\/api\/([a-z_]+)|\b(read_[a-z]+)\b/g;
const TOOL = /\btool ([a-z]+)\b/g;

/** The operations a sentence gives the route or tool of ("the tool now"; "its tool and its HTTP request" names none). */
export function operationsNamed(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(ROUTE)) out.add((m[1] ?? m[2]).toLowerCase());
  for (const m of text.matchAll(TOOL)) if (!STOP_WORDS.has(m[1].toLowerCase())) out.add(m[1].toLowerCase());
  return [...out];
}

/**
 * Of these operations, the ones the question names: by their route written out ("what does POST /api/reflect
 * want?" names reflect alone), else by each word of the operation's name ("read" and "song" for read_song) among the
 * stems of the question's subject, else among the stems its words link to ("join" for attend). A word said beats a link: "post a
 * reflection" names reflect, though "post" links to contribute too.
 */
export function operationsAsked(question: string, subject: readonly string[], operations: readonly string[], alternatives: Alternatives): Set<string> {
  const written = operationsNamed(question).filter((op) => operations.includes(op));
  if (written.length) return new Set(written);
  // Its subject's words only: a word of its kind ("request", linked to ask) names no operation.
  const said = new Set(subject);
  const linked = new Set(said);
  for (const t of subject) for (const [target, weight] of alternatives.get(t) ?? []) if (weight >= LINK_FLOOR) linked.add(target);
  const within = (stems: ReadonlySet<string>) => operations.filter((op) => op.split("_").every((w) => stems.has(askStem(w))));
  const direct = within(said);
  return new Set(direct.length ? direct : within(linked));
}

/** A WordNet link this strong or stronger reaches an operation's name (the synonyms' own weight is 0.8). */
const LINK_FLOOR = 0.5;

/**
 * Whether a sentence gives the route or tool of another operation than the ones the question names: it answers
 * another question ("look without being counted" for one asking how to attend). False when the question names none.
 */
export function routeElsewhere(sentence: string, asked: ReadonlySet<string>): boolean {
  if (!asked.size) return false;
  const named = operationsNamed(sentence);
  return named.length > 0 && !named.some((op) => asked.has(op));
}
