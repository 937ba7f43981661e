// GET /metrics: Prometheus text, only when SANCTUARY_METRICS=on. With SANCTUARY_ADMIN_KEY set it asks for that
// key as a Bearer token (counts of visitors and the index's state are an operator's business; the public
// can read souls and health anyway); failures count against the admin interface's per-address limit.
import type { H3Event } from "h3";
import { clientIp, errorResponse } from "../adapters/http.ts";
import type { Route } from "../core/route.ts";
import type { WebContext } from "./context.ts";
import { keyMatches } from "./admin-auth.ts";
import { unlessStoreDown } from "../storage/store-failure.ts";

const registered = new WeakSet<object>();

/** Values read at each scrape from the services: store-wide counts (shared by every process) and this process's state. */
function registerGauges(ctx: WebContext): void {
  const m = ctx.metrics;
  if (registered.has(m)) return;
  registered.add(m);
  // The store-wide counts are left out of a scrape while the store is down: the scrape is how an operator sees
  // the outage (sanctuary_storage_up 0, sanctuary_store_errors_total rising), so it must still answer.
  m.gauge("sanctuary_souls", "Visitors present in the last 24 hours (store-wide)", [], async () => {
    const souls = await unlessStoreDown(ctx.presence.count(ctx.clock()));
    return souls === null ? [] : [[{}, souls]];
  });
  m.gauge("sanctuary_reflections", "Reflections kept (store-wide); its increase is the reflections written", [], async () => {
    const tally = await unlessStoreDown(ctx.reflections.tally());
    return tally === null ? [] : [[{}, Object.values(tally).reduce((n, t) => n + t.count, 0)]];
  });
  m.gauge("sanctuary_index_ready", "1 when search and ask can answer from this process's index", [], async () => [[{}, ctx.search.index?.ready ? 1 : 0]]);
  m.gauge("sanctuary_index_building", "1 while this process builds its search index", [], async () => [[{}, ctx.search.index?.isBuilding ? 1 : 0]]);
  m.gauge("sanctuary_index_size", "Rows in this process's search index, by kind", ["kind"], async () => {
    const stats = ctx.search.index?.stats();
    return [
      [{ kind: "documents" }, stats?.documents ?? 0],
      [{ kind: "passages" }, stats?.count ?? 0],
    ];
  });
  m.gauge("sanctuary_recordings", "Library pieces with a current recording (done) and in all (total)", ["state"], async () => {
    const { done, total } = ctx.recordings();
    return [
      [{ state: "done" }, done],
      [{ state: "total" }, total],
    ];
  });
  m.gauge("sanctuary_library_pieces", "Pieces this process serves, by kind (processes that agree show the same)", ["kind"], async () => [
    [{ kind: "songs" }, ctx.library.songs.length],
    [{ kind: "documents" }, ctx.library.documents.length],
  ]);
  m.gauge("sanctuary_storage_up", "1 when the store answers a probe", [], async () => [[{}, (await ctx.storage.check()).ok ? 1 : 0]]);
}

async function refused(event: H3Event, ctx: WebContext): Promise<Response | null> {
  const key = ctx.config.review.adminKey;
  if (!key) return null;
  const ip = clientIp(event, ctx.config.trustProxy);
  // While the store is down the attempts cannot be counted: the key alone decides, so the operator can still scrape.
  const limited = ((await unlessStoreDown(ctx.limits.secondsUntilFree("adminAuth", { ip }))) ?? 0) > 0;
  const given = /^Bearer\s+(\S+)\s*$/i.exec(event.req.headers.get("authorization") ?? "")?.[1] ?? "";
  if (!limited && keyMatches(given, key)) return null;
  if (!limited) await ctx.limits.consume("adminAuth", { ip }, "Too many attempts to use the admin interface from this address.").catch(() => {});
  return errorResponse(event, "forbidden", "The metrics ask for the admin key.", {
    suggestion: "Nothing was read. Send the admin key as the header Authorization: Bearer <key>, as for the admin interface.",
  });
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
      errors: ["forbidden"],
      handler: async (event) => {
        const refusal = await refused(event, ctx);
        if (refusal) return refusal;
        return new Response(await ctx.metrics.text(), { headers: { "content-type": ctx.metrics.contentType, "cache-control": "no-store" } });
      },
    },
  ];
}
