// For .ci/container-test.sh's small-box run: polls `<url>/api/now` once a second from its first answer, over
// one keep-alive connection, and reads /api/health at the end. Prints one line of figures; exits 1 if any poll
// after the first answer failed or was not 200, or if no answer came within five minutes.
// The watch lasts `seconds` and, when `cpuFile` (the container's cgroup CPU counter) is given, until the
// container has also used `cpuSeconds` of CPU since the first answer: CI runs this beside the test suite at a
// lower priority, so the box must do the same work a quiet machine gives it in `seconds`, not merely wait.
// `capSeconds` ends a watch that cannot get its CPU (reported, not failed: the work is the suite's to share).
// A poll waits up to 30 s for its answer: a slow answer on a shared machine is not a lost one.
// `memFile` (the container's cgroup memory.stat) is sampled at each poll for the box's own memory: its anonymous
// pages, and those plus mapped files (the binaries and libraries in use). The cgroup's peak, read at the end by
// the script, counts page cache too, which the kernel takes back before any process is killed.
import { readFileSync } from "node:fs";

const [url, seconds = "180", cpuFile = "", cpuSeconds = "120", capSeconds = "900", memFile = ""] = process.argv.slice(2);
let answered = 0;
let failed = 0;
const latencies = [];
const firstBy = Date.now() + 300_000;
while (!answered && Date.now() < firstBy) {
  answered = await fetch(`${url}/api/now`).then(
    (r) => (r.ok ? 1 : 0),
    () => 0,
  );
  if (!answered) await new Promise((r) => setTimeout(r, 500));
}
if (!answered) {
  console.log("no answer from /api/now within five minutes");
  process.exit(1);
}

/** CPU seconds the container has used (cgroup v1 cpuacct.usage in ns, or v2 cpu.stat usage_usec); null if unreadable. */
function cpuUsed() {
  if (!cpuFile) return null;
  try {
    const text = readFileSync(cpuFile, "utf8");
    const usec = /usage_usec (\d+)/.exec(text);
    return usec ? Number(usec[1]) / 1e6 : Number(text.trim()) / 1e9;
  } catch {
    return null;
  }
}
const cpuAtStart = cpuUsed();

/** The box's anonymous and anonymous-plus-mapped memory in bytes (cgroup v1 total_rss/total_mapped_file, v2 anon/file_mapped). */
function memoryNow() {
  if (!memFile) return null;
  try {
    const stat = Object.fromEntries(
      readFileSync(memFile, "utf8")
        .trim()
        .split("\n")
        .map((line) => line.split(" "))
        .map(([k, v]) => [k, Number(v)]),
    );
    const anon = stat.total_rss ?? stat.anon;
    const mapped = stat.total_mapped_file ?? stat.file_mapped ?? 0;
    return anon === undefined ? null : { anon, withMapped: anon + mapped };
  } catch {
    return null;
  }
}
const memoryPeak = { anon: 0, withMapped: 0 };
const sampleMemory = () => {
  const m = memoryNow();
  if (m) for (const k of ["anon", "withMapped"]) memoryPeak[k] = Math.max(memoryPeak[k], m[k]);
};
const started = Date.now();
const until = started + Number(seconds) * 1000;
const cap = started + Number(capSeconds) * 1000;
const enoughCpu = () => cpuAtStart === null || cpuUsed() - cpuAtStart >= Number(cpuSeconds);
const failures = [];
while (Date.now() < until || (!enoughCpu() && Date.now() < cap)) {
  const sent = Date.now();
  sampleMemory();
  try {
    const res = await fetch(`${url}/api/now?timezone=UTC`, { signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    if (res.status === 200) answered++;
    else failures.push(`${res.status}`);
    latencies.push(Date.now() - sent);
  } catch (e) {
    failures.push(e.message);
  }
  await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - sent))));
}
failed = failures.length;
const cpu =
  cpuAtStart === null
    ? "the container's CPU unread"
    : `the container used ${(cpuUsed() - cpuAtStart).toFixed(0)} CPU s in ${((Date.now() - started) / 1000).toFixed(0)} s${enoughCpu() ? "" : ` (less than ${cpuSeconds}: the watch hit its ${capSeconds} s cap)`}`;
const health = await fetch(`${url}/api/health`).then(
  (r) => r.json(),
  () => null,
);
latencies.sort((a, b) => a - b);
const mib = (bytes) => Math.round(bytes / 1048576);
const memory = memoryPeak.anon
  ? `; the box's own memory at its peak ${mib(memoryPeak.anon)} MiB anonymous, ${mib(memoryPeak.withMapped)} MiB with mapped files`
  : "";
const p99 = latencies[Math.max(0, Math.ceil(latencies.length * 0.99) - 1)];
console.log(
  `${answered} polls of /api/now answered, ${failed} failed (p99 ${p99} ms, max ${latencies.at(-1)} ms); ${cpu}; health ${health?.status ?? "unanswered"}, recordings ${health ? `${health.recordings.done} of ${health.recordings.total}` : "?"}${memory}${failed ? `; failures: ${[...new Set(failures)].slice(0, 3).join(", ")}` : ""}`,
);
process.exit(failed ? 1 : 0);
