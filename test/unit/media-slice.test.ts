// A recording's byte range as a web stream: the exact bytes asked for, read in chunks, whatever the range.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileSlice } from "../../web/media.ts";

const readAll = async (stream: ReadableStream<Uint8Array>) => Buffer.from(await new Response(stream).arrayBuffer());

describe("fileSlice", () => {
  let dir: string;
  let file: string;
  // Larger than one chunk (64 KiB), so a whole read takes several pulls.
  const bytes = randomBytes(200_003);
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "sanctuary-slice-"));
    file = join(dir, "piece.mp3");
    await writeFile(file, bytes);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("gives exactly the bytes start..end, inclusive, across chunk boundaries", async () => {
    for (const [start, end] of [
      [0, bytes.length - 1],
      [0, 0],
      [100, 1123],
      [65_535, 65_536],
      [1, 131_073],
      [bytes.length - 10, bytes.length - 1],
    ]) {
      expect((await readAll(fileSlice(file, start, end))).equals(bytes.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
  });

  it("ends at the file's end when asked for more than it holds", async () => {
    expect((await readAll(fileSlice(file, bytes.length - 5, bytes.length + 100))).equals(bytes.subarray(bytes.length - 5))).toBe(true);
  });

  it("fails the stream when the file is gone, rather than hanging", async () => {
    await expect(readAll(fileSlice(join(dir, "missing.mp3"), 0, 10))).rejects.toThrow(/ENOENT/);
  });

  it("can be cancelled after the first chunk", async () => {
    const reader = fileSlice(file, 0, bytes.length - 1).getReader();
    const first = await reader.read();
    expect(first.value?.byteLength).toBe(64 * 1024);
    await reader.cancel();
  });
});
