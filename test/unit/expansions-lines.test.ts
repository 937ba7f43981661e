// The stored expansions (search/expansions.ts): the child writes one word a line and the index reads a line by
// cutting it, not parsing it. Held here to what parsing gives, for any word (quotes, backslashes, `":`, other
// scripts) and list; a file of another shape (cut short, several words a line as recipes before 7 wrote) throws,
// so the index is built again rather than read wrong.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expansionLine, parseExpansions } from "../../search/expansions.ts";
import { expansionsOf } from "../../search/lexicon.ts";

const word = fc.oneof(fc.string({ minLength: 1 }), fc.constantFrom("grief", 'say "so"', "back\\slash", 'a":b', "naïve", "tab\there", "line\nbreak"));
const list = fc.array(fc.tuple(fc.oneof(fc.string(), fc.constantFrom("sorrow", "loss")), fc.double({ noNaN: true, noDefaultInfinity: true })), {
  maxLength: 4,
});

describe("stored expansions, one word a line", () => {
  it("read back as parsing each line would, the list kept as its JSON text", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.tuple(word, list), { selector: ([w]) => w, maxLength: 8 }), async (entries) => {
        const table = await parseExpansions(entries.map(([w, l]) => expansionLine(w, l)).join("\n"));
        expect([...table]).toEqual(entries.map(([w, l]) => [w, JSON.stringify(l)]));
        for (const [w, l] of entries) expect(JSON.parse(table.get(w)!)).toEqual(JSON.parse(JSON.stringify(l)));
      }),
      { numRuns: 500 },
    );
  });

  it("gives a search the list of a word's base form", async () => {
    const table = await parseExpansions([expansionLine("translator", [["interpret", 0.5]]), expansionLine("grief", [["sorrow", 0.8]])].join("\n"));
    expect(expansionsOf(table, "translators")).toEqual([["interpret", 0.5]]);
  });

  it("refuses a file cut short or of an earlier recipe's shape", async () => {
    const whole = [expansionLine("grief", [["sorrow", 0.8]]), expansionLine("river", [["stream", 0.5]])].join("\n");
    await expect(parseExpansions(whole.slice(0, -3))).rejects.toThrow();
    await expect(parseExpansions('{"grief":[["sorrow",0.8]],"river":[["stream",0.5]]}')).rejects.toThrow(/one word and its list/);
    await expect(parseExpansions('{"grief":3}')).rejects.toThrow(/one word and its list/);
  });
});
