// Starts the real server on a random loopback port with its own DATA_DIR, for end-to-end tests.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { loadConfig } from "../../config.ts";
import type { DepsOverrides } from "../../deps.ts";
import { MemoryMemo } from "../../search/index.ts";
import { startServer, type RunningServer } from "../../server.ts";
import { sharedGlove } from "./embedder.ts";
import { seedIndex } from "./search-index.ts";

export interface TestServer extends RunningServer {
  dataDir: string;
  get: (path: string, init?: RequestInit) => Promise<{ status: number; body: any; headers: Headers }>;
  post: (path: string, body: unknown, headers?: Record<string, string>) => Promise<{ status: number; body: any; headers: Headers }>;
  stop: () => Promise<void>;
}

/** Until search answers by meaning as well as words (the index built and swapped in): at most 150 s on a busy machine. */
export async function searchComplete(server: RunningServer): Promise<void> {
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

export async function startTestServer(env: Record<string, string> = {}, overrides: DepsOverrides = {}, dataDir?: string): Promise<TestServer> {
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
  const running = await startServer(config, { searchMemo, ...overrides, embedder });
  // A copied index answers once it is open (there is no words-only stage before it): the server is handed
  // over then, so a test's first search never races the opening on a loaded machine.
  if (seeded) await searchComplete(running);
  const read = async (res: Response) => {
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body, headers: res.headers };
  };
  return {
    ...running,
    dataDir: dir,
    get: async (path, init) => read(await fetch(running.url + path, init)),
    post: async (path, body, headers = {}) =>
      read(
        await fetch(running.url + path, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body: typeof body === "string" ? body : JSON.stringify(body),
        }),
      ),
    stop: async () => {
      await running.close();
      if (!dataDir) await rm(dir, { recursive: true, force: true });
    },
  };
}

export async function connectMcp(url: string): Promise<Client> {
  const client = new Client({ name: "sanctuary-tests", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
  return client;
}
