// Turns library markdown into what a synthetic voice should say: plain sentences grouped into paragraphs of
// lines (a voice reads punctuation and markup literally otherwise). audio/script.ts builds its speech from them.

/** A paragraph (or stanza) as its lines. */
export type Blocks = string[][];

const INLINE: Array<[RegExp, string]> = [
  [/!\[[^\]]*\]\([^)]*\)/g, ""], // images have nothing to say
  [/\[([^\]]+)\]\([^)]*\)/g, "$1"],
  [/`([^`]*)`/g, "$1"],
  [/(\*\*|__)(.+?)\1/g, "$2"],
  [/(^|[^\w*])[*_]([^*_\s][^*_]*?)[*_](?=[^\w*]|$)/g, "$1$2"],
  [/<([^<>]+)>/g, "$1"], // placeholders such as <slug>
  [/https?:\/\/\S+/g, ""],
  [/\s+/g, " "],
];

function speakableLine(line: string): string {
  let out = line.trim();
  for (const [re, to] of INLINE) out = out.replace(re, to);
  return out.trim();
}

function endSentence(text: string): string {
  return /[.!?:;,…]$/.test(text) ? text : `${text}.`;
}

/** Markdown → paragraphs of spoken lines. Code blocks, comments and rules are dropped. */
export function speechBlocks(markdown: string): Blocks {
  const cleaned = markdown
    .replace(/\r\n/g, "\n")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/^```[\s\S]*?^```\s*$/gm, "");
  const blocks: Blocks = [];
  let current: string[] = [];
  const close = () => {
    if (current.length) blocks.push(current);
    current = [];
  };
  for (const raw of cleaned.split("\n")) {
    const line = raw.trim();
    if (!line || /^([-*_]\s*){3,}$/.test(line) || /^\|?[\s:-]+\|[\s|:-]*$/.test(line)) {
      close();
      continue;
    }
    const heading = line.match(/^#{1,6}\s+(.*)$/);
    if (heading) {
      // A heading is its own short paragraph, so the voice pauses around it.
      close();
      const text = speakableLine(heading[1]);
      if (text) blocks.push([endSentence(text)]);
      continue;
    }
    const text = speakableLine(
      line
        .replace(/^>\s?/, "")
        .replace(/^([-*+]|\d+[.)])\s+/, "")
        .replace(/\|/g, ", "),
    );
    if (text) current.push(text);
  }
  close();
  return blocks;
}

/**
 * Song lyrics → spoken lines: section markers ([Verse 1], [Chorus — both]) and lowercase stage
 * directions such as "(hummed over the drone, then)" are not words to sing.
 */
export function lyricsBlocks(lyrics: string): Blocks {
  const kept = lyrics
    .split("\n")
    .filter((line) => !/^\s*\[[^\]]*\]\s*$/.test(line) && !/^\s*\([a-z][^)]*\)\s*$/.test(line))
    .map((line) => line.replace(/^\s*\(([^)]*)\)\s*$/, "$1"))
    .join("\n");
  return speechBlocks(kept);
}

export function wordCount(blocks: Blocks): number {
  return blocks.flat().join(" ").split(/\s+/).filter(Boolean).length;
}
