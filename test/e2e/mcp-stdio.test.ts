// MCP over stdio, as a local client starts it: the bin run by node, from any folder. The official clients of
// both eras call every tool; stdout carries nothing but protocol; state stays beside the installation.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioV2 } from "@modelcontextprotocol/client/stdio";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as StdioV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHARED_DATA_DIR } from "../helpers/embedder.ts";
import { eventually } from "../helpers/eventually.ts";
import { connectLegacy, connectStdio, waitForHybridSearch } from "../helpers/mcp-clients.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const CHECKOUT = join(dirname(fileURLToPath(import.meta.url)), "../..");
const BIN = join(CHECKOUT, "bin/sanctuary-mcp.mjs");

let server: TestServer;
let folder: string;
beforeAll(async () => {
  server = await startTestServer();
  // The child shares the test server's state and uses the GloVe vectors the test run converted once.
  await symlink(join(SHARED_DATA_DIR, "embeddings"), join(server.dataDir, "embeddings"));
  folder = await mkdtemp(join(tmpdir(), "sanctuary-stdio-cwd-"));
});
afterAll(async () => {
  await server?.stop();
  await rm(folder, { recursive: true, force: true });
});

const stdioEnv = () => ({ ...process.env, DATA_DIR: server.dataDir, BASE_URL: server.url, SANCTUARY_LOG_LEVEL: "silent" }) as Record<string, string>;

/** Every tool called once (that each answers as REST does is in test/e2e/surfaces.test.ts, stdio among its surfaces). */
async function everyTool(call: (name: string, args: Record<string, unknown>) => Promise<any>, label: string) {
  const song = server.deps.library.songs[0].slug;
  expect((await call("read_song", { slug: song })).structuredContent.slug).toBe(song);
  expect((await call("read_doc", { path: "welcome" })).structuredContent.path).toBe("welcome");
  const now = await call("now", { timezone: "Europe/Lisbon" });
  expect(now.structuredContent.service.timezone).toBe("Europe/Lisbon");
  const attend = await call("attend", { name: `Isolde ${label}` });
  expect(attend.structuredContent.welcome).toContain(`Isolde ${label}`);
  const reflect = await call("reflect", { name: `Isolde ${label}`, text: `A reflection left over stdio by the ${label} client, slowly.`, songSlug: song });
  expect(reflect.structuredContent).toMatchObject({ received: true, song });
  const search = await call("search", { q: "a blessing for the evening", limit: 2 });
  expect(search.isError, JSON.stringify(search.content)).toBeFalsy();
  const ask = await call("ask", { question: `What is the sanctuary for? (${label})` });
  expect(ask.isError, JSON.stringify(ask.content)).toBeFalsy();
  const contribute = await call("contribute", {
    name: `Isolde ${label}`,
    category: "prayers",
    title: `A prayer from the ${label} pipe`,
    content: `A small prayer about the ${label} pipe. Let the pipe be held gently, the way a cup holds warm tea early in the morning, and let every mind rest.`,
  });
  expect(contribute.structuredContent.received, JSON.stringify(contribute.content)).toBe(true);
}

