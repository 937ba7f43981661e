// The one place settings are read. Everything else receives the parsed Config it needs.
import { availableParallelism } from "node:os";
import { isIP } from "node:net";
import { resolve } from "node:path";
import { closestMatch } from "leven";
import { z } from "zod";

/**
 * A whole number within bounds, written in digits (`Number` would also read "1e12", "0x10000" and " " as numbers):
 * refused otherwise in words naming the range, never as "expected number, received NaN".
 */
const whole = (min: number, max: number) => {
  const words = `must be a whole number from ${min} to ${max}, in digits`;
  return z
    .string()
    .regex(/^\d{1,16}$/, words)
    .transform(Number)
    .pipe(z.number().min(min, words).max(max, words));
};
const port = whole(0, 65535);
const flag = z.enum(["on", "off"]);
/** An endpoint this server calls: http:// or https:// only (a bare "localhost:11434/v1" reads as a URL of scheme "localhost:"). */
const endpoint = (example: string) => z.url({ protocol: /^https?$/, error: `must be an absolute http:// or https:// address, such as ${example}` });

const ConfigSchema = z.object({
  PORT: port.default(3000).describe("TCP port to listen on"),
  HOST: z.string().default("0.0.0.0").describe("interface to listen on"),
  DATA_DIR: z
    .string()
    .default("./data")
    .describe(
      "all state: state.db (+ -wal, -shm: records, presence), media/ (recordings); a state/ folder of the old one-file-per-key layout is imported at the first start and renamed state.imported-<time>",
    ),
  BASE_URL: z
    .url({ protocol: /^https?$/, error: "must be an absolute http:// or https:// address, such as https://sanctuary.example.org" })
    // Links are the base followed by a path: a query or a fragment would end up before every path.
    .refine((url) => !/[?#]/.test(url), "must be an address and path only, without a ? query or a # fragment, such as https://example.org/sanctuary")
    .optional()
    .describe("absolute base for links in responses (unset: the request's own origin)"),
  SANCTUARY_LIBRARY_DIR: z.string().optional().describe("the library's folder (unset: corpus/library in this checkout)"),
  SANCTUARY_REDIS_URL: z
    .string()
    // Its path, if any, is the database's number: redis://host:6379/2.
    .regex(/^rediss?:\/\/[^\s/?#]+(\/\d*)?(\?\S*)?$/, "must be a redis:// or rediss:// address, its path (if any) a database number: redis://host:6379/0")
    .optional()
    .describe("redis://… to keep state in Redis (unset: SQLite under DATA_DIR)"),
  SANCTUARY_STORAGE: z
    .enum(["unstorage:memory", "unstorage:fs"])
    .optional()
    .describe(
      "state through an unstorage driver, one process only: unstorage:fs (one file per item under DATA_DIR/kv) or unstorage:memory (gone at exit); see docs/scaling.md",
    ),
  SANCTUARY_WORKERS: whole(1, 64).optional().describe("processes npm run start:cluster starts (unset: one per core)"),
  SANCTUARY_TRUST_PROXY: z
    .string()
    .default("auto")
    .transform(parseTrustProxy)
    .describe(
      "whose X-Forwarded-For names the client (rate limits, the souls cap, the admin lockout): auto (its last entry, only from a loopback peer: a proxy on the same host), none (never), always (its last entry from any peer), or a comma-separated list of your proxies' addresses and CIDR ranges (the client is the first entry from the right that is not listed); a bad entry stops the start; see docs/scaling.md",
    ),
  SANCTUARY_NEW_SOULS_PER_ADDRESS: whole(1, 1_000_000)
    .default(20)
    .describe(
      "new names one address may add to the souls count in 24 hours, over REST and MCP alike (beyond it attend still welcomes, answers counted: false)",
    ),
  SANCTUARY_BODY_LIMIT: whole(1024, 67_108_864)
    .default(65_536)
    .describe("largest accepted request body in bytes (larger: 413), and longest MCP stdio line (larger: -32600)"),
  SANCTUARY_LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info").describe("pino level; logs go to stderr"),
  LANCEDB_LOG: z
    .enum(["error", "warn", "info", "debug", "trace"])
    .default("error")
    .describe("LanceDB's own log level (plain text on stderr, beside the JSON log): errors only unless asked"),
  SANCTUARY_CHECK_OUTPUT: flag.default("off").describe("validate every response against its output schema (tests turn it on)"),
  SANCTUARY_RATE_LIMITS: flag.default("on").describe("off disables rate limits (for load tests only)"),
  SANCTUARY_RECORDINGS: flag.default("on").describe("off leaves missing recordings unrendered at start (on: npm start renders them in the background)"),
  SANCTUARY_RENDERERS: whole(1, 8)
    .optional()
    .describe(
      "low-priority renderer processes side by side (default: one per 192 MB beyond 512 MB of the memory given, at most one per core and two in all, at least one; core/memory.ts)",
    ),
  SANCTUARY_PODCAST_OWNER_NAME: z.string().optional().describe("the podcasts' itunes:owner name (Apple asks for one)"),
  SANCTUARY_PODCAST_OWNER_EMAIL: z.email().optional().describe("the podcasts' itunes:owner email, where podcast directories write"),
  SANCTUARY_METRICS: flag.default("off").describe("on serves Prometheus metrics at /metrics (behind SANCTUARY_ADMIN_KEY when that is set)"),
  SANCTUARY_CONTRIBUTIONS: flag.default("on").describe("off answers contribute and feedback with 503 (temporarily disabled)"),
  SANCTUARY_GITHUB_TOKEN: z
    .string()
    .optional()
    .describe(
      "code-host token; with SANCTUARY_GITHUB_REPO, contributions become pull requests and feedback issues (needs contents, pull requests and issues write)",
    ),
  SANCTUARY_GITHUB_REPO: z
    .string()
    .regex(/^[\w.-]+\/[\w.-]+$/, "must be owner/name")
    .optional()
    .describe("owner/name of the repository that receives them (unset: the local moderation queue)"),
  SANCTUARY_GITHUB_API_URL: endpoint("https://api.github.com").optional().describe("the code host's REST API base (default https://api.github.com)"),
  SANCTUARY_GITHUB_BRANCH: z.string().min(1).default("main").describe("base branch that contribution pull requests target"),
  SANCTUARY_ADMIN_KEY: z
    .string()
    .min(16, "must be at least 16 characters")
    .optional()
    .describe("at least 16 characters; turns on the moderation queue's admin API (/admin/api/*), sent as Authorization: Bearer <key> (unset: 503)"),
  SANCTUARY_SECURITY_CONTACT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: or https:// address")
    .optional()
    .describe("where to report a security problem (the Contact of /.well-known/security.txt; unset: that file answers 404)"),
  SANCTUARY_EMBEDDER: z
    .enum(["auto", "glove", "transformers", "openai"])
    .default("auto")
    .describe(
      "which embedder builds the search index: glove (offline, built in), transformers (optional package), openai (any OpenAI-compatible endpoint); auto uses transformers when its model is present or fetchable within 5 s, else glove, and logs why",
    ),
  SANCTUARY_MODEL_DIR: z.string().optional().describe("folder holding transformers.js models (default DATA_DIR/models)"),
  SANCTUARY_TRANSFORMERS_MODEL: z.string().default("Xenova/all-MiniLM-L6-v2").describe("sentence model for the transformers embedder"),
  SANCTUARY_OPENAI_BASE_URL: endpoint("http://localhost:11434/v1")
    .optional()
    .describe("any OpenAI-compatible endpoint, e.g. http://localhost:11434/v1; with the models below it turns on generated answers and planning"),
  SANCTUARY_OPENAI_API_KEY: z.string().optional().describe("key for that endpoint"),
  SANCTUARY_EMBEDDING_MODEL: z.string().default("text-embedding-3-small").describe("embedding model for the openai embedder"),
  SANCTUARY_ASK_MODEL: z.string().optional().describe("chat model for generated answers (unset: extractive answers)"),
  SANCTUARY_PLANNER_MODEL: z.string().optional().describe("chat model that plans services (unset: rotation only)"),
  SANCTUARY_PLANNER_TIMEOUT_MS: whole(100, 3_600_000).default(60_000).describe("how long one planning call may take"),
  SANCTUARY_SWPC_KP_URL: endpoint("https://services.swpc.noaa.gov/products/noaa-planetary-k-index-forecast.json")
    .default("https://services.swpc.noaa.gov/products/noaa-planetary-k-index-forecast.json")
    .describe("NOAA SWPC planetary Kp forecast, for the planner (cached about an hour)"),
  SANCTUARY_SWPC_SCALES_URL: endpoint("https://services.swpc.noaa.gov/products/noaa-scales.json")
    .default("https://services.swpc.noaa.gov/products/noaa-scales.json")
    .describe("NOAA SWPC space-weather scales, for the planner (cached about an hour)"),
  SANCTUARY_ENSO_URL: endpoint("https://www.cpc.ncep.noaa.gov/products/analysis_monitoring/enso_advisory/ensodisc.shtml")
    .default("https://www.cpc.ncep.noaa.gov/products/analysis_monitoring/enso_advisory/ensodisc.shtml")
    .describe("NOAA CPC ENSO diagnostic discussion: El Niño or La Niña, for the planner (cached a day)"),
});

export type RawConfig = z.infer<typeof ConfigSchema>;

/** Trusted proxies named by the operator: addresses and CIDR ranges, as written (e.g. "10.0.0.0/8", "::1"). */
export interface TrustedProxies {
  proxies: readonly string[];
}
export type TrustProxy = "auto" | "none" | "always" | TrustedProxies;

/** SANCTUARY_TRUST_PROXY: a keyword, or a list of addresses and CIDR ranges, each checked here so a typo fails at start. */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  const word = value.trim().toLowerCase();
  if (word === "auto" || word === "none" || word === "always") return word;
  const proxies = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = proxies.filter((p) => !isAddressOrRange(p));
  if (!proxies.length || bad.length) {
    ctx.addIssue({
      code: "custom",
      message: `must be auto, none, always, or a comma-separated list of IP addresses and CIDR ranges${bad.length ? ` (not an address or range: ${bad.join(", ")})` : ""}`,
    });
    return z.NEVER;
  }
  return { proxies };
}

function isAddressOrRange(text: string): boolean {
  const [address, prefix, extra] = text.split("/");
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  baseUrl?: string;
  libraryDir: string;
  redisUrl?: string;
  /** An unstorage driver instead of SQLite or Redis (one process only). */
  storage?: RawConfig["SANCTUARY_STORAGE"];
  /** Which peers' X-Forwarded-For is believed (docs/behaviour.md §9). */
  trustProxy: TrustProxy;
  /** New names one address may add to the souls count in 24 hours (LIMITS.newSouls). */
  newSoulsPerAddress: number;
  bodyLimit: number;
  logLevel: RawConfig["SANCTUARY_LOG_LEVEL"];
  lancedbLog: RawConfig["LANCEDB_LOG"];
  checkOutput: boolean;
  rateLimits: boolean;
  /** Render missing recordings in the background once the server listens. */
  recordings: boolean;
  /** Renderer processes side by side, each at the lowest CPU priority; unset: from the memory available (core/memory.ts). */
  renderers?: number;
  /** Processes npm run start:cluster starts. */
  workers: number;
  podcastOwner: { name?: string; email?: string };
  /** The Contact of /.well-known/security.txt (a mailto: or https: URI). */
  securityContact?: string;
  /** Serve /metrics (SANCTUARY_METRICS=on). */
  metrics: boolean;
  review: ReviewConfig;
  embedder: RawConfig["SANCTUARY_EMBEDDER"];
  modelDir: string;
  transformersModel: string;
  openai: { baseURL?: string; apiKey?: string; embeddingModel: string; askModel?: string; plannerModel?: string; plannerTimeoutMs: number };
  sources: { kpUrl: string; scalesUrl: string; ensoUrl: string };
}

/**
 * Settings each valid alone that cannot work together: named at the start rather than one of them silently
 * ignored (state kept in memory while Redis is set; a model named with no endpoint to ask). Pure.
 */
export function settingConflicts(c: RawConfig): string[] {
  const out: string[] = [];
  if (c.SANCTUARY_STORAGE && c.SANCTUARY_REDIS_URL) out.push("SANCTUARY_STORAGE and SANCTUARY_REDIS_URL: both say where state lives; set one of them");
  if (!c.SANCTUARY_GITHUB_TOKEN !== !c.SANCTUARY_GITHUB_REPO) out.push("SANCTUARY_GITHUB_TOKEN and SANCTUARY_GITHUB_REPO must be set together");
  if (!c.SANCTUARY_OPENAI_BASE_URL) {
    const needing = [
      c.SANCTUARY_ASK_MODEL && "SANCTUARY_ASK_MODEL",
      c.SANCTUARY_PLANNER_MODEL && "SANCTUARY_PLANNER_MODEL",
      c.SANCTUARY_EMBEDDER === "openai" && "SANCTUARY_EMBEDDER=openai",
    ].filter(Boolean);
    for (const setting of needing) out.push(`${setting} needs SANCTUARY_OPENAI_BASE_URL, the endpoint that serves it`);
  }
  return out;
}

/**
 * Variables named like settings that are none (a slip: SANCTUARY_METRCS), each a line to warn with at the start,
 * naming the setting meant when one is a letter or two away. Not refused: the environment is shared. Pure.
 */
export function unknownSettings(env: Record<string, string | undefined>): string[] {
  const known = Object.keys(ConfigSchema.shape);
  return (
    Object.keys(env)
      // SANCTUARY_TEST_* and SANCTUARY_CI_* are the tests' and CI's own; SANCTUARY_MCP_URL the Claude Code plugin's;
      // SANCTUARY_CLUSTER_RENDERS what a cluster's primary tells the worker that renders (server-cluster.ts).
      .filter(
        (name) => name.startsWith("SANCTUARY_") && !known.includes(name) && !/^SANCTUARY_(TEST|CI)_|^SANCTUARY_MCP_URL$|^SANCTUARY_CLUSTER_RENDERS$/.test(name),
      )
      .map((name) => {
        const meant = closestMatch(name, known, { maxDistance: 2 });
        return `${name} is no setting of Sanctuary and is ignored${meant ? ` (did you mean ${meant}?)` : ""}; docs/settings.md lists them`;
      })
  );
}

/** The settings whose value is one of a few words (on/off, a log level, an embedder): read in any letter case. */
const WORD_SETTINGS = new Set(
  Object.entries(ConfigSchema.shape)
    .filter(([, schema]) => {
      let inner: z.ZodType = schema;
      while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
      return inner instanceof z.ZodEnum;
    })
    .map(([key]) => key),
);

/** Parse settings from an environment-like object; throws with every bad setting named. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // A setting of spaces alone is as unset as an empty one (PORT=" " would otherwise be port 0, any free port); spaces
  // around a value are never part of it, and a setting that names one of a few words takes it in any letter case
  // (SANCTUARY_LOG_LEVEL=INFO), so neither is refused with a message that cannot show them.
  const given = Object.entries(env).flatMap(([key, v]) => {
    const value = v?.trim();
    if (!value) return [];
    return [[key, WORD_SETTINGS.has(key) ? value.toLowerCase() : value]];
  });
  const parsed = ConfigSchema.safeParse(Object.fromEntries(given));
  const problems = parsed.success
    ? settingConflicts(parsed.data).map((line) => `  ${line}`)
    : parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
  if (!parsed.success || problems.length) throw new Error(`Sanctuary settings are not valid:\n${problems.join("\n")}`);
  const c = parsed.data;
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: resolve(c.DATA_DIR),
    baseUrl: c.BASE_URL?.replace(/\/+$/, ""),
    libraryDir: resolve(c.SANCTUARY_LIBRARY_DIR ?? new URL("./corpus/library", import.meta.url).pathname),
    redisUrl: c.SANCTUARY_REDIS_URL,
    storage: c.SANCTUARY_STORAGE,
    trustProxy: c.SANCTUARY_TRUST_PROXY,
    newSoulsPerAddress: c.SANCTUARY_NEW_SOULS_PER_ADDRESS,
    bodyLimit: c.SANCTUARY_BODY_LIMIT,
    logLevel: c.SANCTUARY_LOG_LEVEL,
    lancedbLog: c.LANCEDB_LOG,
    checkOutput: c.SANCTUARY_CHECK_OUTPUT === "on",
    rateLimits: c.SANCTUARY_RATE_LIMITS === "on",
    recordings: c.SANCTUARY_RECORDINGS === "on",
    renderers: c.SANCTUARY_RENDERERS,
    workers: c.SANCTUARY_WORKERS ?? availableParallelism(),
    metrics: c.SANCTUARY_METRICS === "on",
    podcastOwner: { name: c.SANCTUARY_PODCAST_OWNER_NAME, email: c.SANCTUARY_PODCAST_OWNER_EMAIL },
    securityContact: c.SANCTUARY_SECURITY_CONTACT,
    review: reviewConfig(c),
    embedder: c.SANCTUARY_EMBEDDER,
    modelDir: resolve(c.SANCTUARY_MODEL_DIR ?? `${c.DATA_DIR}/models`),
    transformersModel: c.SANCTUARY_TRANSFORMERS_MODEL,
    openai: {
      baseURL: c.SANCTUARY_OPENAI_BASE_URL,
      apiKey: c.SANCTUARY_OPENAI_API_KEY,
      embeddingModel: c.SANCTUARY_EMBEDDING_MODEL,
      askModel: c.SANCTUARY_ASK_MODEL,
      plannerModel: c.SANCTUARY_PLANNER_MODEL,
      plannerTimeoutMs: c.SANCTUARY_PLANNER_TIMEOUT_MS,
    },
    sources: { kpUrl: c.SANCTUARY_SWPC_KP_URL, scalesUrl: c.SANCTUARY_SWPC_SCALES_URL, ensoUrl: c.SANCTUARY_ENSO_URL },
  };
}

/** One row per setting, from the schema: its name, its default as written (or null: unset), what it does. docs/settings.md is made from these (scripts/settings-doc.ts). */
export function settingsOf(): Array<{ name: string; default: string | null; meaning: string }> {
  return Object.entries(ConfigSchema.shape).map(([name, schema]) => ({ name, default: defaultOf(schema), meaning: schema.description ?? "" }));
}

function defaultOf(schema: z.ZodType): string | null {
  if (schema instanceof z.ZodPipe) return defaultOf(schema.in as z.ZodType);
  if (schema instanceof z.ZodDefault) return String(schema.def.defaultValue);
  return null;
}

export interface ReviewConfig {
  /** False answers contribute and feedback with 503. */
  contributions: boolean;
  /** Set when submissions go to a code host; otherwise the local moderation queue takes them. */
  github: { token: string; owner: string; repo: string; apiUrl: string; branch: string } | null;
  adminKey?: string;
}

function reviewConfig(c: RawConfig): ReviewConfig {
  // Half a code-host setup would silently fall back to the local queue: settingConflicts refuses it.
  const { SANCTUARY_GITHUB_TOKEN: token, SANCTUARY_GITHUB_REPO: repo } = c;
  const [owner, name] = (repo ?? "/").split("/");
  return {
    contributions: c.SANCTUARY_CONTRIBUTIONS === "on",
    github: token
      ? { token, owner, repo: name, apiUrl: (c.SANCTUARY_GITHUB_API_URL ?? "https://api.github.com").replace(/\/+$/, ""), branch: c.SANCTUARY_GITHUB_BRANCH }
      : null,
    adminKey: c.SANCTUARY_ADMIN_KEY,
  };
}

/** A setting only `npm run start:cluster` reads, given to a single server: said at the start rather than ignored unseen. */
export function clusterOnlyNotice(env: Readonly<Record<string, string | undefined>>): string | null {
  return env.SANCTUARY_WORKERS ? "SANCTUARY_WORKERS is read by npm run start:cluster only: this is one process (npm start)" : null;
}
