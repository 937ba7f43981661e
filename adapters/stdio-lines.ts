// The lines of a stdio connection, each at most a given size. The SDK's own reader passes over a line that is not
// JSON without a word and closes the connection when a line outgrows its buffer (the process then exits as if the
// client had left); here every line is handed on, and a line too long is reported once and skipped to its end,
// so the client hears what went wrong and the connection goes on (docs/behaviour.md §7).

/** A complete line (without its newline or a trailing CR), or the news that one was longer than allowed. */
export type StdioLine = { text: string } | { overlong: true };

export class StdioLines {
  private parts: Buffer[] = [];
  private size = 0;
  /** The rest of a line already reported as too long is dropped up to its newline. */
  private skipping = false;
  /** No line has been taken yet: a byte-order mark before the first is passed over, as HTTP passes over one before a body. */
  private first = true;

  constructor(private readonly maxBytes: number) {}

  /** The lines a chunk completes, in order; an unfinished line waits for the next chunk. */
  push(chunk: Buffer): StdioLine[] {
    const lines: StdioLine[] = [];
    let start = 0;
    for (let end = chunk.indexOf(10); end !== -1; start = end + 1, end = chunk.indexOf(10, start)) {
      const line = this.take(chunk.subarray(start, end));
      if (line) lines.push(line);
      this.skipping = false;
    }
    const rest = chunk.subarray(start);
    if (rest.length > 0 && !this.skipping) {
      if (this.size + rest.length > this.maxBytes) {
        this.drop();
        this.skipping = true;
        lines.push({ overlong: true });
      } else {
        this.parts.push(rest);
        this.size += rest.length;
      }
    }
    return lines;
  }

  /** The line ended by a newline: what was held before it and its last piece. */
  private take(last: Buffer): StdioLine | null {
    if (this.skipping) return null;
    const size = this.size + last.length;
    const whole = this.parts.length ? Buffer.concat([...this.parts, last], size) : last;
    this.drop();
    if (size > this.maxBytes) return { overlong: true };
    let text = whole.toString("utf8");
    if (this.first && text.startsWith("\uFEFF")) text = text.slice(1);
    this.first = false;
    return { text: text.endsWith("\r") ? text.slice(0, -1) : text };
  }

  /**
   * The input ended: a last message without its newline is still a message (it was dropped without a word, and its
   * sender heard nothing). A line already reported as too long stays dropped.
   */
  end(): StdioLine[] {
    if (this.skipping || this.size === 0) return [];
    const line = this.take(Buffer.alloc(0));
    return line ? [line] : [];
  }

  private drop() {
    this.parts = [];
    this.size = 0;
  }
}
