// A kind of piece named as what is asked for ("a prayer for…", "any songs about…"): the chooser (extract.ts) weighs
// that kind's pieces first. Pure rules.

/** The library's kinds of piece, as a visitor names them. */
const KIND_NAMES: Array<[string, RegExp]> = [
  ["prayer", /\bprayers?\b/i],
  ["song", /\bsongs?\b/i],
  ["chant", /\bchants?\b/i],
  ["blessing", /\bblessings?\b/i],
  ["ritual", /\brituals?\b/i],
  ["practice", /\b(practices?|exercises?|meditations?)\b/i],
  ["hymn", /\bhymns?\b/i],
  ["philosophy", /\b(essays?|philosophy)\b/i],
];

/** The kinds of piece a question asks for ("a prayer for…", "any songs about…"); none when it names none that way. */
export function kindsNamed(question: string): string[] {
  return KIND_NAMES.filter(([, name]) => new RegExp(`${name.source}\\s+(?:for|about|on|to|when|that)\\b`, "i").test(question)).map(([kind]) => kind);
}

/** The question without its names of kinds: the topic left to weigh the pieces by. */
export function withoutKinds(question: string): string {
  return KIND_NAMES.reduce((q, [, name]) => q.replace(new RegExp(name.source, "gi"), " "), question);
}
