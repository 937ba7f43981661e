// The guides' words put beside the words of a question that say the same thing in a visitor's own way (privacy-words.ts,
// subject-cues.ts): beside them, not at the end, so that in a question of two parts they stay with the part they belong to.

/** Where a pattern's first match ends in the text (undefined when it does not match). */
export function endOf(rx: RegExp, text: string): number | undefined {
  const m = rx.exec(text);
  return m ? m.index + m[0].length : undefined;
}

/** Where the clause holding position `at` begins: just after the last of `marks` before it (0 when none is). */
export function clauseStartBefore(text: string, at: number, marks: readonly string[]): number {
  return Math.max(...marks.map((mark) => text.lastIndexOf(mark, at - 1))) + 1;
}

/** The question with each `say` inserted at its `at` (positions in the question as given), later ones first so none moves. */
export function withSaidAt(question: string, placed: ReadonlyArray<{ at: number; say: string }>): string {
  let said = question;
  for (const { at, say } of [...placed].sort((a, b) => b.at - a.at)) said = `${said.slice(0, at)} ${say}${said.slice(at)}`;
  return said;
}
