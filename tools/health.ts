// GET /api/health — the host's health check, with the state of storage, the search index and the planner.
import { z } from "zod";
import { defineOperation } from "./operation.ts";
import type { RecordingProgress } from "../audio/recordings.ts";
import type { SearchPreparation } from "../search/service.ts";
import { OUTAGE_KINDS, type StoreCheck } from "../storage/store-failure.ts";
import { nextSteps } from "./shapes.ts";

export const health = defineOperation({
  name: "health",
  summary: "Health check",
  input: z.strictObject({}),
  output: z.object({
    status: z
      .enum(["starting", "healthy", "degraded"])
      .describe(
        "`healthy` when every operation answers in full; `starting` for the first seconds after a start while search's meaning vectors are prepared (`preparing` says what remains); `degraded` when a part could not be prepared after its retries, or the store refuses writes (`degraded` names it), and the rest answers without it (the image's HEALTHCHECK fails on it). Every operation answers meanwhile: search and ask from words",
      ),
    preparing: z
      .array(
        z.object({
          what: z.enum(["search-words", "search-expansions", "search-vectors", "recordings"]).describe("What is being prepared"),
          state: z.string().describe("Where it stands, in words"),
          progress: z.number().min(0).max(1).nullable().describe("Share done, 0..1, where known"),
        }),
      )
      .describe("Work still under way since the start; empty when nothing is (recordings take minutes and do not hold `status` at starting)"),
    degraded: z
      .array(
        z.object({
          what: z.enum(["search-expansions", "search-vectors", "recordings", "storage"]).describe("What is missing"),
          reason: z.string().describe("Why, in words (the log has the details); a restart tries again, except for storage, which recovers by itself"),
        }),
      )
      .describe("Parts that could not be prepared after their retries, and the store while it refuses writes; empty when none"),
    service: z.string().describe("Service name"),
    timestamp: z.string().describe("Server time, ISO 8601"),
    uptimeSeconds: z.number().describe("Seconds since the server started"),
    library: z.object({ songs: z.number().int(), documents: z.number().int(), hash: z.string() }).describe("What the library holds"),
    storage: z
      .object({
        backend: z.enum(["sqlite", "redis", "memory", "unstorage"]),
        ok: z.boolean().describe("The store answers and takes writes; false answers this check with 503, so a load balancer takes the machine out"),
        reason: z.enum(OUTAGE_KINDS).nullable().describe("Why writes cannot succeed now, or null"),
      })
      .describe("The store behind reflections, attendance, conversations and limits"),
    index: z.object({
      ready: z.boolean().describe("Search and ask can answer"),
      building: z.boolean().describe("A build is under way"),
      documents: z.number().int().describe("Pages indexed"),
      passages: z.number().int().describe("Passages indexed"),
      embedder: z.string().nullable().describe("The embedder in use"),
    }),
    recordings: z
      .object({
        done: z.number().int().min(0).describe("Pieces with a current recording"),
        total: z.number().int().min(0).describe("Pieces in the library"),
        failed: z.number().int().min(0).describe("Pieces that could not be recorded after their retries (tried again at the next start)"),
        rendering: z
          .boolean()
          .describe(
            "Whether this process is rendering them now; when it renders none (SANCTUARY_RECORDINGS=off, or another process does), the counts are the recordings served",
          ),
      })
      .describe("The library's recordings: this process's background rendering, or the recordings it serves"),
    planner: z.object({ enabled: z.boolean().describe("A planning model is configured"), model: z.string().nullable() }),
    next_steps: nextSteps,
  }),
  rest: {
    method: "GET",
    path: "/api/health",
    alsoStatus: { status: 503, description: "Degraded: the store cannot take writes now (storage.ok false, with its reason); the same body" },
  },
  // A machine whose store cannot take writes answers its health check with 503 and the same body.
  statusOf: (body) => (body.storage.ok ? 200 : 503),
  async handler(_input, ctx) {
    const { steps, now } = ctx;
    const storage = await ctx.storage.check();
    const index = ctx.search.index;
    const recordings = ctx.recordings();
    const search = ctx.search.preparation();
    const preparing = preparationOf(search, index?.buildProgress ?? null, recordings);
    const degraded = degradedOf(search, recordings, storage);
    return {
      status: statusOf(preparing, degraded),
      preparing,
      degraded,
      service: "sanctuary",
      timestamp: now.toISOString(),
      uptimeSeconds: Math.round((now.getTime() - ctx.startedAt.getTime()) / 1000),
      library: { songs: ctx.library.songs.length, documents: ctx.library.documents.length, hash: ctx.library.contentHash },
      storage: { backend: ctx.storage.backend, ...storage },
      index: {
        ready: index?.ready ?? false,
        building: index?.isBuilding ?? false,
        documents: index?.stats().documents ?? 0,
        passages: index?.stats().count ?? 0,
        embedder: index?.embedder.id ?? null,
      },
      recordings,
      planner: { ...ctx.planning },
      next_steps: steps.home(),
    };
  },
});

