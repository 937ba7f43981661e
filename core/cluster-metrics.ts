// Metrics under `npm run start:cluster`: the workers share one port, so a scrape reaches whichever worker the kernel
// hands it, and each worker's own counters read as a counter reset to Prometheus at every other scrape (totals and
// rates wrong). A worker's scrape asks the primary instead, which gathers every worker's registry and sums them as
// each metric says (prom-client's AggregatorRegistry: counters and histograms add up; gauges say their own way).
import cluster, { type Worker } from "node:cluster";
import { AggregatorRegistry } from "prom-client";
import { isObject } from "./is-object.ts";
import type { Metrics } from "./metrics.ts";

const ASKED = "sanctuary:cluster-metrics?";
const ANSWERED = "sanctuary:cluster-metrics";
/** The longest a scrape waits for the primary: prom-client gives its workers 5 s, and a scrape is retried anyway. */
const WAIT_MS = 6_000;

interface Asked {
  type: typeof ASKED;
  id: number;
}
interface Answered {
  type: typeof ANSWERED;
  id: number;
  text?: string;
  error?: string;
}

const isAsked = (message: unknown): message is Asked => isObject(message) && message.type === ASKED && typeof message.id === "number";
const isAnswered = (message: unknown): message is Answered => isObject(message) && message.type === ANSWERED && typeof message.id === "number";

/** In the primary: answers each worker's request with every worker's metrics, summed. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker: Worker, message: unknown) => {
    if (!isAsked(message)) return;
    const answer = (fields: Omit<Answered, "type" | "id">) => {
      if (worker.isConnected()) worker.send({ type: ANSWERED, id: message.id, ...fields } satisfies Answered);
    };
    aggregator.clusterMetrics().then(
      (text) => answer({ text }),
      (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

/** In a worker: its registry is the one the primary gathers, and its scrapes answer with the whole cluster's. */
export function gatherFromPrimary(metrics: Metrics): void {
  // Constructed for its listener: prom-client answers the primary's requests from a worker that made one.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([metrics.registry]);
  const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  let next = 0;
  process.on("message", (message: unknown) => {
    if (!isAnswered(message)) return;
    const waiter = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.text !== undefined) waiter?.resolve(message.text);
    else waiter?.reject(new Error(`the cluster's metrics could not be gathered: ${message.error ?? "no answer"}`));
  });
  metrics.gatherFrom(
    () =>
      new Promise<string>((resolve, reject) => {
        const id = next++;
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error(`the cluster's metrics were not gathered within ${WAIT_MS / 1000} s`));
        }, WAIT_MS);
        const settle = { resolve: (text: string) => (clearTimeout(timer), resolve(text)), reject: (error: Error) => (clearTimeout(timer), reject(error)) };
        waiting.set(id, settle);
        process.send?.({ type: ASKED, id } satisfies Asked);
      }),
  );
}