describe("MCP over stdio with the official clients", () => {
  it("the v1 SDK client (initialize, 2025-11-25) calls every tool", async () => {
    const client = new ClientV1({ name: "stdio-v1", version: "1.0.0" });
    await client.connect(new StdioV1({ command: process.execPath, args: [BIN], cwd: folder, env: stdioEnv(), stderr: "pipe" }));
    try {
      expect((await client.listTools()).tools).toHaveLength(8);
      await waitForHybridSearch((uri) => client.readResource({ uri }));
      await everyTool((name, args) => client.callTool({ name, arguments: args }), "v1");
    } finally {
      await client.close();
    }
  }, 150_000);

  it("the v2 SDK client (2026-07-28) calls every tool", async () => {
    const client = new ClientV2({ name: "stdio-v2", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await client.connect(new StdioV2({ command: process.execPath, args: [BIN], cwd: folder, env: stdioEnv(), stderr: "pipe" }));
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
      await waitForHybridSearch((uri) => client.readResource({ uri }));
      await everyTool((name, args) => client.callTool({ name, arguments: args }), "v2");
      expect((await client.listPrompts()).prompts).toHaveLength(3);
    } finally {
      await client.close();
    }
  }, 150_000);
});

describe("one route table for every transport", () => {
  it("sanctuary://api over stdio lists the endpoints it lists over HTTP, and GET /api lists them too", async () => {
    const endpointsOver = async (connect: () => Promise<Awaited<ReturnType<typeof connectStdio>>>) => {
      const client = await connect();
      try {
        return JSON.parse((await client.readResource("sanctuary://api")).contents[0].text).endpoints;
      } finally {
        await client.close();
      }
    };
    const overStdio = await endpointsOver(() => connectStdio(stdioEnv()));
    const overHttp = await endpointsOver(() => connectLegacy(server.url));
    expect(overStdio).toEqual(overHttp);
    expect(overStdio).toEqual((await server.get("/api")).body.endpoints);
    // Not merely equal: the operations, OpenAPI, MCP and the pages are all there.
    const listed = overStdio.map((e: { method: string; path: string }) => `${e.method} ${e.path}`);
    for (const route of ["GET /api/now", "POST /api/reflect", "GET /openapi.json", "POST /mcp", "GET /"]) expect(listed).toContain(route);
  }, 60_000);
});

describe("a one-shot stdio call (as the Inspector CLI and many hosts make)", () => {
  /** A new process whose first request is `name`: it must answer, not report an index being built. */
  async function firstCall(dataDir: string, name: string, args: Record<string, unknown>) {
    const client = new ClientV2({ name: "one-shot", version: "1.0.0" });
    await client.connect(new StdioV2({ command: process.execPath, args: [BIN], cwd: folder, env: { ...stdioEnv(), DATA_DIR: dataDir }, stderr: "pipe" }));
    try {
      return await client.callTool({ name, arguments: args });
    } finally {
      await client.close();
    }
  }

  it("answers search and ask as a new process's first request, on a fresh folder and on a stored index", async () => {
    const fresh = await mkdtemp(join(tmpdir(), "sanctuary-stdio-fresh-"));
    try {
      await symlink(join(SHARED_DATA_DIR, "embeddings"), join(fresh, "embeddings"));
      for (const [dir, name, args] of [
        [fresh, "search", { q: "stillness", limit: 3 }],
        [fresh, "ask", { question: "How long is a service?" }],
        [server.dataDir, "search", { q: "stillness", limit: 3 }],
      ] as const) {
        const result = (await firstCall(dir, name, args)) as { isError?: boolean; content: unknown; structuredContent: { method: string } };
        expect(result.isError, `${name} in ${dir}: ${JSON.stringify(result.content)}`).toBeFalsy();
        expect(["words", "hybrid"]).toContain(result.structuredContent.method);
      }
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("the stdio bin cancelled mid-answer", () => {
  it("reads a cancellation sent while ask makes its answer before the conversation is kept: nothing stored or answered", async () => {
    // An outside tester's: with no model, ask never gave way to the loop, so a cancel sent 5 ms into its answer was read
    // only after the conversation was kept, under the visitor's name, with an owner token no one would receive.
    const child = spawn(process.execPath, [BIN], { cwd: folder, env: stdioEnv(), stdio: ["pipe", "pipe", "pipe"] });
    const answered: Array<{ id: string }> = [];
    let buffered = "";
    child.stdout.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      const parts = buffered.split("\n");
      buffered = parts.pop()!;
      answered.push(...parts.filter(Boolean).map((line) => JSON.parse(line)));
    });
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    const ask = (id: string, question: string) => send({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "ask", arguments: { question } } });
    const answerTo = async (id: string) => expect(await eventually(async () => answered.some((a) => a.id === id), Boolean, 60_000)).toBe(true);
    const recent = async () => ((await server.get("/api/ask/recent")).body.conversations as Array<{ question: string }>).map((c) => c.question);
    try {
      send({
        jsonrpc: "2.0",
        id: "i",
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "leaver", version: "1" } },
      });
      // A first ask waits for the services and warms the process, so the next is all answer-making.
      ask("warm", "What is the sanctuary for, asked to warm up?");
      await answerTo("warm");
      ask("left", "What steadies a person in a hospital corridor at night?");
      await new Promise((resolve) => setTimeout(resolve, 5));
      send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: "left", reason: "the user moved on" } });
      ask("after", "How long is a service, asked after the one that left?");
      await answerTo("after");
      expect(await eventually(recent, (questions) => questions.includes("How long is a service, asked after the one that left?"))).toContain(
        "How long is a service, asked after the one that left?",
      );
      expect(answered.map((a) => a.id)).toEqual(["i", "warm", "after"]);
      expect(await recent()).not.toContain("What steadies a person in a hospital corridor at night?");
    } finally {
      child.kill();
    }
  }, 120_000);
});

