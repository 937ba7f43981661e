// LANCEDB_LOG, LanceDB's own log level (deps.ts applies it before LanceDB loads): errors only by default.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";

describe("LANCEDB_LOG", () => {
  it("says errors only unless a level is asked for", () => {
    expect(loadConfig({}).lancedbLog).toBe("error");
    expect(loadConfig({ LANCEDB_LOG: "debug" }).lancedbLog).toBe("debug");
  });

  it("refuses a level LanceDB has not, naming the setting and the levels it has", () => {
    expect(() => loadConfig({ LANCEDB_LOG: "loud" })).toThrow(/LANCEDB_LOG: .*"error".*"warn".*"info".*"debug".*"trace"/);
  });
});
