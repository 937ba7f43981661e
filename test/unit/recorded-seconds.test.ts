// Declared lengths against recordings (corpus/recorded-seconds.ts): the comparison names the estimates more than
// 10% off, and the fix writes measured lengths into a copy of library files, changing nothing else in them.
import { cp, mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { loadLibrary } from "../../corpus/library.ts";
import { compareSeconds, fixSeconds, SECONDS_TOLERANCE, withSeconds } from "../../corpus/recorded-seconds.ts";

const entry = (seconds: number) => ({ file: "x.mp3", seconds, bytes: 1, sourceHash: "h" });

describe("declared seconds against recordings", () => {
  it("compares only recorded pieces, the furthest off first", () => {
    const pieces = [
      { path: "chants/a", declaredSeconds: 112 },
      { path: "chants/b", declaredSeconds: 100 },
      { path: "prayers/c", declaredSeconds: 90 },
    ];
    const out = compareSeconds(pieces, { "chants/a": entry(149.2), "chants/b": entry(104) });
    expect(out.map((c) => c.path)).toEqual(["chants/a", "chants/b"]);
    expect(out.filter((c) => c.off > SECONDS_TOLERANCE).map((c) => c.path)).toEqual(["chants/a"]);
    expect(out[0].off).toBeCloseTo((149.2 - 112) / 149.2, 6);
    // A stale recording (made from an earlier text) is left out.
    const stale = compareSeconds(pieces, { "chants/a": { ...entry(149.2), sourceHash: "old" }, "chants/b": entry(104) }, (_, e) => e.sourceHash !== "old");
    expect(stale.map((c) => c.path)).toEqual(["chants/b"]);
  });

  it("sets the front matter's seconds and nothing else; refuses a file without one", () => {
    const text = "---\ntitle: A\nkind: chant\nseconds: 112\nthemes: [rest]\n---\nseconds: 5 is a line of the body\n";
    expect(withSeconds(text, 149)).toBe(text.replace("seconds: 112", "seconds: 149"));
    expect(() => withSeconds("---\ntitle: A\n---\nseconds: 3\n", 4)).toThrow(/no seconds line/);
    expect(() => withSeconds("no front matter", 4)).toThrow(/no front matter/);
  });

  it("fixes a copy of the library from recordings: measured lengths, rounded, only where more than 10% off", async () => {
    const source = loadConfig({ SANCTUARY_LIBRARY_DIR: process.env.SANCTUARY_LIBRARY_DIR }).libraryDir;
    const copy = join(await mkdtemp(join(tmpdir(), "sanctuary-fix-seconds-")), "library");
    await cp(source, copy, { recursive: true });
    const library = await loadLibrary(copy);
    const [a, b, c] = library.ofKind("chant");
    const before = await readFile(join(copy, `${b.path}.md`), "utf8");
    const beforeC = await readFile(join(copy, `${c.path}.md`), "utf8");
    // c is 5% off: within the tolerance, so its file (a render input) is left alone.
    const manifest = { [a.path]: entry(a.declaredSeconds + 20.4), [b.path]: entry(b.declaredSeconds + 0.3), [c.path]: entry(c.declaredSeconds * 1.05) };
    const changed = await fixSeconds(copy, compareSeconds(library.pieces, manifest));
    expect(changed).toEqual([{ path: a.path, from: a.declaredSeconds, to: a.declaredSeconds + 20 }]);
    const again = await loadLibrary(copy);
    expect(again.piece(a.path)!.declaredSeconds).toBe(a.declaredSeconds + 20);
    expect(await readFile(join(copy, `${b.path}.md`), "utf8")).toBe(before);
    expect(await readFile(join(copy, `${c.path}.md`), "utf8")).toBe(beforeC);
  });
});
