// npm run backup / restore with arguments they do not take (a positional file, a flag with no value, an unknown
// flag): one line saying how to call them and exit 2, as a command line's usage error, never a Node stack trace.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const ROOT = new URL("../..", import.meta.url).pathname;

/** The script as `npm run` runs it (tsx); DATA_DIR somewhere harmless: the arguments are refused before it is read. */
function runBackupScript(script: "backup" | "restore", args: string[]) {
  const out = spawnSync(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, DATA_DIR: "/tmp/s62/ops-fix/usage-never-read", SANCTUARY_REDIS_URL: "", SANCTUARY_STORAGE: "" },
    timeout: 60_000,
  });
  return { code: out.status, stderr: out.stderr.trim(), stdout: out.stdout.trim() };
}

describe("backup and restore given arguments they do not take", () => {
  const cases: Array<["backup" | "restore", string[], RegExp]> = [
    ["backup", ["/tmp/s62/ops-fix/x.db"], /npm run backup -- --to <file>/],
    ["backup", ["--to"], /npm run backup -- --to <file>/],
    ["backup", ["--from", "x.db"], /npm run backup -- --to <file>/],
    ["restore", ["--to", "x.db"], /npm run restore -- --from <file>/],
    ["restore", ["/tmp/s62/ops-fix/x.db"], /npm run restore -- --from <file>/],
    ["restore", ["--from"], /npm run restore -- --from <file>/],
    ["restore", [], /name the backup file; usage: npm run restore -- --from <file>/],
  ];
  it.each(cases)(
    "%s %j: one usage line, exit 2",
    (script, args, usage) => {
      const { code, stderr } = runBackupScript(script, args);
      expect(stderr).not.toMatch(/TypeError|ERR_PARSE_ARGS|\n\s+at /);
      expect(stderr.split("\n")).toHaveLength(1);
      expect(stderr).toMatch(usage);
      expect(code).toBe(2);
    },
    60_000,
  );
});
