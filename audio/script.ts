// Lines of a script cut to what flite takes in one call. The script itself (markdown → lines, paragraph
// ends and marked holds) is built in corpus/script.ts, where the checker reads it too.
import { MAX_WORDS_PER_CALL } from "./flite.ts";

export { silenceMarker, toScript, type Segment } from "../corpus/script.ts";

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
