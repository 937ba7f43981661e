// core/small-files.ts: many small files read synchronously, in order, with the event loop let in every few files.
import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { smallFiles } from "../../core/small-files.ts";

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((f) => rm(f, { recursive: true, force: true }))));

async function folderOf(count: number): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), "sanctuary-small-files-"));
  folders.push(dir);
  const paths = Array.from({ length: count }, (_, i) => join(dir, `${String(i).padStart(3, "0")}.md`));
  await Promise.all(paths.map((path, i) => writeFile(path, `piece ${i} — ${"é".repeat(i % 5)}`)));
  return paths;
}

describe("smallFiles", () => {
  it("gives each file's text and time in the order asked", async () => {
    const paths = await folderOf(40);
    const when = new Date("2026-03-01T12:00:00Z");
    await utimes(paths[7], when, when);
    const read = [];
    for await (const file of smallFiles([...paths].reverse())) read.push(file);
    expect(read.map((f) => f.path)).toEqual([...paths].reverse());
    expect(read.map((f) => f.text)).toEqual([...paths].reverse().map((_, i) => `piece ${39 - i} — ${"é".repeat((39 - i) % 5)}`));
    expect(read.find((f) => f.path === paths[7])?.modified.toISOString()).toBe(when.toISOString());
  });

  it("lets the event loop in while it reads: a callback waiting for the next turn runs before the last file", async () => {
    const paths = await folderOf(100);
    let turns = 0;
    const count = () => {
      turns++;
      if (turns < 100) setImmediate(count);
    };
    setImmediate(count);
    const seenAt: number[] = [];
    for await (const file of smallFiles(paths)) seenAt.push(file.path === paths[99] ? turns : -1);
    // 100 files, a turn let in every 16 of them: the loop turned at least five times before the last one was read.
    expect(seenAt.at(-1)).toBeGreaterThanOrEqual(5);
  });

  it("throws a missing file's own error, naming its path, after the files before it", async () => {
    const paths = await folderOf(3);
    const missing = join(paths[0], "..", "absent.md");
    const read: string[] = [];
    const reading = (async () => {
      for await (const file of smallFiles([paths[0], missing, paths[1]])) read.push(file.path);
    })();
    await expect(reading).rejects.toThrow(missing);
    expect(read).toEqual([paths[0]]);
  });
});
