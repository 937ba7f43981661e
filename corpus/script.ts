// What a voice is asked to say: library markdown becomes a script of lines, paragraph ends and marked
// holds (silences and directions in readings, breaks and rests in songs; corpus/silence.ts and
// corpus/lyric-marks.ts define the forms). The markdown is cleaned up by corpus/speech-text.ts.
// Here in corpus/ so the checker can estimate a piece's length from the very script the engine voices.
import { lyricMark, type HoldLength } from "./lyric-marks.ts";
import { markOf } from "./silence.ts";
import { lyricsBlocks, speechBlocks } from "./speech-text.ts";

export type Segment =
  | { type: "line"; text: string; /** The last line of a paragraph or stanza: a longer pause follows. */ paragraphEnd: boolean }
  | { type: "silence"; seconds: number }
  /** A direction in a reading: never spoken; its time (0 when none is asked for) is held as silence. */
  | { type: "direction"; text: string; seconds: number }
  /** A break, solo or rest in a song: the voice rests while the music plays on, for its length at the song's tempo. */
  | { type: "hold"; label: string; length: HoldLength };

/** Seconds of a silence marker line, or null when the line is not one. */
export function silenceMarker(line: string): number | null {
  const m = markOf(line);
  return m?.kind === "silence" ? m.seconds : null;
}

type Marked = Exclude<Segment, { type: "line" }>;

function markedSegment(line: string, lyrics: boolean): Marked | null {
  if (lyrics) {
    const m = lyricMark(line);
    if (m?.kind === "silence") return { type: "silence", seconds: m.seconds };
    if (m?.kind === "hold") return { type: "hold", label: m.label, length: m.length };
    return null; // sections (and anything unknown) are dropped by lyricsBlocks
  }
  const m = markOf(line);
  if (!m) return null;
  return m.kind === "silence" ? { type: "silence", seconds: m.seconds } : { type: "direction", text: m.text, seconds: m.seconds };
}

/** Markdown (a reading, a chant, or lyrics when `lyrics`) → segments, marked lines kept in place and never spoken. */
export function toScript(markdown: string, opts: { lyrics?: boolean } = {}): Segment[] {
  const out: Segment[] = [];
  let text: string[] = [];
  const flush = () => {
    const part = text.join("\n");
    text = [];
    const blocks = opts.lyrics ? lyricsBlocks(part) : speechBlocks(part);
    for (const lines of blocks) lines.forEach((t, i) => out.push({ type: "line", text: t, paragraphEnd: i === lines.length - 1 }));
  };
  for (const line of markdown.replace(/\r\n/g, "\n").split("\n")) {
    const mark = markedSegment(line, opts.lyrics ?? false);
    if (!mark) {
      text.push(line);
      continue;
    }
    flush();
    out.push(mark);
  }
  flush();
  return out;
}