type Preparing = { what: "search-words" | "search-expansions" | "search-vectors" | "recordings"; state: string; progress: number | null };

/** What start-up still has under way, in the order it finishes. Pure: the handler reads the states. */
export function preparationOf(search: SearchPreparation, buildProgress: number | null, recordings: RecordingProgress): Preparing[] {
  const out: Preparing[] = [];
  if (search.words !== "ready") out.push({ what: "search-words", state: "reading the library's words", progress: null });
  if (search.expansions === "waiting") out.push({ what: "search-expansions", state: "reading WordNet for related words", progress: null });
  if (search.expansions === "failed")
    out.push({ what: "search-expansions", state: "failed: search matches without related words (see the log)", progress: null });
  const vectors: Record<SearchPreparation["vectors"], string | null> = {
    "choosing embedder": "loading the embedder (a first start converts the word vectors once, about 10 seconds)",
    opening: "opening the stored index",
    building: "embedding the library's passages",
    failed: "failed: search answers from words only (see the log)",
    ready: null,
  };
  const state = vectors[search.vectors];
  if (state) out.push({ what: "search-vectors", state, progress: search.vectors === "building" ? buildProgress : null });
  if (recordings.rendering && recordings.total > 0 && recordings.done < recordings.total) {
    out.push({ what: "recordings", state: `${recordings.done} of ${recordings.total} pieces recorded`, progress: recordings.done / recordings.total });
  }
  return out;
}

type Degraded = { what: "search-expansions" | "search-vectors" | "recordings" | "storage"; reason: string };

/** What could not be prepared after its retries, and the store while it refuses writes. Pure. */
export function degradedOf(search: SearchPreparation, recordings: RecordingProgress, storage: StoreCheck = { ok: true, reason: null }): Degraded[] {
  const out: Degraded[] = [];
  if (!storage.ok)
    out.push({
      what: "storage",
      reason:
        storage.reason === "damaged"
          ? "the store's file is damaged: calls that read or write its damaged part answer 503; restore it from a backup (docs/operating.md)"
          : `the store is unavailable (${storage.reason}): writes answer 503 until it is back, reads go on; no restart is needed`,
    });
  if (search.expansions === "failed")
    out.push({ what: "search-expansions", reason: "WordNet could not be read: search matches the words asked, not their relatives" });
  if (search.vectors === "failed") out.push({ what: "search-vectors", reason: "the search index could not be built: search and ask answer from words only" });
  if (search.behind)
    out.push({
      what: "search-vectors",
      reason: `the search index could not be rebuilt after the library changed (${search.behind}): it answers from the library as it was, and is rebuilt again within a minute`,
    });
  if (recordings.failed > 0) out.push({ what: "recordings", reason: `${recordings.failed} pieces could not be recorded: the player passes over them` });
  return out;
}

/** `degraded` over `starting` over `healthy`: a part given up on is news until a restart, whatever else is under way. Pure. */
export function statusOf(preparing: readonly Preparing[], degraded: readonly Degraded[]): "starting" | "healthy" | "degraded" {
  if (degraded.length) return "degraded";
  return preparing.some((p) => p.what !== "recordings") ? "starting" : "healthy";
}
