// What the transports need besides the operations' own services: the settings they read and the access log.
// deps.ts builds one object that satisfies it; web/ extends it for the routes that are not operations.
import type { TrustProxy } from "../config.ts";
import type { AccessLog } from "./access-log.ts";
import type { Metrics } from "../core/metrics.ts";
import type { ToolServices } from "../tools/context.ts";

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
  accessLog: AccessLog;
  /** Prometheus instruments: requests (adapters/request-log.ts), planner outcomes, gauges read at a scrape. */
  metrics: Metrics;
  clock: () => Date;
}
