// What a recording says, as markdown a listener can read along with: the words in the order the voice
// speaks them (headings included, markup and directions left out), each held time shown where it falls,
// a chant's rounds written out. Built from the same script the renderer voices (audio/script.ts), so the
// two cannot drift apart. Pure: no synthesis.
import { chantRounds } from "../corpus/chant-length.ts";
import { holdSeconds } from "../corpus/lyric-marks.ts";
import type { PieceInput } from "./piece.ts";
import { toScript, type Segment } from "./script.ts";
import { HYMN_STYLE, parseStyle } from "./style.ts";

/** "45 seconds", "2 minutes", "1 minute 30 seconds": the way the library writes a length. */
export function secondsText(s: number): string {
  const r = Math.round(s * 10) / 10;
  const minutes = Math.floor(r / 60);
  const rest = Math.round((r - minutes * 60) * 10) / 10;
  const parts = [minutes ? `${minutes} minute${minutes === 1 ? "" : "s"}` : "", rest || !minutes ? `${rest} second${rest === 1 ? "" : "s"}` : ""];
  return parts.filter(Boolean).join(" ");
}

function lengthText(seg: Extract<Segment, { type: "hold" }>): string {
  const { amount, unit } = seg.length;
  return `${amount} ${amount === 1 ? unit.slice(0, -1) : unit}`;
}

/** The script as markdown: a paragraph per stanza or paragraph, a bracketed line per hold. */
function scriptMarkdown(script: Segment[], style?: { bpm: number; beatsPerBar: number }): string {
  const blocks: string[] = [];
  let lines: string[] = [];
  const close = () => {
    if (lines.length) blocks.push(lines.join("  \n"));
    lines = [];
  };
  for (const seg of script) {
    if (seg.type === "line") {
      lines.push(seg.text);
      if (seg.paragraphEnd) close();
      continue;
    }
    close();
    if (seg.type === "silence") blocks.push(`[silence: ${secondsText(seg.seconds)}]`);
    else if (seg.type === "direction" && seg.seconds > 0) blocks.push(`[held, not spoken: ${secondsText(seg.seconds)} — ${seg.text}]`);
    else if (seg.type === "hold" && style) {
      const held = holdSeconds(seg.length, style.bpm, style.beatsPerBar);
      blocks.push(`[music, no voice: ${lengthText(seg)}, about ${secondsText(held)} — ${seg.label}]`);
    }
  }
  close();
  return blocks.join("\n\n");
}

/** Markdown of exactly what a piece's recording speaks, with its holds shown. */
export function spokenText(p: PieceInput): string {
  if (p.kind === "song" || p.kind === "hymn") {
    const style = parseStyle(p.style ?? (p.kind === "hymn" ? HYMN_STYLE : ""), p.seed ?? p.text);
    return scriptMarkdown(toScript(p.text, { lyrics: true }), style) + "\n";
  }
  const script = toScript(p.text);
  if (p.kind !== "chant") return scriptMarkdown(script) + "\n";
  const rounds = chantRounds(script, p.seconds);
  const once = scriptMarkdown(script);
  return Array.from({ length: rounds }, () => once).join("\n\n") + "\n";
}
