// The server for end-to-end tests, with its own DATA_DIR, over one of two targets (after h3's `describeMatrix`):
// `startTestServer` listens on a random loopback port and is called over a socket, as a client would; `openTestApp`
// builds the same app and calls its `app.fetch(request)` in this process, with no socket. A suite that needs no
// transport (no MCP transport, stdio, start-up, shutdown, browser, container or streaming test) opens the app.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { H3 } from "h3";
import type { ServerRequest } from "srvx";
import { loadConfig, type Config } from "../../config.ts";
import type { DepsOverrides } from "../../deps.ts";
import { MemoryMemo } from "../../search/stored-memory.ts";
import { openApp, startServer, type RunningServer } from "../../server.ts";
import { sharedGlove } from "./embedder.ts";
import { seedIndex } from "./search-index.ts";

export type Target = "socket" | "in-process";

/** What a request may carry besides fetch's own options: the socket peer the app sees, in-process only. */
export type TestInit = RequestInit & { peer?: string };

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

/** HTTP calls to one app over one target. */
export interface HttpClient {
  target: Target;
  /** `path` on the app (or a whole URL on its origin): a Response as fetch gives it. */
  fetch: (path: string, init?: TestInit) => Promise<Response>;
  get: (path: string, init?: TestInit) => Promise<Answer>;
  /** `path` read as a browser would: the response and its whole text. */
  text: (path: string, init?: TestInit) => Promise<{ res: Response; status: number; headers: Headers; text: string }>;
  post: (path: string, body: unknown, headers?: Record<string, string>) => Promise<Answer>;
}

export interface TestServer extends RunningServer, HttpClient {
  dataDir: string;
  /** The same app through `app.fetch` with no socket (itself when the server has none). */
  inProcess: HttpClient;
  stop: () => Promise<void>;
}

/** Until search answers by meaning as well as words (the index built and swapped in): at most 150 s on a busy machine. */
export async function searchComplete(server: Pick<RunningServer, "deps">): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("the search index never became ready")), 150_000)));
  try {
    await Promise.race([server.deps.search.complete, late]);
  } finally {
    clearTimeout(timer);
  }
}

// The servers of one worker open copies of one built index: its memory is built once per worker (a server
// whose index differs still builds its own).
const searchMemo = new MemoryMemo();

/** The origin in-process requests are addressed to when no socket exists: the listener's host, no port. */
const NO_SOCKET_ORIGIN = "http://127.0.0.1";
/** The peer an in-process request comes from unless it names one: a client on loopback, as over the socket. */
const LOOPBACK_PEER = "127.0.0.1";

async function readAnswer(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, body, headers: res.headers };
}

/** `path` (or a whole URL the app wrote, such as a body's link) on `origin`: a link elsewhere is the test's mistake. */
function onOrigin(path: string, origin: string): URL {
  const url = new URL(path, origin);
  if (url.origin !== new URL(origin).origin) throw new Error(`${path} is not on the test server (${origin})`);
  return url;
}

function client(target: Target, fetchPath: HttpClient["fetch"]): HttpClient {
  return {
    target,
    fetch: fetchPath,
    get: async (path, init) => readAnswer(await fetchPath(path, init)),
    text: async (path, init) => {
      const res = await fetchPath(path, init);
      return { res, status: res.status, headers: res.headers, text: await res.text() };
    },
    post: async (path, body, headers = {}) =>
      readAnswer(
        await fetchPath(path, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body: typeof body === "string" ? body : JSON.stringify(body),
        }),
      ),
  };
}

/**
 * Calls `app.fetch` with a Request to `origin`: the bodies' links name `origin` as over a socket. The caller's
 * address is the request's `ip`, the field a runtime adapter fills with the socket's peer (srvx's own adapters
 * set it so); the app's rules then read it and X-Forwarded-For exactly as they read a socket's (docs/behaviour.md §9).
 */
function inProcessClient(app: H3, origin: string): HttpClient {
  return client("in-process", async (path, init = {}) => {
    const { peer = LOOPBACK_PEER, ...rest } = init;
    const url = onOrigin(path, origin);
    const request: ServerRequest = new Request(url, rest);
    // Every HTTP/1.1 client sends Host (fetch over a socket does); the MCP endpoint refuses a request without one.
    if (!request.headers.has("host")) request.headers.set("host", url.host);
    request.ip = peer;
    return app.fetch(request);
  });
}

