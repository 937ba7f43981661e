// README.md and AGENTS.md are front doors: read in minutes, on a screen. Long explanations live in docs/.
// No commit names or dated figures in either (figures live in docs/performance.md, written by the bench).
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";

const read = (name: string) => readFile(new URL(`../../${name}`, import.meta.url), "utf8");

describe("the front doors", () => {
  it.each([
    ["README.md", 12_000],
    ["AGENTS.md", 8_000],
  ])("%s fits a screen: at most %i characters, no line over 400", async (name, limit) => {
    const text = await read(name);
    expect([...text].length, `${name}: move details to docs/`).toBeLessThanOrEqual(limit);
    const long = text.split("\n").filter((line) => [...line].length > 400);
    expect(long.map((l) => l.slice(0, 80))).toEqual([]);
  });

  it.each(["README.md", "AGENTS.md"])("%s names no commit and dates no figure", async (name) => {
    const text = await read(name);
    // A commit named by its hash (seven or more hex digits with at least one digit and one letter).
    expect(text.match(/\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b/g) ?? []).toEqual([]);
    expect(text.match(/\b(Run of|measured on|as of) \d{4}-\d{2}-\d{2}/gi) ?? []).toEqual([]);
  });

  it("every page of docs/ the README links exists", async () => {
    const readme = await read("README.md");
    const links = [...readme.matchAll(/\]\((docs\/[\w.-]+\.md)(?:#[\w-]+)?\)/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) await expect(read(link), link).resolves.toBeTruthy();
  });
});
