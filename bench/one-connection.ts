// Latency as one client sees it, one request at a time over one keep-alive connection: the issue's "search p50
// ≤ 1 ms at one connection". The rounds time their requests with 32 connections in flight; here each request is
// timed alone with performance.now() around a node:http GET (the client's own cost included).
import { Agent, get } from "node:http";

export interface Latency {
  requests: number;
  p50: number;
  p99: number;
}

function getBody(url: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    }).on("error", reject);
  });
}

/** `seconds` of GETs to `base + path` for each path in turn, one at a time; latencies in milliseconds. */
export async function oneConnection(base: string, paths: string[], seconds: number): Promise<Latency> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  try {
    for (let i = 0; performance.now() < until; i++) {
      const path = paths[i % paths.length];
      const started = performance.now();
      const status = await getBody(base + path, agent);
      times.push(performance.now() - started);
      if (status !== 200) throw new Error(`${path} answered ${status}`);
    }
  } finally {
    agent.destroy();
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { requests: times.length, p50: at(0.5), p99: at(0.99) };
}
