// A song's lyrics (and a chant's lines) as a page shows them: the bracket marks (corpus/lyric-marks.ts) become labels of their
// own (a section's name over its lines; a break, solo or rest as a held moment; a silence as a silence),
// never words in square brackets; the sung lines stay lines, a stanza a paragraph. home.js draws the same
// for the lyrics it loads (keep the two in step).
import { lyricMark } from "../../corpus/lyric-marks.ts";
import { secondsText } from "../../audio/spoken.ts";
import { html, type Html } from "./html.ts";
import { BoundedMemo } from "../../core/memo.ts";

function markLine(line: string): Html | null {
  // A chant's direction is for whoever leads it, not words to say (home.js labels it the same way).
  const direction = /^\s*\[\s*direction\s*:\s*(.+?)\s*\]\s*$/i.exec(line);
  if (direction) return html`<p class="lyric-mark hold">Direction, not read aloud: ${direction[1]}</p>`;
  const mark = lyricMark(line);
  if (!mark) return null;
  const label = line.trim().slice(1, -1).trim();
  if (mark.kind === "section") return html`<p class="lyric-mark section">${label}</p>`;
  if (mark.kind === "hold") return html`<p class="lyric-mark hold">${label}</p>`;
  if (mark.kind === "silence") return html`<p class="lyric-mark hold">Silence, ${secondsText(mark.seconds)}</p>`;
  // A form the checker would refuse still reads as a mark, not as words to sing.
  return html`<p class="lyric-mark">${label}</p>`;
}

/** Drawn once per text: a song's page drew its lyrics on every view (a fifth of the page's own CPU). */
export function lyricsHtml(lyrics: string): Html {
  return drawnLyrics.get(lyrics, () => drawLyrics(lyrics));
}
// Every song's lyrics and every chant's lines fit (the library holds a few hundred).
const drawnLyrics = new BoundedMemo<Html>(1024);

function drawLyrics(lyrics: string): Html {
  const blocks: Html[] = [];
  let stanza: string[] = [];
  const close = () => {
    if (stanza.length) blocks.push(html`<p class="verse">${stanza.join("\n")}</p>`);
    stanza = [];
  };
  for (const line of lyrics.split("\n")) {
    const mark = markLine(line);
    if (mark) {
      close();
      blocks.push(mark);
    } else if (!line.trim()) close();
    else stanza.push(line);
  }
  close();
  return html`<div class="lyrics">${blocks}</div>`;
}
