// Settings refused at the start rather than silently ignored or misread: every bad one named in one error.
import { describe, expect, it } from "vitest";
import { unsetBaseUrlNotice } from "../../adapters/mcp-host.ts";
import { clusterOnlyNotice, loadConfig, unknownSettings } from "../../config.ts";

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  return null;
};

describe("loadConfig", () => {
  it("reads a setting of spaces alone as unset, not as port 0", () => {
    expect(loadConfig({ PORT: " " }).port).toBe(3000);
    expect(loadConfig({ SANCTUARY_REDIS_URL: "  " }).redisUrl).toBeUndefined();
  });

  it("reads a value without the spaces around it, and a word setting in any letter case", () => {
    const config = loadConfig({ SANCTUARY_LOG_LEVEL: " INFO ", SANCTUARY_EMBEDDER: "GloVe", SANCTUARY_RATE_LIMITS: "OFF", HOST: " 127.0.0.1", PORT: " 8922 " });
    expect([config.logLevel, config.embedder, config.rateLimits, config.host, config.port]).toEqual(["info", "glove", false, "127.0.0.1", 8922]);
    expect(loadConfig({ SANCTUARY_REDIS_URL: "redis://127.0.0.1:6395 " }).redisUrl).toBe("redis://127.0.0.1:6395");
    // Letter case is kept where it may matter: a path, a key, an address.
    expect(loadConfig({ DATA_DIR: "/tmp/Sanctuary Data" }).dataDir).toBe("/tmp/Sanctuary Data");
  });

  it("refuses a Redis address that is not one", () => {
    for (const url of ["notaurl", "http://127.0.0.1:6379"])
      expect(refusal({ SANCTUARY_REDIS_URL: url })).toContain("SANCTUARY_REDIS_URL: must be a redis:// or rediss:// address");
    expect(loadConfig({ SANCTUARY_REDIS_URL: "rediss://cache.internal:6380/0" }).redisUrl).toBe("rediss://cache.internal:6380/0");
  });

  it("refuses a BASE_URL that is not an absolute http(s) address (links would lead nowhere)", () => {
    for (const url of ["sanctuary.example.org:443", "ftp://files.example", "/relative"])
      expect(refusal({ BASE_URL: url }), url).toContain("BASE_URL: must be an absolute http:// or https:// address");
    expect(loadConfig({ BASE_URL: "https://sanctuary.example.org/" }).baseUrl).toBe("https://sanctuary.example.org");
  });

  it("refuses a BASE_URL with a query or a fragment (every link would carry it before its path)", () => {
    for (const url of ["https://x.org/base?q=1", "https://x.org/base#frag", "https://x.org/?"])
      expect(refusal({ BASE_URL: url }), url).toContain("BASE_URL: must be an address and path only, without a ? query or a # fragment");
    expect(loadConfig({ BASE_URL: "https://x.org/sanctuary/" }).baseUrl).toBe("https://x.org/sanctuary");
  });

  it("names every pair of settings that cannot work together, at once", () => {
    const message = refusal({
      SANCTUARY_STORAGE: "unstorage:memory",
      SANCTUARY_REDIS_URL: "redis://127.0.0.1:6399",
      SANCTUARY_ASK_MODEL: "small-chat",
      SANCTUARY_PLANNER_MODEL: "small-chat",
      SANCTUARY_EMBEDDER: "openai",
      SANCTUARY_GITHUB_TOKEN: "token-without-a-repo",
    });
    expect(message?.split("\n").slice(1)).toEqual([
      "  SANCTUARY_STORAGE and SANCTUARY_REDIS_URL: both say where state lives; set one of them",
      "  SANCTUARY_GITHUB_TOKEN and SANCTUARY_GITHUB_REPO must be set together",
      "  SANCTUARY_ASK_MODEL needs SANCTUARY_OPENAI_BASE_URL, the endpoint that serves it",
      "  SANCTUARY_PLANNER_MODEL needs SANCTUARY_OPENAI_BASE_URL, the endpoint that serves it",
      "  SANCTUARY_EMBEDDER=openai needs SANCTUARY_OPENAI_BASE_URL, the endpoint that serves it",
    ]);
  });

  it("takes the models with their endpoint", () => {
    const config = loadConfig({ SANCTUARY_OPENAI_BASE_URL: "http://127.0.0.1:11434/v1", SANCTUARY_ASK_MODEL: "small-chat", SANCTUARY_EMBEDDER: "openai" });
    expect([config.openai.askModel, config.embedder]).toEqual(["small-chat", "openai"]);
  });
});

