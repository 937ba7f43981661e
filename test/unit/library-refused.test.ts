// A start that cannot serve ends at once, in the setting's words (deps.ts): a library folder that holds nothing (it used to say
// "ready" and answer every `now` with a 500), and an embedder chosen by name that is not there (search answered from words).
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { createDeps } from "../../deps.ts";

const root = await mkdtemp(join(tmpdir(), "sanctuary-library-refused-"));
afterAll(() => rm(root, { recursive: true, force: true }));

describe("a library folder that holds nothing", () => {
  it("refuses the start, naming the folder and SANCTUARY_LIBRARY_DIR", async () => {
    const empty = join(root, "empty");
    await mkdir(empty);
    const config = loadConfig({ DATA_DIR: join(root, "data"), SANCTUARY_LIBRARY_DIR: empty, SANCTUARY_RECORDINGS: "off", SANCTUARY_LOG_LEVEL: "silent" });
    await expect(createDeps(config)).rejects.toThrow(`The library folder ${empty} holds no pieces`);
    await expect(createDeps(config)).rejects.toThrow("set SANCTUARY_LIBRARY_DIR to a folder laid out as corpus/library is");
  });
});

describe("a library folder that is not there", () => {
  it("refuses the start, naming SANCTUARY_LIBRARY_DIR (an operator read only the folder's path and ENOENT)", async () => {
    const missing = join(root, "no-such-folder");
    const config = loadConfig({
      DATA_DIR: join(root, "data-missing"),
      SANCTUARY_LIBRARY_DIR: missing,
      SANCTUARY_RECORDINGS: "off",
      SANCTUARY_LOG_LEVEL: "silent",
    });
    await expect(createDeps(config)).rejects.toThrow(
      new RegExp(`^The library folder ${missing} cannot be read: .*ENOENT.*; set SANCTUARY_LIBRARY_DIR to a folder laid out as corpus/library is$`),
    );
  });
});

describe("an embedder chosen by name that cannot be had", () => {
  it("refuses the start with what to install, rather than a server that searches by words only", async () => {
    const settings = { DATA_DIR: join(root, "data-embedder"), SANCTUARY_RECORDINGS: "off", SANCTUARY_LOG_LEVEL: "silent" };
    // This checkout leaves the optional package out (package.json: it is no dependency).
    await expect(createDeps(loadConfig({ ...settings, SANCTUARY_EMBEDDER: "transformers" }))).rejects.toThrow(
      /SANCTUARY_EMBEDDER=transformers: .*npm install .*@huggingface\/transformers.*leave SANCTUARY_EMBEDDER unset/,
    );
  });
});
