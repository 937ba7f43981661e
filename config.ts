// The one place settings are read. Everything else receives the parsed Config it needs.
import { resolve } from "node:path";
import { z } from "zod";

const port = z.coerce.number().int().min(0).max(65535);
const flag = z.enum(["on", "off"]);

const ConfigSchema = z.object({
  PORT: port.default(3000).describe("TCP port to listen on"),
  HOST: z.string().default("0.0.0.0").describe("interface to listen on"),
  DATA_DIR: z.string().default("./data").describe("folder holding all state"),
  BASE_URL: z.url().optional().describe("absolute base for links when it differs from the request's own"),
  SANCTUARY_LIBRARY_DIR: z.string().optional().describe("the library's folder (default: corpus/library in this checkout)"),
  SANCTUARY_REDIS_URL: z.string().optional().describe("redis://… to keep state in Redis instead of files"),
  SANCTUARY_TRUST_PROXY: z
    .enum(["auto", "none", "always"])
    .default("auto")
    .describe(
      "whose X-Forwarded-For names the client: auto (one hop, only from a loopback, private or link-local peer), none (never), always (one hop from any peer)",
    ),
  SANCTUARY_BODY_LIMIT: z.coerce.number().int().min(1024).default(65_536).describe("largest accepted request body, bytes"),
  SANCTUARY_LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SANCTUARY_CHECK_OUTPUT: flag.default("off").describe("validate every response against its output schema (tests turn it on)"),
  SANCTUARY_RATE_LIMITS: flag.default("on").describe("off disables rate limits (for load tests only)"),
  SANCTUARY_RECORDINGS: flag.default("on").describe("off leaves the library unrendered at start (npm start renders missing recordings in the background)"),
  SANCTUARY_PODCAST_OWNER_NAME: z.string().optional().describe("the podcasts' itunes:owner name (Apple asks for one)"),
  SANCTUARY_PODCAST_OWNER_EMAIL: z.email().optional().describe("the podcasts' itunes:owner email, where podcast directories write"),
  SANCTUARY_METRICS: flag.default("off").describe("on serves Prometheus metrics at /metrics (behind SANCTUARY_ADMIN_KEY when that is set)"),
  SANCTUARY_CONTRIBUTIONS: flag.default("on").describe("off answers contribute and feedback with 503 (temporarily disabled)"),
  SANCTUARY_GITHUB_TOKEN: z.string().optional().describe("code-host token; with SANCTUARY_GITHUB_REPO, contributions become pull requests and feedback issues"),
  SANCTUARY_GITHUB_REPO: z
    .string()
    .regex(/^[\w.-]+\/[\w.-]+$/, "must be owner/name")
    .optional()
    .describe("owner/name of the repository that receives them"),
  SANCTUARY_GITHUB_API_URL: z.url().optional().describe("the code host's REST API base (default https://api.github.com)"),
  SANCTUARY_GITHUB_BRANCH: z.string().min(1).default("main").describe("base branch that contribution pull requests target"),
  SANCTUARY_ADMIN_KEY: z
    .string()
    .min(16, "must be at least 16 characters")
    .optional()
    .describe("turns on the moderation queue's admin API (/admin/api/*); send it as Authorization: Bearer <key>"),
  SANCTUARY_EMBEDDER: z.enum(["auto", "glove", "transformers", "openai"]).default("auto").describe("which embedder builds the search index"),
  SANCTUARY_MODEL_DIR: z.string().optional().describe("folder holding transformers.js models (default DATA_DIR/models)"),
  SANCTUARY_TRANSFORMERS_MODEL: z.string().default("Xenova/all-MiniLM-L6-v2").describe("sentence model for the transformers embedder"),
  SANCTUARY_OPENAI_BASE_URL: z.url().optional().describe("any OpenAI-compatible endpoint, e.g. http://localhost:11434/v1"),
  SANCTUARY_OPENAI_API_KEY: z.string().optional().describe("key for that endpoint"),
  SANCTUARY_EMBEDDING_MODEL: z.string().default("text-embedding-3-small").describe("embedding model for the openai embedder"),
  SANCTUARY_ASK_MODEL: z.string().optional().describe("chat model for generated answers (unset: extractive answers)"),
  SANCTUARY_PLANNER_MODEL: z.string().optional().describe("chat model that plans services (unset: rotation only)"),
  SANCTUARY_PLANNER_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000).describe("how long one planning call may take"),
  SANCTUARY_SWPC_KP_URL: z
    .url()
    .default("https://services.swpc.noaa.gov/products/noaa-planetary-k-index-forecast.json")
    .describe("NOAA SWPC planetary Kp forecast"),
  SANCTUARY_SWPC_SCALES_URL: z.url().default("https://services.swpc.noaa.gov/products/noaa-scales.json").describe("NOAA SWPC space-weather scales"),
  SANCTUARY_ENSO_URL: z
    .url()
    .default("https://www.cpc.ncep.noaa.gov/products/analysis_monitoring/enso_advisory/ensodisc.shtml")
    .describe("NOAA CPC ENSO diagnostic discussion"),
});