describe("settings checked by their form", () => {
  it("refuses a number not written in digits or out of its range, naming the range", () => {
    for (const [name, value] of [
      ["SANCTUARY_BODY_LIMIT", "1e12"],
      ["SANCTUARY_BODY_LIMIT", "0x10000"],
      ["SANCTUARY_WORKERS", "1000"],
      ["SANCTUARY_PLANNER_TIMEOUT_MS", "99999999999999"],
      ["PORT", "abc"],
    ])
      expect(refusal({ [name]: value }), `${name}=${value}`).toMatch(new RegExp(`${name}: must be a whole number from \\d+ to \\d+, in digits`));
    expect(loadConfig({ SANCTUARY_BODY_LIMIT: "131072", SANCTUARY_WORKERS: "4" })).toMatchObject({ bodyLimit: 131_072, workers: 4 });
  });

  it("refuses an endpoint that is not http(s), and a Redis address whose path is no database number", () => {
    for (const [name, value] of [
      ["SANCTUARY_OPENAI_BASE_URL", "localhost:11434/v1"],
      ["SANCTUARY_OPENAI_BASE_URL", "file:///etc/passwd"],
      ["SANCTUARY_GITHUB_API_URL", "ftp://api.example"],
      ["SANCTUARY_ENSO_URL", "mailto:someone@example.org"],
    ])
      expect(refusal({ [name]: value }), value).toContain(`${name}: must be an absolute http:// or https:// address`);
    // Each with an example of its own kind: a model's endpoint is no example for a forecast's address.
    expect(refusal({ SANCTUARY_SWPC_KP_URL: "noaa.gov/kp.json" })).toContain("such as https://services.swpc.noaa.gov/products/");
    expect(refusal({ SANCTUARY_OPENAI_BASE_URL: "localhost:11434/v1" })).toContain("such as http://localhost:11434/v1");
    expect(refusal({ SANCTUARY_REDIS_URL: "redis://127.0.0.1:6379/abc" })).toContain("its path (if any) a database number");
    expect(loadConfig({ SANCTUARY_REDIS_URL: "redis://:secret@127.0.0.1:6379/2?family=6" }).redisUrl).toBe("redis://:secret@127.0.0.1:6379/2?family=6");
  });

  it("names a variable that looks like a setting and is none, with the one meant", () => {
    expect(unknownSettings({ SANCTUARY_METRCS: "on", SANCTUARY_METRICS: "on", SANCTUARY_TEST_REDIS_URL: "x", PATH: "/bin" })).toEqual([
      "SANCTUARY_METRCS is no setting of Sanctuary and is ignored (did you mean SANCTUARY_METRICS?); docs/settings.md lists them",
    ]);
    expect(unknownSettings({ SANCTUARY_COLOUR: "blue" })).toEqual(["SANCTUARY_COLOUR is no setting of Sanctuary and is ignored; docs/settings.md lists them"]);
  });
});

describe("the start's word on BASE_URL", () => {
  it("is said when the server listens beyond loopback with no public address, and only then", () => {
    // Links then take each request's Host, whatever a client writes there (docs/operating.md, "Behind a reverse proxy").
    expect(unsetBaseUrlNotice(loadConfig({}))).toMatch(/^BASE_URL is unset: links in answers name the Host each request sends/);
    expect(unsetBaseUrlNotice(loadConfig({ HOST: "10.0.0.7" }))).not.toBeNull();
    for (const host of ["127.0.0.1", "::1", "localhost"]) expect(unsetBaseUrlNotice(loadConfig({ HOST: host }))).toBeNull();
    expect(unsetBaseUrlNotice(loadConfig({ BASE_URL: "https://sanctuary.example.org" }))).toBeNull();
  });
});

describe("a setting the cluster alone reads, given to one server", () => {
  it("is said at its start rather than ignored unseen", () => {
    expect(clusterOnlyNotice({ SANCTUARY_WORKERS: "4" })).toBe("SANCTUARY_WORKERS is read by npm run start:cluster only: this is one process (npm start)");
    expect(clusterOnlyNotice({})).toBeNull();
  });
});
