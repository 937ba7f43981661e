// Silence markers in practices and rituals: a line of its own, `[silence: 30 seconds]` or `[silence: 2 minutes]`.
// The checker adds them to a piece's `seconds`, recordings render them as silence, pages show them calmly.

const marker = /^\s*\[silence:\s*(\d+(?:\.\d+)?)\s*(seconds?|secs?|s|minutes?|mins?|m)\s*\]\s*$/i;

/** The length in seconds a silence line asks for, or null when the line is not a silence marker. */
export function silenceSeconds(line: string): number | null {
  const m = marker.exec(line);
  if (!m) return null;
  const n = Number(m[1]);
  return Math.round(/^m/i.test(m[2]) ? n * 60 : n);
}

/** Total seconds of silence marked in a text. */
export function totalSilence(text: string): number {
  let total = 0;
  for (const line of text.split("\n")) total += silenceSeconds(line) ?? 0;
  return total;
}

/** The text without its silence lines (for word counts and speech). */
export function withoutSilences(text: string): string {
  return text
    .split("\n")
    .filter((l) => silenceSeconds(l) === null)
    .join("\n");
}
