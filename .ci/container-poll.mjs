// For .ci/container-test.sh's small-box run: polls `<url>/api/now` once a second for `seconds` from its first
// answer, over one keep-alive connection, and reads /api/health at the end. Prints one line of figures;
// exits 1 if any poll after the first answer failed or was not 200, or if no answer came within a minute.
const [url, seconds = "180"] = process.argv.slice(2);
let answered = 0;
let failed = 0;
const latencies = [];
const firstBy = Date.now() + 60_000;
while (!answered && Date.now() < firstBy) {
  answered = await fetch(`${url}/api/now`).then(
    (r) => (r.ok ? 1 : 0),
    () => 0,
  );
  if (!answered) await new Promise((r) => setTimeout(r, 500));
}
if (!answered) {
  console.log("no answer from /api/now within a minute");
  process.exit(1);
}
const until = Date.now() + Number(seconds) * 1000;
const failures = [];
while (Date.now() < until) {
  const sent = Date.now();
  try {
    const res = await fetch(`${url}/api/now?timezone=UTC`, { signal: AbortSignal.timeout(5_000) });
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
const health = await fetch(`${url}/api/health`).then(
  (r) => r.json(),
  () => null,
);
latencies.sort((a, b) => a - b);
const p99 = latencies[Math.max(0, Math.ceil(latencies.length * 0.99) - 1)];
console.log(
  `${answered} polls of /api/now answered, ${failed} failed (p99 ${p99} ms, max ${latencies.at(-1)} ms); health ${health?.status ?? "unanswered"}, recordings ${health ? `${health.recordings.done} of ${health.recordings.total}` : "?"}${failed ? `; failures: ${[...new Set(failures)].slice(0, 3).join(", ")}` : ""}`,
);
process.exit(failed ? 1 : 0);
