// npm run bench:stdio: MCP over stdio, as a desktop client runs it (bin/sanctuary-mcp.mjs in a process of its own on
// the bench folder): CPU microseconds per call of that process, read from /proc around each round, for the calls the
// HTTP bench measures over /mcp. Lines are written 32 at a time and each batch's answers read before the next, as a
// client with requests in flight would; every answer is checked to be a result, not an error.
// Usage: npm run bench:stdio [-- --rounds 3 --calls 20000 --data-dir .bench/data]
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";
import { treeCpuMs } from "./cpu.ts";
import { benchQueries } from "./queries.ts";
import { loadLibrary } from "../corpus/library.ts";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    calls: { type: "string", default: "20000" },
    "data-dir": { type: "string", default: ".bench/data" },
  },
});
const IN_FLIGHT = 32;
const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "sanctuary-bench", version: "1.0.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

// Rate limits off and recordings not rendered, as the HTTP bench runs its server (bench/servers.ts).
const child = spawn(process.execPath, ["bin/sanctuary-mcp.mjs"], {
  env: { ...process.env, DATA_DIR: values["data-dir"], SANCTUARY_RATE_LIMITS: "off", SANCTUARY_RECORDINGS: "off" },
  stdio: ["pipe", "pipe", "ignore"],
});
let buffered = "";
let waiting: { answers: string[]; want: number; done: () => void } | null = null;
child.stdout.setEncoding("utf8");
child.stdout.on("data", (chunk: string) => {
  buffered += chunk;
  for (let end = buffered.indexOf("\n"); end >= 0; end = buffered.indexOf("\n")) {
    waiting?.answers.push(buffered.slice(0, end));
    buffered = buffered.slice(end + 1);
    if (waiting && waiting.answers.length === waiting.want) waiting.done();
  }
});
child.once("exit", (code) => {
  console.error(`the stdio server stopped (exit ${code})`);
  process.exit(1);
});

/** Writes the lines and gives back as many answers; an error (or a tool's isError) would measure a refusal, so it stops the bench. */
function exchange(lines: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const answers: string[] = [];
    waiting = {
      answers,
      want: lines.length,
      done: () => {
        waiting = null;
        const failed = answers.find((a) => !a.startsWith('{"jsonrpc":"2.0","id":') || a.includes('"error":{') || a.includes('"isError":true'));
        if (failed) reject(new Error(`an answer was not a result: ${failed.slice(0, 300)}`));
        else resolve(answers);
      },
    };
    child.stdin.write(lines.join(""));
  });
}

let id = 0;
const line = (era: string, method: string, params: Record<string, unknown>) =>
  `${JSON.stringify({ jsonrpc: "2.0", id: id++, method, params: era === "2026-07-28" ? { ...params, _meta: ENVELOPE } : params })}\n`;

// The 2025-11-25 handshake first: its era holds for the connection's later requests without the envelope.
await exchange([
  line("2025-11-25", "initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "sanctuary-bench", version: "1.0.0" } }),
]);
child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);

const queries = await benchQueries(await loadLibrary("corpus/library"));
const rows: Array<{ label: string; next: (n: number) => string }> = [
  {
    label: "2025 tools/call now?timezone=Europe/Berlin",
    next: () => line("2025-11-25", "tools/call", { name: "now", arguments: { timezone: "Europe/Berlin" } }),
  },
  {
    label: "2026 tools/call now?timezone=Europe/Berlin",
    next: () => line("2026-07-28", "tools/call", { name: "now", arguments: { timezone: "Europe/Berlin" } }),
  },
  { label: "2025 tools/list", next: () => line("2025-11-25", "tools/list", {}) },
  { label: "2026 tools/list", next: () => line("2026-07-28", "tools/list", {}) },
  {
    label: "2026 tools/call search*",
    next: (n) => line("2026-07-28", "tools/call", { name: "search", arguments: { q: queries[n % queries.length], limit: 5 } }),
  },
];

/** `calls` calls of a row, IN_FLIGHT at a time; the CPU microseconds a call of the server's process tree. */
async function round(next: (n: number) => string, calls: number, from: number): Promise<number> {
  const before = await treeCpuMs(child.pid!);
  for (let sent = 0; sent < calls; sent += IN_FLIGHT)
    await exchange(Array.from({ length: Math.min(IN_FLIGHT, calls - sent) }, (_, k) => next(from + sent + k)));
  const after = await treeCpuMs(child.pid!);
  return before === null || after === null ? NaN : ((after - before) * 1000) / calls;
}

const calls = Number(values.calls);
// The search index settles in the background after a start (words first, then meaning): measured once it is hybrid.
for (let tries = 0; tries < 240; tries++) {
  const [answer] = await exchange([line("2026-07-28", "tools/call", { name: "search", arguments: { q: "letting go", limit: 1 } })]);
  if (answer.includes('"method":"hybrid"')) break;
  await new Promise((resolve) => setTimeout(resolve, 500));
}
console.log(`stdio: ${values.rounds} rounds of ${calls} calls per row, ${IN_FLIGHT} lines in flight, node ${process.version}, ${new Date().toISOString()}`);
console.log(`${"call".padStart(44)}  cpu µs/call (rounds)`);
for (const row of rows) {
  await round(row.next, Math.min(calls, 4000), 0);
  const figures: number[] = [];
  for (let r = 0; r < Number(values.rounds); r++) figures.push(await round(row.next, calls, (r + 1) * calls));
  const sorted = [...figures].sort((a, b) => a - b);
  console.log(`${row.label.padStart(44)}  ${sorted[Math.floor(sorted.length / 2)].toFixed(1).padStart(6)} (${sorted.map((f) => f.toFixed(1)).join(", ")})`);
}
child.removeAllListeners("exit");
child.stdin.end();
