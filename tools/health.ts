// GET /api/health — the host's health check, with the state of storage, the search index and the planner.
import { z } from "zod";
import { defineOperation } from "./operation.ts";
import { nextSteps } from "./shapes.ts";

export const health = defineOperation({
  name: "health",
  summary: "Health check",
  input: z.object({}),
  output: z.object({
    status: z.literal("healthy").describe("Always `healthy` when the server answers"),
    service: z.string().describe("Service name"),
    timestamp: z.string().describe("Server time, ISO 8601"),
    uptimeSeconds: z.number().describe("Seconds since the server started"),
    library: z.object({ songs: z.number().int(), documents: z.number().int(), hash: z.string() }).describe("What the library holds"),
    storage: z.object({ backend: z.enum(["sqlite", "redis", "memory", "unstorage"]), ok: z.boolean().describe("A read from storage succeeded") }),
    index: z.object({
      ready: z.boolean().describe("Search and ask can answer"),
      building: z.boolean().describe("A build is under way"),
      documents: z.number().int().describe("Pages indexed"),
      passages: z.number().int().describe("Passages indexed"),
      embedder: z.string().nullable().describe("The embedder in use"),
    }),
    recordings: z
      .object({ done: z.number().int().min(0).describe("Pieces with a current recording"), total: z.number().int().min(0).describe("Pieces in the library") })
      .describe("Background rendering of the library's recordings (total 0: not started, or SANCTUARY_RECORDINGS=off)"),
    planner: z.object({ enabled: z.boolean().describe("A planning model is configured"), model: z.string().nullable() }),
    next_steps: nextSteps,
  }),
  rest: { method: "GET", path: "/api/health" },
  async handler(_input, ctx) {
    const { steps, now } = ctx;
    const ok = await ctx.storage.probe();
    const index = ctx.search.index;
    return {
      status: "healthy" as const,
      service: "sanctuary",
      timestamp: now.toISOString(),
      uptimeSeconds: Math.round((now.getTime() - ctx.startedAt.getTime()) / 1000),
      library: { songs: ctx.library.songs.length, documents: ctx.library.documents.length, hash: ctx.library.contentHash },
      storage: { backend: ctx.storage.backend, ok },
      index: {
        ready: index?.ready ?? false,
        building: index?.isBuilding ?? false,
        documents: index?.stats().documents ?? 0,
        passages: index?.stats().count ?? 0,
        embedder: index?.embedder.id ?? null,
      },
      recordings: ctx.recordings(),
      planner: { ...ctx.planning },
      next_steps: steps.home(),
    };
  },
});