export type RawConfig = z.infer<typeof ConfigSchema>;
export type TrustProxy = RawConfig["SANCTUARY_TRUST_PROXY"];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  baseUrl?: string;
  libraryDir: string;
  redisUrl?: string;
  /** Which peers' X-Forwarded-For is believed (decisions §14). */
  trustProxy: TrustProxy;
  bodyLimit: number;
  logLevel: RawConfig["SANCTUARY_LOG_LEVEL"];
  checkOutput: boolean;
  rateLimits: boolean;
  /** Render missing recordings in the background once the server listens. */
  recordings: boolean;
  podcastOwner: { name?: string; email?: string };
  /** Serve /metrics (SANCTUARY_METRICS=on). */
  metrics: boolean;
  review: ReviewConfig;
  embedder: RawConfig["SANCTUARY_EMBEDDER"];
  modelDir: string;
  transformersModel: string;
  openai: { baseURL?: string; apiKey?: string; embeddingModel: string; askModel?: string; plannerModel?: string; plannerTimeoutMs: number };
  sources: { kpUrl: string; scalesUrl: string; ensoUrl: string };
}

/** Parse settings from an environment-like object; throws with every bad setting named. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = ConfigSchema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Sanctuary settings are not valid:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: resolve(c.DATA_DIR),
    baseUrl: c.BASE_URL?.replace(/\/+$/, ""),
    libraryDir: resolve(c.SANCTUARY_LIBRARY_DIR ?? new URL("./corpus/library", import.meta.url).pathname),
    redisUrl: c.SANCTUARY_REDIS_URL,
    trustProxy: c.SANCTUARY_TRUST_PROXY,
    bodyLimit: c.SANCTUARY_BODY_LIMIT,
    logLevel: c.SANCTUARY_LOG_LEVEL,
    checkOutput: c.SANCTUARY_CHECK_OUTPUT === "on",
    rateLimits: c.SANCTUARY_RATE_LIMITS === "on",
    recordings: c.SANCTUARY_RECORDINGS === "on",
    metrics: c.SANCTUARY_METRICS === "on",
    podcastOwner: { name: c.SANCTUARY_PODCAST_OWNER_NAME, email: c.SANCTUARY_PODCAST_OWNER_EMAIL },
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

/** Settings with their defaults, for the README and `GET /api/health`-style introspection. */
export const settingsTable = Object.entries(ConfigSchema.shape).map(([name, schema]) => ({
  name,
  description: schema.description ?? "",
}));

export interface ReviewConfig {
  /** False answers contribute and feedback with 503. */
  contributions: boolean;
  /** Set when submissions go to a code host; otherwise the local moderation queue takes them. */
  github: { token: string; owner: string; repo: string; apiUrl: string; branch: string } | null;
  adminKey?: string;
}

function reviewConfig(c: RawConfig): ReviewConfig {
  const { SANCTUARY_GITHUB_TOKEN: token, SANCTUARY_GITHUB_REPO: repo } = c;
  // Half a code-host setup would silently fall back to the local queue; refuse it instead.
  if (!token !== !repo) throw new Error("Sanctuary settings are not valid:\n  SANCTUARY_GITHUB_TOKEN and SANCTUARY_GITHUB_REPO must be set together");
  const [owner, name] = (repo ?? "/").split("/");
  return {
    contributions: c.SANCTUARY_CONTRIBUTIONS === "on",
    github: token
      ? { token, owner, repo: name, apiUrl: (c.SANCTUARY_GITHUB_API_URL ?? "https://api.github.com").replace(/\/+$/, ""), branch: c.SANCTUARY_GITHUB_BRANCH }
      : null,
    adminKey: c.SANCTUARY_ADMIN_KEY,
  };
}