/** A socket has no `peer` to choose: it is always the test's loopback address. */
function socketClient(url: string): HttpClient {
  return client("socket", (path, init = {}) => {
    const { peer, ...rest } = init;
    if (peer !== undefined) throw new Error("a request over the socket comes from loopback: set the peer on the in-process target");
    return fetch(onOrigin(path, url), rest);
  });
}

interface Prepared {
  dir: string;
  config: Config;
  overrides: DepsOverrides;
  seeded: boolean;
}

async function prepare(env: Record<string, string>, overrides: DepsOverrides, dataDir?: string): Promise<Prepared> {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), "sanctuary-test-")));
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dir,
    SANCTUARY_LOG_LEVEL: "silent",
    SANCTUARY_CHECK_OUTPUT: "on",
    // Rendering the whole library would take the tests' CPU; recordings.test.ts turns it on for a small library.
    SANCTUARY_RECORDINGS: "off",
    SANCTUARY_LIBRARY_DIR: process.env.SANCTUARY_LIBRARY_DIR,
    ...env,
  });
  // A test that chooses the embedder is testing search before or without its index: it builds its own.
  const seeded = !overrides.embedder && (await seedIndex(dir, config.libraryDir));
  const embedder = overrides.embedder ?? (async () => ({ embedder: await sharedGlove(), reason: "tests share one converted GloVe file" }));
  return { dir, config, overrides: { searchMemo, ...overrides, embedder }, seeded };
}

/** `stop`: closes, then removes the data folder unless the caller chose it. */
function stopping(prepared: Prepared, dataDir: string | undefined, close: () => Promise<void>) {
  return {
    dataDir: prepared.dir,
    stop: async () => {
      await close();
      if (!dataDir) await rm(prepared.dir, { recursive: true, force: true });
    },
  };
}

/** The real server on a loopback port; `inProcess` calls the same app with no socket. */
export async function startTestServer(env: Record<string, string> = {}, overrides: DepsOverrides = {}, dataDir?: string): Promise<TestServer> {
  const prepared = await prepare(env, overrides, dataDir);
  const running = await startServer(prepared.config, prepared.overrides);
  // A copied index answers once it is open (there is no words-only stage before it): the server is handed
  // over then, so a test's first search never races the opening on a loaded machine.
  if (prepared.seeded) await searchComplete(running);
  return {
    ...running,
    ...socketClient(running.url),
    ...stopping(prepared, dataDir, () => running.close()),
    inProcess: inProcessClient(running.app, running.url),
  };
}

/**
 * The same app as `startTestServer`'s, never listening: every call goes through `app.fetch` in this process.
 * `url` is the origin its links name; nothing answers there. Recordings (started once a server listens) stay off.
 */
export async function openTestApp(env: Record<string, string> = {}, overrides: DepsOverrides = {}, dataDir?: string): Promise<TestServer> {
  const prepared = await prepare(env, overrides, dataDir);
  if (prepared.config.recordings) throw new Error("recordings start once a server listens: use startTestServer");
  const opened = await openApp(prepared.config, prepared.overrides);
  if (prepared.seeded) await searchComplete(opened);
  const local = inProcessClient(opened.app, NO_SOCKET_ORIGIN);
  const close = () => opened.deps.stop();
  return { ...opened, url: NO_SOCKET_ORIGIN, close, ...local, ...stopping(prepared, dataDir, close), inProcess: local };
}

/**
 * An MCP client over streamable HTTP: to a URL over the network, or to a test server over its own target (a
 * server with no socket is reached through `app.fetch`: the MCP transport tests keep the socket).
 */
export async function connectMcp(to: string | TestServer): Promise<Client> {
  const client = new Client({ name: "sanctuary-tests", version: "1.0.0" });
  const url = new URL(`${typeof to === "string" ? to : to.url}/mcp`);
  const viaApp = typeof to === "string" ? undefined : to.fetch;
  await client.connect(
    new StreamableHTTPClientTransport(url, viaApp && { fetch: (input, init) => viaApp(((u) => u.pathname + u.search)(new URL(input)), init) }),
  );
  return client;
}
