// The process's Prometheus instruments (prom-client), one registry per server. Labels are closed sets only:
// an operation's name or a route's pattern, a transport, a status code, an outcome. A path, a query, a name or
// a visitor's words never becomes a label (each distinct value would be a new series, and a private one).
import type * as PromClient from "prom-client";
import { requiredOnce } from "./load-once.ts";

export type Transport = "rest" | "mcp" | "web";

/** What the planner did with a service (docs/operating.md's metrics table). */
export const PLANNER_OUTCOMES = ["planned", "rotation", "already recorded"] as const;
export type PlannerOutcome = (typeof PLANNER_OUTCOMES)[number];

/**
 * prom-client, loaded by the first instrument used (synchronously; it is CommonJS): with SANCTUARY_METRICS off nothing
 * asks for the instruments but an outage or the planner, so a stdio start does not load it (some 30 ms of it,
 * docs/performance.md, seventy-first session). Counts are the same either way: an instrument is made before its first
 * count.
 */
const loadPromClient = requiredOnce<typeof PromClient>("prom-client");

interface Instruments {
  prom: typeof PromClient;
  registry: PromClient.Registry;
  requests: PromClient.Counter<"operation" | "transport" | "status">;
  latency: PromClient.Histogram<"operation" | "transport">;
  planner: PromClient.Counter<"outcome">;
  storeErrors: PromClient.Counter<"kind">;
}

export class Metrics {
  private made: Instruments | null = null;

  /** `processMetrics`: whether /metrics is served (SANCTUARY_METRICS=on), so the process's own figures are gathered. */
  constructor(private readonly options: { processMetrics: boolean }) {
    if (options.processMetrics) this.instruments();
  }

  /** The registry the instruments are in (a cluster's primary gathers each worker's). */
  get registry(): PromClient.Registry {
    return this.instruments().registry;
  }

  private instruments(): Instruments {
    if (this.made) return this.made;
    const prom = loadPromClient();
    const registry = new prom.Registry();
    // Process CPU, memory, handles, GC, and the event loop's delay (nodejs_eventloop_lag_*), from prom-client. Only
    // when someone can read them: gathering them runs a callback at every garbage collection and
    // samples the event loop's delay.
    if (this.options.processMetrics) prom.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
    const registers = [registry];
    return (this.made = {
      prom,
      registry,
      requests: new prom.Counter({
        name: "sanctuary_requests_total",
        help: "Requests answered, by operation (or route pattern), transport and status",
        labelNames: ["operation", "transport", "status"],
        registers,
      }),
      latency: new prom.Histogram({
        name: "sanctuary_request_duration_seconds",
        help: "Time from a request's arrival to its answer, by operation (or route pattern) and transport",
        labelNames: ["operation", "transport"],
        buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
        registers,
      }),
      planner: new prom.Counter({
        name: "sanctuary_planner_outcomes_total",
        help: "Services the planner handled in this process, by outcome (planned, rotation, already recorded)",
        labelNames: ["outcome"],
        registers,
      }),
      storeErrors: new prom.Counter({
        name: "sanctuary_store_errors_total",
        help: "Calls that reached the store and failed, by kind of outage (those refused at once while one is known are not counted): alert on any increase",
        labelNames: ["kind"],
        registers,
      }),
    });
  }

  /** A call the store could not answer, by outage kind (unreachable, timed out, disk full, read-only, i/o error). */
  storeError(kind: string): void {
    this.instruments().storeErrors.inc({ kind });
  }

  request(operation: string, transport: Transport, status: number, seconds: number): void {
    const { requests, latency } = this.instruments();
    requests.inc({ operation, transport, status: String(status) });
    latency.observe({ operation, transport }, seconds);
  }

  plannerOutcome(outcome: PlannerOutcome): void {
    this.instruments().planner.inc({ outcome });
  }

  /**
   * Every documented label value of the event counters as a series at 0, from the first scrape: Prometheus's
   * `increase()` needs a sample before the first event, so a series born with the first outage after a restart
   * shows no increase and its alert never fires. `storeKinds` is storage's list (storage/store-failure.ts).
   */
  startEventsAtZero(storeKinds: readonly string[]): void {
    const { storeErrors, planner } = this.instruments();
    for (const kind of storeKinds) storeErrors.inc({ kind }, 0);
    for (const outcome of PLANNER_OUTCOMES) planner.inc({ outcome }, 0);
  }

  /**
   * A value read when scraped (souls present, index size…); `read` returns one value per label set, or none to
   * leave the gauge out of the scrape (a store-wide count while the store is down). `across` says how a cluster's
   * workers' values make one (core/cluster-metrics.ts): the largest (a store-wide count each reads, work done) or the
   * least (ready only when every worker is).
   */
  gauge<L extends string>(
    name: string,
    help: string,
    labelNames: L[],
    across: "max" | "min",
    read: () => Promise<Array<[Partial<Record<L, string>>, number]>>,
  ): void {
    let absent = false;
    // prom-client's gauge, whose unlabelled form always shows one sample (0 until set): left out when nothing was read.
    class ReadGauge extends this.instruments().prom.Gauge<L> {
      override async get(): ReturnType<PromClient.Gauge<L>["get"]> {
        const metric = await super.get();
        return absent ? { ...metric, values: [] } : metric;
      }
    }
    new ReadGauge({
      name,
      help,
      labelNames,
      aggregator: across,
      registers: [this.registry],
      async collect() {
        this.reset();
        const values = await read();
        absent = values.length === 0;
        for (const [labels, value] of values) this.set(labels, value);
      },
    });
  }

  /** Where a scrape's text comes from: this registry, or (a cluster's worker) every worker's (cluster-metrics.ts). */
  private scrape: () => Promise<string> = () => this.registry.metrics();

  gatherFrom(scrape: () => Promise<string>): void {
    this.scrape = scrape;
  }

  text(): Promise<string> {
    return this.scrape();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
