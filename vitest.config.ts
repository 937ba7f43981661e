import { BaseSequencer, type TestSpecification } from "vitest/node";
import { defineConfig } from "vitest/config";

// The slowest files, slowest first (from a CI run's per-file times; order changes only when files finish, never
// what they check). A fresh clone has no timings cached, and vitest then starts the largest files first: one
// of these starting last kept one core busy alone at the end of the run.
const SLOWEST = [
  "test/e2e/recordings.test.ts",
  "test/e2e/fuzz.test.ts",
  "test/e2e/mcp-stdio.test.ts",
  "test/e2e/crash.test.ts",
  "test/e2e/first-start.test.ts",
  "test/e2e/pages-look.test.ts",
  "test/e2e/search-ask.test.ts",
  "test/e2e/child-killed.test.ts",
  "test/e2e/shared-approvals.test.ts",
  "test/unit/audio-holds.test.ts",
  "test/e2e/backup.test.ts",
  "test/e2e/shutdown.test.ts",
  "test/unit/audio-blocks.test.ts",
  "test/unit/search-quality.test.ts",
  "test/e2e/first-screen.test.ts",
  "test/e2e/player-persists.test.ts",
  "test/unit/search-ask.test.ts",
  "test/e2e/browser-pages.test.ts",
  "test/unit/storage-processes.test.ts",
  "test/e2e/planner.test.ts",
  "test/unit/audio-directions.test.ts",
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = SLOWEST.findIndex((path) => f.moduleId.endsWith(`/${path}`));
      return i < 0 ? SLOWEST.length : i;
    };
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the rest keep vitest's own order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

// What every file gets; the root's globalSetup runs once for both projects (a project would run its own again).
// expect.poll waits up to 15 s (vitest's default is 1 s): a browser starting a sound or a page's script on a loaded
// machine took longer, and a deadline is a guard against a hang, never a measure.
const common = { testTimeout: 30_000, hookTimeout: 60_000, pool: "forks" as const, expect: { poll: { timeout: 15_000 } } };

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, so every wait on a child
    // process, a browser or a socket left the other core idle. Two files at a time keep both busy.
    maxWorkers: 2,
    sequence: { sequencer: SlowestFirst },
    globalSetup: ["test/global-setup.ts"],
    projects: [
      // Files share their worker's modules (isolate: false): importing the sources again for each file was most
      // of a unit file's CPU, and about 3 s of each end-to-end file's (the whole server graph). No file keeps
      // state between files: no module mocks, no environment changes, spies restored, every server stopped.
      { test: { ...common, name: "unit", include: ["test/unit/**/*.test.ts"], isolate: false } },
      { test: { ...common, name: "e2e", include: ["test/e2e/**/*.test.ts"], isolate: false } },
    ],
  },
});
