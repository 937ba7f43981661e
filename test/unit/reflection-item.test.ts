// A reflection's list item is made once per reflection and library content (web/pages/components.ts): the same
// reflection gives the very same markup, and an approval that retitles its song (a content replaced in place) is
// seen at once, where an item kept by the reflection alone would go on naming the song's old title.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { loadLibrary } from "../../corpus/library.ts";
import { reflectionItem, type ShownReflection } from "../../web/pages/components.ts";
import type { WebContext } from "../../web/context.ts";
import { copyLibrary } from "../helpers/library-copy.ts";

const copy = await copyLibrary();
afterAll(() => copy.remove());

it("is made once per reflection and content, and names a retitled song at once", async () => {
  const library = await loadLibrary(copy.dir);
  const song = library.songs[0];
  // An item reads the library alone: a context holding only it proves it.
  const deps = { library } as WebContext;
  const said: ShownReflection = { name: "Ines", text: "Quiet <b>here</b>.", song: song.slug, createdAt: "2026-12-01T10:00:00.000Z", timezone: "UTC" };

  const withSong = reflectionItem(deps, said, true);
  expect(String(withSong)).toContain(`>${song.title.replace(/'/g, "&#39;")}</a>`);
  expect(String(withSong)).toContain("Quiet &lt;b&gt;here&lt;/b&gt;.");
  expect(reflectionItem(deps, said, true)).toBe(withSong);
  const plain = reflectionItem(deps, said, false);
  expect(String(plain)).not.toContain("<a href");
  expect(reflectionItem(deps, said, false)).toBe(plain);
  // An equal reflection read again (another object) is its own item, with the same markup.
  expect(String(reflectionItem(deps, { ...said }, true))).toBe(String(withSong));

  const file = join(copy.dir, song.path + ".md");
  const source = await readFile(file, "utf8");
  await writeFile(file, source.replace(/^title: .*$/m, "title: A Song Renamed By Review"));
  library.replaceWith(await loadLibrary(copy.dir));

  const renamed = reflectionItem(deps, said, true);
  expect(String(renamed)).toContain(">A Song Renamed By Review</a>");
  expect(reflectionItem(deps, said, false)).not.toBe(plain);
  expect(String(reflectionItem(deps, said, false))).toBe(String(plain));
});
