// The stdio line splitter (adapters/stdio-lines.ts): lines across chunks, CRLF, and a line past the bound reported
// once and skipped to its end while the lines after it still arrive.
import { describe, expect, it } from "vitest";
import { StdioLines } from "../../adapters/stdio-lines.ts";

const chunks = (reader: StdioLines, ...parts: string[]) => parts.flatMap((part) => reader.push(Buffer.from(part)));

describe("StdioLines", () => {
  it("hands on each line once it ends, whatever the chunks, without its CR", () => {
    const reader = new StdioLines(100);
    expect(chunks(reader, '{"a":', "1}\r\n{}", "\n\n", "tail")).toEqual([{ text: '{"a":1}' }, { text: "{}" }, { text: "" }]);
    expect(chunks(reader, "\n")).toEqual([{ text: "tail" }]);
  });

  it("keeps a multi-byte character split across chunks whole", () => {
    const reader = new StdioLines(100);
    const bytes = Buffer.from("é\n");
    expect([...reader.push(bytes.subarray(0, 1)), ...reader.push(bytes.subarray(1))]).toEqual([{ text: "é" }]);
  });

  it("reports a line longer than the bound once, passes over the rest of it, and reads the next", () => {
    const reader = new StdioLines(8);
    expect(chunks(reader, "0123456789", "abcdef", "ghij\nshort\n")).toEqual([{ overlong: true }, { text: "short" }]);
    expect(chunks(reader, "0123456789\nok\n")).toEqual([{ overlong: true }, { text: "ok" }]);
    expect(chunks(reader, "12345678\n")).toEqual([{ text: "12345678" }]);
  });

  it("passes over a byte-order mark before the first line only, as HTTP does before a body", () => {
    const reader = new StdioLines(100);
    expect(chunks(reader, "\uFEFF{}\n\uFEFF{}\n")).toEqual([{ text: "{}" }, { text: "\uFEFF{}" }]);
  });

  it("hands on a last line without its newline when the input ends, and nothing of a line too long", () => {
    const reader = new StdioLines(8);
    expect(chunks(reader, "{}\n", '{"id":4}')).toEqual([{ text: "{}" }]);
    expect(reader.end()).toEqual([{ text: '{"id":4}' }]);
    expect(reader.end()).toEqual([]);
    const long = new StdioLines(8);
    expect(chunks(long, "0123456789")).toEqual([{ overlong: true }]);
    expect(long.end()).toEqual([]);
  });
});
