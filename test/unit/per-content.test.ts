// What ask derives from the library is made once per content: the same content gives the very same object, and an
// approval (a content replaced in place) is seen at once. Keyed by the Library object, the cards, the words and the
// guides went on serving the content from before an approval.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { loadLibrary } from "../../corpus/library.ts";
import { guidePages, pieceSummaries } from "../../search/ask-library.ts";
import { pieceCards } from "../../search/piece-cards.ts";
import { libraryWords } from "../../search/spelling.ts";
import { listResources, readResource } from "../../adapters/mcp-resources.ts";
import type { AdapterContext } from "../../adapters/context.ts";
import { RawJson } from "../../core/json.ts";
import { copyLibrary } from "../helpers/library-copy.ts";

const copy = await copyLibrary();
afterAll(() => copy.remove());

it("is made once per content and made again when an approval replaces the content in place", async () => {
  const library = await loadLibrary(copy.dir);
  const [cards, words, summaries, guides] = [pieceCards(library), libraryWords(library), pieceSummaries(library), guidePages(library)];
  // MCP's resource listing and a section's contents are encoded once per content too (adapters/mcp-resources.ts).
  const listed = async () => {
    const uris: string[] = [];
    for (let cursor: string | undefined, first = true; first || cursor; first = false) {
      const page = JSON.parse(listResources(library, cursor, "http://x").text) as { resources: Array<{ uri: string }>; nextCursor?: string };
      uris.push(...page.resources.map((r) => r.uri));
      cursor = page.nextCursor;
    }
    return uris;
  };
  // A text resource reads the library alone: a context holding only it proves it.
  const prayers = async () => {
    const read = await readResource("sanctuary://docs/prayers", { library } as AdapterContext, {
      caller: { ip: "", baseUrl: "", transport: "http" },
      base: "http://x",
    });
    return read instanceof RawJson ? read.text : JSON.stringify(read);
  };
  expect(await listed()).not.toContain("sanctuary://docs/prayers/the-ferrymans-lamp-test");
  expect(await prayers()).not.toContain("Ferryman");
  expect(pieceCards(library)).toBe(cards);
  expect(libraryWords(library)).toBe(words);
  expect(words.has("ferryman")).toBe(false);

  const body = "The ferryman trims a second lamp for the far bank, so the crossing has a light at either end of it.";
  await writeFile(
    join(copy.dir, "prayers", "the-ferrymans-lamp-test.md"),
    `---\ntitle: The Ferryman's Lamp\nkind: prayer\ntldr: "${body}"\nseconds: 60\nthemes: [care]\n---\n${body}\n`,
  );
  library.replaceWith(await loadLibrary(copy.dir));

  expect(pieceCards(library).map((c) => c.piece.path)).toContain("prayers/the-ferrymans-lamp-test");
  expect(pieceCards(library)).toHaveLength(cards.length + 1);
  expect(libraryWords(library).has("ferryman")).toBe(true);
  expect(pieceSummaries(library).get("prayers/the-ferrymans-lamp-test")?.kind).toBe("prayer");
  expect(summaries.has("prayers/the-ferrymans-lamp-test")).toBe(false);
  expect(guidePages(library)).not.toBe(guides);
  expect(await listed()).toContain("sanctuary://docs/prayers/the-ferrymans-lamp-test");
  expect(await prayers()).toContain("Ferryman");
});
