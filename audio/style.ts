// Reads a song's `style` line ("slow folk waltz in D major, 72 bpm, fingerpicked guitar and cello")
// for what the bed needs: key, tempo, beats per bar, the textures its instruments name (in the order
// named), percussion, and a mood. Whatever it does not say gets a default.

/** The style a hymn is sung in when it names none. */
export const HYMN_STYLE = "stately hymn in 4/4, 72 bpm, organ";

export interface Key {
  /** Pitch class of the tonic, C = 0 … B = 11. */
  tonic: number;
  minor: boolean;
}

/** How an instrument sounds in the bed: swelling pads, plucked strings, struck keys, bowed strings, breathed winds. */
export type Texture = "pad" | "plucked" | "keys" | "bowed" | "wind";
export type Mood = "hushed" | "warm" | "bright";

export interface SongStyle {
  key: Key;
  bpm: number;
  beatsPerBar: 3 | 4;
  /** Textures in the order the style names them (the first leads the bed); never empty. */
  textures: Texture[];
  /** Drums, brushes, claps, stomps… named: a kit keeps the time. */
  percussion: boolean;
  mood: Mood;
  /** Which of these the style line itself stated (the rest are defaults). */
  stated: { key: boolean; bpm: boolean; meter: boolean; texture: boolean };
}

// Instrument words → texture. "arpeggiated" comes before "synth" so an arpeggiated synth is plucked, not a pad.
const TEXTURE_WORDS: Array<[RegExp, Texture]> = [
  [/\b(arpeggiated|guitars?|banjo|ukulele|nylon|fingerpicked|strummed|harp|yangqin|bouzouki|cavaquinho|pizzicato|telecaster|mandolin|pings?)\b/, "plucked"],
  [/\b(piano|rhodes|wurlitzer|vibraphone|glockenspiel|celesta|music[- ]box|xylophone|kalimba|marimba|keys)\b/, "keys"],
  [/\b(cello|fiddles?|violins?|viola|bowed|string section|string quartet|strings)\b/, "bowed"],
  [/\b(trumpet|clarinet|flute|whistle|harmonica|accordion|concertina|flugelhorn|horn|kazoo|tuba|saxophone|sax)\b/, "wind"],
  [/\b(synth|swells?|pad|drone|harmonium|shruti|organ|choir|ambient|sub-bass)\b/, "pad"],
];
const PERCUSSION =
  /\b(drums?|kick|snare|brush(es|ed)?|hi-hat|cymbal|shaker|(hand)?claps|stomps?|stomped|woodblock|floor tom|bodhrán|cajón|pandeiro|tabla|percussion|washboard|rimshot|drum machine|kit|tapped|ticking|second-line)\b/;

/** The textures a style names, first named first; a pad when it names none. */
export function parseTextures(style: string): Texture[] {
  const text = style.toLowerCase();
  const found: Array<[number, Texture]> = [];
  for (const [re, texture] of TEXTURE_WORDS) {
    const at = text.search(re);
    if (at >= 0 && !found.some(([, t]) => t === texture)) found.push([at, texture]);
  }
  // "arpeggiated analog synth": the arpeggio decides, so a pad named by the same instrument steps back.
  const kept = /arpeggiated[^,]*synth/.test(text) ? found.filter(([, t]) => t !== "pad") : found;
  return kept.length ? kept.sort((a, b) => a[0] - b[0]).map(([, t]) => t) : ["pad"];
}

const LETTERS: Record<string, number> = { c: 0, d: 2, e: 4, f: 5, g: 7, a: 9, b: 11 };

export function keyName(key: Key): string {
  const names = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"];
  return `${names[key.tonic]} ${key.minor ? "minor" : "major"}`;
}

/** "D major", "in f# minor", "B-flat major", "Ebm" → Key; null when no key is named. */
export function parseKey(text: string): Key | null {
  const m = text.match(/\b(?:in\s+)?([A-Ga-g])(?:\s*-?\s*(sharp|flat|#|♯|♭|b(?=\s|-|m\b|$)))?\s*-?\s*(major|minor|maj|min|m)\b/);
  if (!m) return null;
  // "a minor" must not be mistaken for an article: require "in" before a lower-case "a" unless capitalised.
  if (m[1] === "a" && !/\bin\s+a\b/i.test(m[0])) return null;
  let tonic = LETTERS[m[1].toLowerCase()];
  const accidental = m[2]?.toLowerCase();
  if (accidental === "sharp" || accidental === "#" || accidental === "♯") tonic += 1;
  if (accidental === "flat" || accidental === "b" || accidental === "♭") tonic += 11;
  const mode = m[3].toLowerCase();
  return { tonic: tonic % 12, minor: mode === "minor" || mode === "min" || mode === "m" };
}

// Tempo words, slowest first where two match ("slow waltz" → slow). Values are beats per minute.
const TEMPO_WORDS: Array<[RegExp, number]> = [
  [/\b(very slow|largo|adagio|free time|rubato)\b/, 56],
  [/\b(lullaby|hushed|slow|unhurried|patient|lazy|ambient|drone)\b/, 66],
  [/\b(walking pace|andante|gentle|sparse|mid-tempo)\b/, 84],
  [/\b(shuffle|bright|work song|steady)\b/, 100],
  [/\b(driving|upbeat|allegro|fast|lively)\b/, 120],
];

/** A key for a song whose style names none, fixed by a seed (its path) so re-renders agree. */
export function defaultKey(seed: string): Key {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  // Keys that sit well for the voice's reciting notes (around A3–E4) and the bass.
  const keys: Key[] = [
    { tonic: 2, minor: false },
    { tonic: 7, minor: false },
    { tonic: 0, minor: false },
    { tonic: 9, minor: true },
    { tonic: 5, minor: false },
    { tonic: 4, minor: true },
  ];
  return keys[h % keys.length];
}

export function parseStyle(style: string, seed = style): SongStyle {
  const text = style.toLowerCase();
  const key = parseKey(style);
  const bpmMatch = text.match(/(\d{2,3}(?:\.\d+)?)\s*(?:bpm|beats per minute)\b/);
  const bpm = bpmMatch ? Number(bpmMatch[1]) : (TEMPO_WORDS.find(([re]) => re.test(text))?.[1] ?? 76);
  const triple = /\b(waltz|3\/4|6\/8|9\/8|in three|lilting)\b/.test(text);
  const quadruple = /\b(4\/4|2\/4|march)\b/.test(text);
  const textures = parseTextures(style);
  const mood: Mood = /\b(hushed|lullaby|ambient|drone|sparse|slow|soft|gentle|nocturne|whisper|unaccompanied)\b/.test(text)
    ? "hushed"
    : /\b(bright|driving|stomping|rollicking|bouncy|brassy|upbeat|lively|clanking)\b/.test(text)
      ? "bright"
      : "warm";
  return {
    key: key ?? defaultKey(seed),
    bpm: Math.min(180, Math.max(40, bpm)),
    beatsPerBar: triple && !quadruple ? 3 : 4,
    textures,
    percussion: PERCUSSION.test(text),
    mood,
    stated: { key: key !== null, bpm: bpmMatch !== null, meter: triple || quadruple, texture: TEXTURE_WORDS.some(([re]) => re.test(text)) },
  };
}
