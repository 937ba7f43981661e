// A passage's text cut into the sentences ask weighs (a list kept whole with its opening line, a short sentence
// carried into the next), as a pure function.

/**
 * Sentences of a passage, in order. A list whose items end in ; or , stays whole (its items answer
 * "what parts" together) with the line that introduces it; other list items are sentences of their own;
 * a short sentence ("No.") carries on into the next. The passage's first words are dropped when they
 * are the tail of a sentence begun in the previous passage.
 */
export function sentencesOf(text: string): string[] {
  const units: string[] = [];
  const lists = new Set<number>();
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
    const items = lines[0]?.endsWith(":") ? lines.slice(1) : lines;
    const isList = items.length >= 2 && items.slice(0, -1).every((l) => /[;,]$/.test(l));
    if (isList) {
      lists.add(units.length);
      units.push(lines.join(" "));
      continue;
    }
    // Lines ending a sentence start a new unit; others are one sentence wrapped over lines.
    let current = "";
    for (const line of lines) {
      current = current ? `${current} ${line}` : line;
      if (/[.!?:;]$/.test(line)) [units[units.length], current] = [current, ""];
    }
    if (current) units.push(current);
  }
  const out: string[] = [];
  units.forEach((unit, u) => {
    const parts = lists.has(u) ? [unit] : unit.split(/(?<=[.!?])\s+(?=[A-Z"“'‘(/])/);
    for (let i = 0; i < parts.length; i++) {
      let sentence = parts[i].trim();
      if (u === 0 && i === 0 && /^[a-z]/.test(sentence)) continue;
      while (sentence.length < SHORT && i + 1 < parts.length) sentence += ` ${parts[++i].trim()}`;
      if (sentence.length >= 15 && sentence.length <= (lists.has(u) ? 800 : 500) && /[.!?;)]$/.test(sentence)) out.push(sentence);
    }
  });
  return out;
}

const SHORT = 60;
