// GET /metrics: Prometheus text, only when SANCTUARY_METRICS=on. With SANCTUARY_ADMIN_KEY set it asks for that
// key as a Bearer token (counts of visitors and the index's state are an operator's business; the public
// can read souls and health anyway), with the admin interface's own check and lockout (web/admin-auth.ts).
import type { H3Event } from "h3";
import { errorResponseOf } from "../adapters/http.ts";
import { forbidden, SanctuaryError, unavailable } from "../core/errors.ts";
import type { Route } from "../core/route.ts";
import type { WebContext } from "./context.ts";
import { bearerOf, checkAdminKey, keyMatches } from "./admin-auth.ts";
import { isStoreUnavailable, OUTAGE_KINDS, unlessStoreDown } from "../storage/store-failure.ts";

const registered = new WeakSet<object>();

/** Values read at each scrape from the services: store-wide counts (shared by every process) and this process's state. */
function registerGauges(ctx: WebContext): void {
  const m = ctx.metrics;
  if (registered.has(m)) return;
  registered.add(m);
  m.startEventsAtZero(OUTAGE_KINDS);
  // The store-wide counts are left out of a scrape while the store is down: the scrape is how an operator sees
  // the outage (sanctuary_storage_up 0, sanctuary_store_errors_total rising), so it must still answer.
  // The probe first: some reads do not fail while the store is down (a count kept from before it, a read some
  // engines answer as empty), and a 0 or a stale figure would read as a fall in reflections or visitors.
  const storeWide = async (read: () => Promise<number>): Promise<Array<[Record<string, string>, number]>> => {
    if (!(await ctx.storage.check()).ok) return [];
    const value = await unlessStoreDown(read());
    return value === null ? [] : [[{}, value]];
  };
  m.gauge("sanctuary_souls", "Visitors present in the last 24 hours (store-wide)", [], "max", () => storeWide(() => ctx.presence.count(ctx.clock())));
  m.gauge("sanctuary_reflections", "Reflections kept (store-wide); its increase is the reflections written", [], "max", () =>
    storeWide(async () => Object.values(await ctx.reflections.tally()).reduce((n, t) => n + t.count, 0)),
  );
  m.gauge("sanctuary_index_ready", "1 when search and ask can answer from this process's index", [], "min", async () => [
    [{}, ctx.search.index?.ready ? 1 : 0],
  ]);
  m.gauge("sanctuary_index_building", "1 while this process builds its search index", [], "max", async () => [[{}, ctx.search.index?.isBuilding ? 1 : 0]]);
  m.gauge("sanctuary_index_size", "Rows in this process's search index, by kind", ["kind"], "min", async () => {
    const stats = ctx.search.index?.stats();
    return [
      [{ kind: "documents" }, stats?.documents ?? 0],
      [{ kind: "passages" }, stats?.count ?? 0],
    ];
  });
  m.gauge("sanctuary_recordings", "Library pieces with a current recording (done) and in all (total)", ["state"], "max", async () => {
    const { done, total } = ctx.recordings();
    return [
      [{ state: "done" }, done],
      [{ state: "total" }, total],
    ];
  });
  m.gauge("sanctuary_library_pieces", "Pieces this process serves, by kind (processes that agree show the same)", ["kind"], "min", async () => [
    [{ kind: "songs" }, ctx.library.songs.length],
    [{ kind: "documents" }, ctx.library.documents.length],
  ]);
  m.gauge("sanctuary_storage_up", "1 when the store answers a probe", [], "min", async () => [[{}, (await ctx.storage.check()).ok ? 1 : 0]]);
}

/** The admin interface's own check and lockout (web/admin-auth.ts), answered as a response; null lets the scrape through. */
async function refused(event: H3Event, ctx: WebContext): Promise<Response | null> {
  const key = ctx.config.review.adminKey;
  if (!key) return null;
  try {
    await checkAdminKey(event, ctx, key);
    return null;
  } catch (error) {
    // While the store is down the attempts cannot be counted: the key alone decides, so the operator can still scrape.
    if (isStoreUnavailable(error))
      return keyMatches(bearerOf(event), key) ? null : errorResponseOf(event, forbidden("The admin key is missing or not correct."));
    if (error instanceof SanctuaryError) return errorResponseOf(event, error);
    throw error;
  }
}

export function metricsRoutes(ctx: WebContext): Route[] {
  if (!ctx.config.metrics) return [];
  registerGauges(ctx);
  return [
    {
      method: "GET",
      path: "/metrics",
      summary: "Prometheus metrics (SANCTUARY_METRICS=on; the admin key as a Bearer token when one is set)",
      produces: "text/plain",
      errors: ["forbidden", "unavailable"],
      handler: async (event) => {
        const refusal = await refused(event, ctx);
        if (refusal) return refusal;
        // A cluster's worker asks the primary for every worker's figures (core/cluster-metrics.ts), which may not come.
        const text = await ctx.metrics.text().catch((error: unknown) => {
          ctx.log.warn({ err: error }, "metrics could not be gathered");
          return null;
        });
        if (text === null)
          return errorResponseOf(
            event,
            unavailable("The cluster's metrics could not be gathered just now.", { suggestion: "Nothing is wrong with the sanctuary itself; scrape again." }),
          );
        return new Response(text, { headers: { "content-type": ctx.metrics.contentType, "cache-control": "no-store" } });
      },
    },
  ];
}
