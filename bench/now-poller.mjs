// bench:first-start's /api/now poller, in a thread of its own: one keep-alive connection, a GET every
// `intervalMs`, each answer timed from sending to its last byte. Alone on its event loop, so what it measures
// is the server's answer, not the bench's own work (reading /proc, the server's log, the milestone checks);
// the thread's own loop delay comes back with the figures, so a starved client still shows.
// Plain JavaScript: a worker thread does not inherit tsx's loader on Node 20.
import { Agent, request } from "node:http";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";

const { url, intervalMs } = workerData;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();

let stopped = false;
parentPort.on("message", (message) => {
  if (message === "stop") stopped = true;
});

/** One GET, resolved when its body has been read; rejected on an error or after 10 s without an answer. */
function get() {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, timeout: 10_000 }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve(res.statusCode));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error("no answer in 10 s")));
    req.on("error", reject);
    req.end();
  });
}

const latencies = [];
let errors = 0;
let longestGap = 0;
let last = 0;
let firstAt = 0;
while (!stopped) {
  const sent = performance.now();
  try {
    const status = await get();
    const answered = performance.now();
    if (status !== 200) throw new Error(`status ${status}`);
    latencies.push(answered - sent);
    if (!firstAt) {
      firstAt = Date.now();
      parentPort.postMessage({ first: firstAt });
    }
    if (last) longestGap = Math.max(longestGap, answered - last);
    last = answered;
  } catch {
    // Before the first answer the server is not yet listening: not an error of the server's.
    if (firstAt) errors++;
  }
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, intervalMs - (performance.now() - sent))));
}
agent.destroy();
parentPort.postMessage({ latencies, errors, longestGap, loopMaxMs: loop.max / 1e6, loopP99Ms: loop.percentile(99) / 1e6 });
