// One test matrix for the operations, after h3's `describeMatrix` (which runs one suite over its web and
// node targets): each case of an operation runs over every surface it is served on (REST through the real
// server; MCP, when the operation is a tool, through the official clients of both protocol eras over HTTP and
// through the stdio bin as a separate process on the same data folder; and in-process through the shared
// `invoke` with no transport at all), and every surface must give the same status and the same body. A
// case's own `check` then looks at that one body.
import { symlink } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { invoke, restPathOf, wireBody } from "../../adapters/invoke.ts";
import { toJsonBytes } from "../../core/json.ts";
import { operations } from "../../tools/index.ts";
import type { Operation } from "../../tools/operation.ts";
import { asIp, freshIp } from "./addresses.ts";
import { SHARED_DATA_DIR } from "./embedder.ts";
import { bodyOf, connectLegacy, connectModern, connectStdio, waitForHybridSearch, type EraClient } from "./mcp-clients.ts";
import type { TestServer } from "./server.ts";

type Input = Record<string, unknown>;

export interface SurfaceCase {
  title: string;
  /**
   * The operation's input, or a function of the surface that will send it (called once per surface): for a case
   * that depends on the server (a song of its library), or a write, whose every surface must send words of its own
   * (the same words twice are a duplicate, refused). Fields that then differ go in `differs`.
   */
  input: Input | ((surface: string) => Input);
  status: number;
  /** The MCP call that stands for this case when it is not the operation's own tool (`read_song` with no slug lists songs); null: none. */
  mcp?: { tool: string; args: Input } | null;
  /** Fields that differ by nature between two calls (an id drawn per call), as dotted paths; removed before comparing. */
  differs?: string[];
  check?: (body: any) => void;
}

interface Answer {
  status: number;
  body: any;
}

/** Top-level fields that tell when a body was made: equal bodies may differ there. */
const MOMENT = ["timestamp", "uptimeSeconds"];

function without(body: any, paths: string[]): any {
  const copy = structuredClone(body);
  for (const path of [...MOMENT, ...paths]) {
    const keys = path.split(".");
    const parent = keys.slice(0, -1).reduce((v, k) => (v && typeof v === "object" ? v[k] : undefined), copy);
    if (parent && typeof parent === "object") delete parent[keys.at(-1)!];
  }
  return copy;
}

const pathParams = (op: Operation) => [...op.rest.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);

async function overRest(server: TestServer, op: Operation, input: Input): Promise<Answer> {
  const path = restPathOf(op, input);
  const headers = asIp(freshIp());
  if (op.rest.method === "POST") return server.post(path, input, headers);
  const inPath = new Set(pathParams(op));
  const query = new URLSearchParams(Object.entries(input).flatMap(([k, v]) => (inPath.has(k) || v === undefined ? [] : [[k, String(v)]])));
  return server.get(query.size ? `${path}?${query}` : path, { headers });
}

async function inProcess(server: TestServer, op: Operation, input: Input): Promise<Answer> {
  const outcome = await invoke(op, input, server.deps, { via: "rest", ip: freshIp(), baseUrl: server.url });
  // The bytes REST would send: a body joined from a shared part is whole only once encoded.
  return { status: outcome.status, body: JSON.parse(toJsonBytes(wireBody(outcome)).toString("utf8")) };
}

async function overMcp(client: EraClient, tool: string, args: Input): Promise<{ isError: boolean; body: any }> {
  const result = await client.callTool(tool, args);
  if (!result.isError) expect(JSON.parse(result.content[0].text), `${tool}: text content is the structured content`).toEqual(result.structuredContent);
  return { isError: Boolean(result.isError), body: bodyOf(result) };
}

// One set of MCP clients per server for the whole file: a stdio process per operation would cost a start each.
const clientsOf = new Map<TestServer, Promise<EraClient[]>>();

/** The MCP clients of the matrix for `server`, opened once (a stdio start and its index can take a minute: open them in a `beforeAll`). */
export function mcpClients(server: TestServer): Promise<EraClient[]> {
  let clients = clientsOf.get(server);
  if (!clients) {
    clients = (async () => {
      await symlink(join(SHARED_DATA_DIR, "embeddings"), join(server.dataDir, "embeddings")).catch(() => {});
      const env = { ...process.env, DATA_DIR: server.dataDir, BASE_URL: server.url, SANCTUARY_LOG_LEVEL: "silent" } as Record<string, string>;
      const stdio = await connectStdio(env);
      // It opens the index the test server built; until that is read, search would answer from words alone.
      await waitForHybridSearch((uri) => stdio.readResource(uri));
      return [await connectLegacy(server.url), await connectModern(server.url), stdio];
    })();
    clientsOf.set(server, clients);
  }
  return clients;
}

/** Closes the MCP clients (and so the stdio process) the matrix opened; call it before stopping the server. */
export async function closeSurfaceClients(): Promise<void> {
  const all = await Promise.all(clientsOf.values());
  clientsOf.clear();
  await Promise.all(all.flat().map((c) => c.close()));
}

/** Runs each case of operation `name` over REST, MCP (both eras over HTTP, and stdio) and in-process, asserting one status and one body. */
export function describeSurfaces(name: string, server: () => TestServer, cases: SurfaceCase[]): void {
  const op = operations.find((o) => o.name === name);
  if (!op) throw new Error(`no operation named ${name}`);
  describe(`${name} over REST, MCP (HTTP and stdio) and in-process`, () => {
    for (const kase of cases) {
      it(kase.title, async () => {
        const inputFor = (surface: string) => (typeof kase.input === "function" ? kase.input(surface) : kase.input);
        const input = inputFor("rest");
        const label = `${name} ${JSON.stringify(input)}`;
        const rest = await overRest(server(), op, input);
        expect(rest.status, `${label} over REST: ${JSON.stringify(rest.body).slice(0, 300)}`).toBe(kase.status);
        const expected = without(rest.body, kase.differs ?? []);

        const local = await inProcess(server(), op, inputFor("in-process"));
        expect(local.status, `${label} in-process`).toBe(kase.status);
        expect(without(local.body, kase.differs ?? []), `${label} in-process`).toEqual(expected);

        // The operation's own tool with the surface's input, or the call the case names instead (none: null).
        const tool = kase.mcp === undefined ? op.mcp?.tool : kase.mcp?.tool;
        const calls = tool ? (await mcpClients(server())).map((client) => ({ client, tool })) : [];
        for (const { client, tool } of calls) {
          const answer = await overMcp(client, tool, kase.mcp ? kase.mcp.args : inputFor(`mcp ${client.era}`));
          expect(answer.isError, `${label} over MCP ${client.era}`).toBe(kase.status >= 400);
          expect(without(answer.body, kase.differs ?? []), `${label} over MCP ${client.era}`).toEqual(expected);
        }
        kase.check?.(rest.body);
      });
    }
  });
}
