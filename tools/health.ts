// GET /api/health — the host's health check.
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
    next_steps: nextSteps,
  }),
  rest: { method: "GET", path: "/api/health" },
  handler(_input, { deps, steps, now }) {
    return {
      status: "healthy" as const,
      service: "sanctuary",
      timestamp: now.toISOString(),
      uptimeSeconds: Math.round((now.getTime() - deps.startedAt.getTime()) / 1000),
      library: { songs: deps.library.songs.length, documents: deps.library.documents.length, hash: deps.library.contentHash },
      next_steps: steps.home(),
    };
  },
});
