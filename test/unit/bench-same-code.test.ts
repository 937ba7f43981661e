// bench/same-code.ts: a bench run refuses a trial whose server would run another bundle than the first trial's (a
// source saved mid-run), rather than recording figures from two versions of the code.
import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundleFor } from "../../core/bundle.mjs";
import { sameCodeGuard } from "../../bench/same-code.ts";

const made: string[] = [];
afterAll(() => Promise.all(made.map((f) => rm(f, { recursive: true, force: true }))));

describe("the bench's guard on the code it measures", () => {
  it("passes while the bundle's sources are unchanged and throws once one changes", async () => {
    const dir = await mkdtemp(join(tmpdir(), "sanctuary-same-code-"));
    made.push(dir);
    const entry = join(dir, "server.ts");
    const part = join(dir, "part.ts");
    await writeFile(entry, `export { value } from "./part.ts";\n`);
    await writeFile(part, `export const value: number = 1;\n`);
    made.push((await bundleFor(entry))!);

    const guard = await sameCodeGuard(dir);
    await expect(guard()).resolves.toBeUndefined();
    await expect(guard()).resolves.toBeUndefined();

    await writeFile(part, `export const value: number = 2;\n`);
    const later = new Date(Date.now() + 5_000);
    await utimes(part, later, later);
    await expect(guard()).rejects.toThrow(/changed during the run/);
    // Still refused once the edited sources are bundled again: the first trial's code is the one measured.
    made.push((await bundleFor(entry))!);
    await expect(guard()).rejects.toThrow(/changed during the run/);
  }, 30_000);

  it("checks nothing where the first start ran without a bundle (through tsx)", async () => {
    const dir = await mkdtemp(join(tmpdir(), "sanctuary-same-code-"));
    made.push(dir);
    await writeFile(join(dir, "server.ts"), `export const value = 1;\n`);
    await expect((await sameCodeGuard(dir))()).resolves.toBeUndefined();
  });
});
