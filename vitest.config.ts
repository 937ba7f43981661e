import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, so every wait on a child
    // process, a browser or a socket left the other core idle. Two files at a time keep both busy.
    maxWorkers: 2,
    globalSetup: ["test/global-setup.ts"],
  },
});
