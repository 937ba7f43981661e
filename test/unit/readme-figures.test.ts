// The README's figures about the library are computed from the library: adding a chant or a hymn changes
// the expected sentence, so a stale README fails here instead of drifting. The bench's figures live in
// docs/performance.md, written from its last recorded run.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { loadLibrary } from "../../corpus/library.ts";
import { LIBRARY_SENTENCE, README, librarySentence } from "../../scripts/readme-library.ts";
import { LAST_RUN, PERFORMANCE_DOC, benchBlock, recordedBlock, type BenchRun } from "../../bench/report.ts";

describe("README figures", () => {
  it("states the library's counts as the library holds them (npx tsx scripts/readme-library.ts --write updates them)", async () => {
    const library = await loadLibrary(new URL("../../corpus/library", import.meta.url).pathname);
    const readme = await readFile(README, "utf8");
    const expected = librarySentence(library);
    expect(readme.match(LIBRARY_SENTENCE)?.[0], "run `npx tsx scripts/readme-library.ts --write`").toBe(expected);
    // The sentence adds up: every document is counted under exactly one name.
    const counted = [...expected.matchAll(/(\d+) (?!songs|documents)/g)].reduce((n, m) => n + Number(m[1]), 0);
    expect(counted).toBe(library.documents.length);
  });

  it("docs/performance.md states the bench figures of the last recorded run, once (npm run bench -- --record writes both)", async () => {
    const page = await readFile(PERFORMANCE_DOC, "utf8");
    const run = JSON.parse(await readFile(LAST_RUN, "utf8")) as BenchRun;
    expect(recordedBlock(page), "run `npm run bench -- --record`").toBe(benchBlock(run));
    expect(run.rows.map((r) => r.route)).toContain("/api/now");
    // One figure per fact: no other line of the page, nor the README, quotes CPU per request.
    const outside = page.replace(recordedBlock(page)!, "");
    expect(outside).not.toMatch(/\d+ µs (CPU )?per request/);
    expect(await readFile(README, "utf8")).not.toMatch(/µs (CPU )?per request|<!-- bench:start -->/);
  });
});
