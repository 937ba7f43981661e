// What the transports need besides the operations' own services: the settings they read, the metrics and the clock.
// deps.ts builds one object that satisfies it; web/ extends it for the routes that are not operations.
import type { TrustProxy } from "../config.ts";
import type { Metrics } from "../core/metrics.ts";
import type { ToolContext, ToolServices } from "../tools/context.ts";

export interface AdapterContext extends ToolServices {
  config: {
    /** Absolute base for links when it differs from the request's own. */
    baseUrl?: string;
    /** Check every success against its output schema (tests and development). */
    checkOutput: boolean;
    /** Largest accepted request body, in bytes. */
    bodyLimit: number;
    /** Whose X-Forwarded-For names the client (SANCTUARY_TRUST_PROXY). */
    trustProxy: TrustProxy;
  };
  /** Prometheus instruments: requests (adapters/request-log.ts), planner outcomes, gauges read at a scrape. */
  metrics: Metrics;
  clock: () => Date;
}

/** What belongs to one call rather than to the process. */
export type CallFields = Pick<ToolContext, "steps" | "ip" | "via" | "requestId" | "now" | "takeLimits" | "limitWait" | "abortSignal">;

/**
 * A handler's context for one call: the services `ToolServices` names, copied by name, and the call's own
 * fields. Nothing else of the composition root is reachable from it (no prototype to climb), and a service
 * added to `ToolServices` without a line here does not compile.
 */
export function callContext(s: ToolServices, call: CallFields): ToolContext {
  return {
    library: s.library,
    media: s.media,
    calendar: s.calendar,
    views: s.views,
    presence: s.presence,
    reflections: s.reflections,
    limits: s.limits,
    search: s.search,
    conversations: s.conversations,
    review: s.review,
    answerer: s.answerer,
    log: s.log,
    startedAt: s.startedAt,
    storage: s.storage,
    planning: s.planning,
    settings: s.settings,
    recordings: s.recordings,
    routes: s.routes,
    steps: call.steps,
    ip: call.ip,
    via: call.via,
    requestId: call.requestId,
    now: call.now,
    takeLimits: call.takeLimits,
    limitWait: call.limitWait,
    abortSignal: call.abortSignal,
  };
}
