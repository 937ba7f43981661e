// core/bundle.mjs: a TypeScript entry as one .mjs whose modules still read their own source's import.meta.url, made
// once and kept while its inputs are unchanged, made again when one changes.
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { BUNDLE_DIR, bundleFor, freshBundle, sweepBundles } from "../../core/bundle.mjs";

/** The entries whose bundles a start runs: the server and the stdio bin. */
const ENTRIES = ["server.ts", "mcp-stdio.ts"];
const bundleText = async (entry: string) => readFile((await bundleFor(fileURLToPath(new URL(`../../${entry}`, import.meta.url))))!, "utf8");

/** Folders and bundles this file made. */
const folders: string[] = [];
afterAll(() => Promise.all(folders.map((f) => rm(f, { recursive: true, force: true }))));

describe("bundled entries", () => {
  it("keeps each module's own URL, reuses the bundle while its inputs are unchanged, and makes a new one after a change", async () => {
    const dir = await mkdtemp(join(tmpdir(), "sanctuary-bundle-"));
    folders.push(dir);
    const entry = join(dir, "entry.ts");
    const part = join(dir, "part.ts");
    const plain = join(dir, "plain.mjs");
    await writeFile(
      entry,
      `export { here, value } from "./part.ts";\nexport { plainUrl } from "./plain.mjs";\nexport const entryUrl: string = import.meta.url;\n`,
    );
    await writeFile(plain, `export const plainUrl = import.meta.url;\n`);
    await writeFile(part, `export const here: string = import.meta.url;\nexport const value: number = 1;\n`);

    expect(await freshBundle(entry)).toBeNull();
    const first = await bundleFor(entry);
    folders.push(first!);
    expect(first?.startsWith(BUNDLE_DIR)).toBe(true);
    const made = await import(pathToFileURL(first!).href);
    expect(made).toMatchObject({ here: pathToFileURL(part).href, entryUrl: pathToFileURL(entry).href, plainUrl: pathToFileURL(plain).href, value: 1 });
    expect(await freshBundle(entry)).toBe(first);

    await writeFile(part, `export const here: string = import.meta.url;\nexport const value: number = 2;\n`);
    // A later time than the first write's, whatever the file system's clock resolution.
    const later = new Date(Date.now() + 5_000);
    await utimes(part, later, later);
    expect(await freshBundle(entry)).toBeNull();
    const second = await bundleFor(entry);
    folders.push(second!);
    expect(second).not.toBe(first);
    expect((await import(pathToFileURL(second!).href)).value).toBe(2);

    // The earlier bundle is named by no record now: swept once it is old enough (a new one is left alone, as
    // another process may not have written its record yet); the current one stays whatever its age.
    await sweepBundles();
    expect(existsSync(first!)).toBe(true);
    const earlier = new Date(Date.now() - 11 * 60_000);
    await utimes(first!, earlier, earlier);
    await utimes(second!, earlier, earlier);
    await sweepBundles();
    expect(existsSync(first!)).toBe(false);
    expect(existsSync(second!)).toBe(true);
    expect(await freshBundle(entry)).toBe(second);
  }, 30_000);

  it("finds the bundle folder from inside a bundle as from the sources (the server is bundled with the code that bundles)", async () => {
    const file = await bundleFor(fileURLToPath(new URL("../../core/child-bundle.ts", import.meta.url)));
    expect((await import(pathToFileURL(file!).href)).BUNDLE_DIR).toBe(BUNDLE_DIR);
  }, 30_000);

  it("loads the clients of services a start may not have (a language model, a code host, Redis) only where they are used", async () => {
    // Imported at the top, each was loaded by every start of the server and of the stdio bin: openai, Octokit and
    // ioredis together about 130 ms and 18 MB (docs/performance.md, sixty-ninth session).
    const optional = /^import\s[^;(]*?["'](openai|openai\/helpers\/zod|@octokit\/rest|ioredis)["']/m;
    for (const entry of ENTRIES) {
      const code = await bundleText(entry);
      expect(code.match(optional)?.[0] ?? null, entry).toBeNull();
      expect(code, entry).toContain('import("openai")');
    }
  }, 60_000);

  it("loads what pages, feeds, badges, /metrics, contributions and recordings use where it is used, so a stdio start does not", async () => {
    // A stdio start loaded all seven (the web's routes are in the route table it lists): some 150 ms of its 520–620
    // to `initialize` (docs/performance.md, seventy-first session).
    const webOnly = /^import\s[^;(]*?["'](feed|podcast|badge-maker|sanitize-html|prom-client|markdown-it|wasm-media-encoders)["']/m;
    for (const entry of ENTRIES) {
      const code = await bundleText(entry);
      expect(code.match(webOnly)?.[0] ?? null, entry).toBeNull();
      for (const name of ["feed", "podcast", "badge-maker"]) expect(code, entry).toContain(`import("${name}")`);
    }
  }, 60_000);

  it("loads Apache Arrow only as LanceDB requires it, and of rate-limiter-flexible only the two files its store uses", async () => {
    // Imported, Arrow's ESM build (a hundred files) was loaded by every start beside the CommonJS build LanceDB requires,
    // and rate-limiter-flexible's index loaded all of its 36 files (every store's client) for the one class it gave.
    const wholePackage = /^import\s[^;(]*?["'](apache-arrow|rate-limiter-flexible)["']/m;
    for (const entry of ENTRIES) expect((await bundleText(entry)).match(wholePackage)?.[0] ?? null, entry).toBeNull();
  }, 60_000);
});