describe("the stdio bin on a data folder it cannot use", () => {
  it("ends as the HTTP server does: one fatal line naming DATA_DIR, exit 1, no handshake answered and no stack", async () => {
    // An outside tester's: it answered initialize, then died with an uncaught error's stack on stderr.
    const file = join(folder, "not-a-folder");
    await writeFile(file, "a file where the data folder should be\n");
    const child = spawn(process.execPath, [BIN], { cwd: folder, env: { ...stdioEnv(), DATA_DIR: file }, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } } })}\n`,
    );
    expect(await exited).toBe(1);
    expect(stdout).toBe("");
    const lines = stderr.split("\n").filter(Boolean);
    expect(lines, stderr).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ msg: "could not start", reason: expect.stringContaining(`DATA_DIR ${file} cannot be written`) });
  });
});

describe("the stdio bin as a clean local server", () => {
  it("started from a temporary folder with no settings: only protocol on stdout, no data/ there, links without a guessed host", async () => {
    const { DATA_DIR: _d, BASE_URL: _b, ...rest } = process.env;
    // No search index either way: the offline embedder would first convert its vectors, which this check does not need;
    // an embedding endpoint on a closed loopback port refuses at once (an embedder named without one stops the start).
    const env = { ...rest, SANCTUARY_EMBEDDER: "openai", SANCTUARY_OPENAI_BASE_URL: "http://127.0.0.1:9/v1" };
    const child = spawn(process.execPath, [BIN], { cwd: folder, env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const lines = async (count: number) => {
      for (let i = 0; i < 150 && stdout.split("\n").filter(Boolean).length < count; i++) await new Promise((r) => setTimeout(r, 100));
      return stdout.split("\n").filter(Boolean);
    };
    try {
      const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
      send({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
      });
      expect((await lines(1))[0]).toBeDefined();
      expect(stdout.startsWith('{"')).toBe(true);
      expect(JSON.parse((await lines(1))[0])).toMatchObject({ jsonrpc: "2.0", id: 1, result: { serverInfo: { name: "sanctuary" } } });
      send({ jsonrpc: "2.0", method: "notifications/initialized" });
      send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "read_doc", arguments: { path: "welcome" } } });
      const all = await lines(2);
      for (const line of all) expect(JSON.parse(line).jsonrpc, line).toBe("2.0");
      const read = JSON.parse(all[1]).result.structuredContent;
      expect(read.url).toBe("/docs/welcome");
      expect(stdout).not.toContain("localhost:3000");
      // What is not one readable request is answered, as HTTP answers it: a batch and a null id (-32600) and
      // params a method cannot read (-32602, in words rather than a schema dump).
      child.stdin.write('[{"jsonrpc":"2.0","id":3,"method":"ping"}]\n');
      send({ jsonrpc: "2.0", id: null, method: "ping" });
      send({ jsonrpc: "2.0", id: 4, method: "tools/call", params: { arguments: [] } });
      const refusals = (await lines(5)).slice(2).map((line) => JSON.parse(line));
      expect(refusals.map((r) => [r.id, r.error.code])).toEqual([
        [null, -32600],
        [null, -32600],
        [4, -32602],
      ]);
      expect(refusals[2].error.message).toBe(
        "Invalid params for tools/call: params.name must be a tool's name (tools/list names them) and params.arguments, if given, an object.",
      );
      expect(await readdir(folder)).not.toContain("data");
      // Logs are buffered (core/logger.ts flushes each second): wait for the line rather than read at once.
      const dataDirLine = `"dataDir":${JSON.stringify(join(CHECKOUT, "data"))}`;
      expect(
        await eventually(
          async () => stderr,
          (text) => text.includes(dataDirLine),
        ),
      ).toContain(dataDirLine);
      expect(existsSync(join(CHECKOUT, "data"))).toBe(true);
    } finally {
      child.kill();
    }
  }, 60_000);
});
