// What a voice is asked to say: library markdown becomes a script of lines, paragraph ends and
// marked silences. Markdown clean-up is shared with the espeak renderer (corpus/speech-text.ts).
import { lyricsBlocks, speechBlocks } from "../corpus/speech-text.ts";
import { MAX_WORDS_PER_CALL } from "./flite.ts";

export type Segment =
  | { type: "line"; text: string; /** The last line of a paragraph or stanza: a longer pause follows. */ paragraphEnd: boolean }
  | { type: "silence"; seconds: number };

// A line of its own: [silence: 30 seconds], [silence: 2 minutes], [Silence: 1 minute 30 seconds], [silence: 45s]
const MARKER = /^\s*\[\s*silence\s*:\s*([^\]]+)\]\s*$/i;
const PART = /(\d+(?:\.\d+)?)\s*(hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)\b/gi;

/** Seconds of a silence marker line, or null when the line is not one. */
export function silenceMarker(line: string): number | null {
  const m = line.match(MARKER);
  if (!m) return null;
  let total = 0;
  let found = false;
  for (const [, n, unit] of m[1].matchAll(PART)) {
    found = true;
    const u = unit[0].toLowerCase();
    total += Number(n) * (u === "h" ? 3600 : u === "m" ? 60 : 1);
  }
  return found ? total : null;
}

/** Split markdown at silence-marker lines, keeping the markers' seconds in order. */
function splitAtMarkers(markdown: string): Array<string | number> {
  const out: Array<string | number> = [];
  let text: string[] = [];
  for (const line of markdown.replace(/\r\n/g, "\n").split("\n")) {
    const s = silenceMarker(line);
    if (s === null) {
      text.push(line);
      continue;
    }
    out.push(text.join("\n"), s);
    text = [];
  }
  out.push(text.join("\n"));
  return out;
}

/** Markdown (a reading, a chant, or lyrics when `lyrics`) → segments, silence markers kept in place. */
export function toScript(markdown: string, opts: { lyrics?: boolean } = {}): Segment[] {
  const out: Segment[] = [];
  for (const part of splitAtMarkers(markdown)) {
    if (typeof part === "number") {
      out.push({ type: "silence", seconds: part });
      continue;
    }
    const blocks = opts.lyrics ? lyricsBlocks(part) : speechBlocks(part);
    for (const lines of blocks) lines.forEach((text, i) => out.push({ type: "line", text, paragraphEnd: i === lines.length - 1 }));
  }
  return out;
}

/**
 * Split a line into pieces flite can take in one call: sentences first, then clauses at commas and
 * semicolons, then plain word runs. Short sentences stay whole so intonation spans them.
 */
export function sentences(line: string, maxWords = Math.min(25, MAX_WORDS_PER_CALL)): string[] {
  const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
  const out: string[] = [];
  for (const sentence of line.match(/[^.!?…]+[.!?…]+["')\]]*|[^.!?…]+$/g) ?? []) {
    const s = sentence.trim();
    if (!s) continue;
    if (words(s) <= maxWords) {
      out.push(s);
      continue;
    }
    let current = "";
    for (const clause of s.split(/(?<=[,;:])\s+/)) {
      if (current && words(current) + words(clause) > maxWords) {
        out.push(current);
        current = "";
      }
      current = current ? `${current} ${clause}` : clause;
      while (words(current) > maxWords) {
        const w = current.split(/\s+/);
        out.push(w.slice(0, maxWords).join(" "));
        current = w.slice(maxWords).join(" ");
      }
    }
    if (current) out.push(current);
  }
  return out;
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/**
 * Whole sentences grouped into runs of at most `maxWords`: one flite call each. Every call restarts
 * flite, and a restart costs CPU, so short sentences travel together;
 * flite pauses between them itself.
 */
export function chunks(line: string, maxWords = 30): string[] {
  const out: string[] = [];
  let current = "";
  for (const s of sentences(line)) {
    if (current && wordCount(current) + wordCount(s) > maxWords) {
      out.push(current);
      current = "";
    }
    current = current ? `${current} ${s}` : s;
  }
  if (current) out.push(current);
  return out;
}
