// SIGTERM as a supervisor sends it (and as a process group's Ctrl+C does, twice): to the server itself, requests in flight finish with their answers and
// what was acknowledged is there at the next start, which has nothing to repair; to `npm start`, the port
// closes (npm execs node, so the signal reaches the server and nothing keeps listening behind npm).
import { spawn } from "node:child_process";
import http from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shareEmbeddings, startChildServer } from "../helpers/child-server.ts";
import { freePort } from "../helpers/free-port.ts";
import { seedIndex } from "../helpers/search-index.ts";

let dataDir: string;
const ROOT = new URL("../..", import.meta.url).pathname;
const serverEnv = () => ({ DATA_DIR: dataDir, SANCTUARY_RATE_LIMITS: "off", SANCTUARY_LOG_LEVEL: "info" });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "sanctuary-shutdown-"));
  await shareEmbeddings(dataDir);
  await seedIndex(dataDir);
}, 120_000);
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const exited = (child: import("node:child_process").ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.exitCode !== null || child.signalCode !== null
      ? resolve({ code: child.exitCode, signal: child.signalCode })
      : child.once("exit", (code, signal) => resolve({ code, signal })),
  );

/** A reflection whose body is sent in two halves: the request is in flight until `finish` is called. */
function heldReflection(url: string, i: number) {
  const body = JSON.stringify({ name: `Held ${i}`, text: `Held reflection ${i}, sent in two halves across the closing of the doors.` });
  const half = Math.floor(body.length / 2);
  let finish!: () => void;
  let started!: () => void;
  // With Expect: 100-continue the server answers "continue" once it has read the headers and begun the request.
  const begun = new Promise<void>((resolve) => (started = resolve));
  const answered = new Promise<{ status: number; name: string }>((resolve, reject) => {
    const req = http.request(`${url}/api/reflect`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), expect: "100-continue" },
    });
    req.on("continue", () => {
      req.write(body.slice(0, half));
      started();
    });
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, name: `Held ${i}` }));
    });
    req.on("error", reject);
    req.flushHeaders();
    finish = () => req.end(body.slice(half));
  });
  return { answered, begun, finish: () => finish() };
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });

describe("SIGTERM", () => {
  it("lets 20 requests in flight finish with 200, exits 0, and the next start finds every one and repairs nothing", async () => {
    // At warn, as an operator who wants few lines runs it: the start's and the clean stop's lines are still written.
    const server = await startChildServer({ ...serverEnv(), SANCTUARY_LOG_LEVEL: "warn" });
    let stderr = "";
    server.process.stderr!.on("data", (d) => (stderr += d));
    const held = Array.from({ length: 20 }, (_, i) => heldReflection(server.url, i));
    // A test that fails early must not leave their rejections unhandled.
    for (const h of held) h.answered.catch(() => {});
    // Every request has begun on the server and half its body is sent: all 20 are in flight.
    await Promise.all(held.map((h) => h.begun));
    await new Promise((r) => setTimeout(r, 100));
    const exit = exited(server.process);
    // Twice, a moment apart, as Ctrl+C on `npm start` delivers it (from the process group and again from npm): one
    // stop, not an operator insisting (core/shutdown-signals.ts ECHO_MS).
    server.process.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 20));
    server.process.kill("SIGINT");
    // New connections are refused while the held ones are still being answered.
    const port = Number(new URL(server.url).port);
    for (let i = 0; i < 150 && (await portOpen(port)); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await portOpen(port)).toBe(false);
    for (const h of held) h.finish();
    const answers = await Promise.all(held.map((h) => h.answered));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(await exit).toEqual({ code: 0, signal: null });
    expect(stderr).toContain('"msg":"sanctuary closed cleanly"');
    expect(stderr).not.toContain("were cut");

    const again = await startChildServer(serverEnv());
    let restartLog = "";
    again.process.stderr!.on("data", (d) => (restartLog += d));
    try {
      const names = new Set<string>();
      const bySong = (await (await fetch(`${again.url}/api/reflections/by-song`)).json()) as { songs: Array<{ slug: string }> };
      for (const song of bySong.songs) {
        const page = (await (await fetch(`${again.url}/api/reflections/song/${song.slug}`)).json()) as { reflections: Array<{ name: string }> };
        for (const r of page.reflections) names.add(r.name);
      }
      expect(answers.filter((a) => !names.has(a.name)).map((a) => a.name)).toEqual([]);
      expect(restartLog).not.toContain("crash had left half written");
    } finally {
      await again.stop();
    }
  }, 120_000);

  it("answers a request whose body stopped arriving 408, in the error shape, rather than holding the stop and cutting it", async () => {
    const server = await startChildServer(serverEnv());
    let stderr = "";
    server.process.stderr!.on("data", (d) => (stderr += d));
    const port = Number(new URL(server.url).port);
    // Headers and a first part of the body, then nothing: a client that stalled (Node's own time limit on a request
    // is not checked once the server stops listening).
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (d) => (received += d));
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    socket.write("POST /api/reflect HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\nExpect: 100-continue\r\n\r\n");
    for (let i = 0; i < 100 && !received.includes("100 Continue"); i++) await new Promise((r) => setTimeout(r, 50));
    socket.write('{"name":"Stalled Visitor","text":"');
    const exit = exited(server.process);
    server.process.kill("SIGTERM");
    await closed;
    expect(received).toMatch(/HTTP\/1\.1 408 Request Timeout/);
    const body = JSON.parse(received.slice(received.lastIndexOf("\r\n\r\n") + 4)) as { error: string; suggestion: string };
    expect(body.error).toMatch(/did not arrive in time/);
    expect(body.suggestion).toMatch(/^Nothing was stored/);
    expect(await exit).toEqual({ code: 0, signal: null });
    expect(stderr).not.toContain("were cut");
  }, 60_000);

  it("to `npm start` closes the port within 15 s", async () => {
    const port = await freePort();
    const npm = spawn("npm", ["start", "--silent"], {
      cwd: ROOT,
      env: { ...process.env, ...serverEnv(), PORT: String(port), HOST: "127.0.0.1", BASE_URL: "", SANCTUARY_EMBEDDER: "glove", SANCTUARY_RECORDINGS: "off" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    npm.stderr!.on("data", (d) => (stderr += d));
    for (
      let i = 0;
      i < 600 &&
      !(await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    ) {
      if (npm.exitCode !== null) throw new Error(`npm start exited: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await portOpen(port)).toBe(true);
    npm.kill("SIGTERM");
    const signalled = Date.now();
    while ((await portOpen(port)) && Date.now() - signalled < 15_000) await new Promise((r) => setTimeout(r, 100));
    expect(await portOpen(port), "still listening 15 s after SIGTERM to npm start").toBe(false);
    await exited(npm);
  }, 120_000);
});
