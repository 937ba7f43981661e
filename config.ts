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
  SANCTUARY_BODY_LIMIT: z.coerce.number().int().min(1024).default(65_536).describe("largest accepted request body, bytes"),
  SANCTUARY_LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SANCTUARY_CHECK_OUTPUT: flag.default("off").describe("validate every response against its output schema (tests turn it on)"),
});

export type RawConfig = z.infer<typeof ConfigSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  baseUrl?: string;
  libraryDir: string;
  redisUrl?: string;
  bodyLimit: number;
  logLevel: RawConfig["SANCTUARY_LOG_LEVEL"];
  checkOutput: boolean;
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
    bodyLimit: c.SANCTUARY_BODY_LIMIT,
    logLevel: c.SANCTUARY_LOG_LEVEL,
    checkOutput: c.SANCTUARY_CHECK_OUTPUT === "on",
  };
}

/** Settings with their defaults, for the README and `GET /api/health`-style introspection. */
export const settingsTable = Object.entries(ConfigSchema.shape).map(([name, schema]) => ({
  name,
  description: schema.description ?? "",
}));
