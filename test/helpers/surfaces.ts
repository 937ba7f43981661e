// One test matrix for the operations, after h3's `describeMatrix` (which runs one suite over its web and
// node targets): each case of an operation runs over every surface it is served on (REST through the real
// server's socket and again through the same app's `app.fetch` with no socket; MCP, when the operation is a tool, through the official clients of both protocol eras over HTTP and
// through the stdio bin as a separate process on the same data folder; and in-process through the shared
// `invoke` with no transport at all), and every surface must give the same status and the same body. A
// case's own `check` then looks at that one body.
import { clearOfSlotBoundary } from "./slot-boundary.ts";
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
import type { HttpClient, TestServer } from "./server.ts";

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
  headers?: Headers;
}

/** Headers that belong to the connection or to one response, not to what the app answered: left out of the comparison. */
const TRANSPORT_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length"]);

/** Headers drawn afresh for each response: both targets must send them, their values differ. */
const PER_RESPONSE = new Set(["x-request-id"]);

/** The headers REST over the socket and `app.fetch` must both send alike. */
const appHeaders = (headers: Headers) =>
  Object.fromEntries(
    [...headers].flatMap(([name, value]) => (TRANSPORT_HEADERS.has(name) ? [] : [[name, PER_RESPONSE.has(name) ? "(one per response)" : value]])),
  );

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

/** `body` with every mention of the name `from` written as `to`. */
const renamed = (body: any, from: string, to: string): any => (from === to ? body : JSON.parse(JSON.stringify(body).replaceAll(from, to)));

const pathParams = (op: Operation) => [...op.rest.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);

/**
 * The REST call of `input` through `http`: over the socket a fresh address is named in X-Forwarded-For (believed from
 * loopback); in-process it is the request's peer itself, as a runtime adapter would pass it.
 */
async function overRest(http: HttpClient, op: Operation, input: Input): Promise<Answer> {
  const path = restPathOf(op, input);
  const caller = http.target === "socket" ? { headers: asIp(freshIp()) } : { peer: freshIp() };
  const inPath = new Set(pathParams(op));
  const query = new URLSearchParams(Object.entries(input).flatMap(([k, v]) => (inPath.has(k) || v === undefined ? [] : [[k, String(v)]])));
  const init =
    op.rest.method === "POST"
      ? { ...caller, method: "POST", headers: { "content-type": "application/json", ...caller.headers }, body: JSON.stringify(input) }
      : caller;
  return http.get(op.rest.method === "POST" || !query.size ? path : `${path}?${query}`, init);
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

/** The zone a case names when it is one Intl knows, else UTC (whose slot ends are every zone's of whole hours). */
function knownZone(zone: unknown): string {
  if (typeof zone !== "string") return "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    return "UTC";
  }
}

/**
 * Runs each case of operation `name` over REST (the socket, and `app.fetch` with no socket), MCP (both eras over
 * HTTP, and stdio) and in-process `invoke`, asserting one status and one body (and, between the two REST targets,
 * the same headers).
 */
export function describeSurfaces(name: string, server: () => TestServer, cases: SurfaceCase[]): void {
  const op = operations.find((o) => o.name === name);
  if (!op) throw new Error(`no operation named ${name}`);
  describe(`${name} over REST (socket and app.fetch), MCP (HTTP and stdio) and in-process`, () => {
    for (const kase of cases) {
      it(kase.title, async () => {
        const inputFor = (surface: string) => (typeof kase.input === "function" ? kase.input(surface) : kase.input);
        const input = inputFor("rest");
        // Six surfaces are asked one after another and their answers compared: not across a slot's end (nor UTC's midnight).
        await clearOfSlotBoundary(knownZone(input.timezone), 10_000);
        const label = `${name} ${JSON.stringify(input)}`;
        const rest = await overRest(server(), op, input);
        expect(rest.status, `${label} over REST: ${JSON.stringify(rest.body).slice(0, 300)}`).toBe(kase.status);
        const expected = without(rest.body, kase.differs ?? []);

        // A write's name may differ by surface (a name's allowance is five an hour, and six surfaces write): each
        // body is read as if its surface had sent REST's name.
        const comparable = (body: any, sent: Input) =>
          without(typeof sent.name === "string" && typeof input.name === "string" ? renamed(body, sent.name, input.name) : body, kase.differs ?? []);

        const fetchedInput = inputFor("app.fetch");
        const fetched = await overRest(server().inProcess, op, fetchedInput);
        expect(fetched.status, `${label} over app.fetch`).toBe(kase.status);
        expect(comparable(fetched.body, fetchedInput), `${label} over app.fetch`).toEqual(expected);
        expect(appHeaders(fetched.headers!), `${label}: app.fetch's headers`).toEqual(appHeaders(rest.headers!));

        const localInput = inputFor("in-process");
        const local = await inProcess(server(), op, localInput);
        expect(local.status, `${label} in-process`).toBe(kase.status);
        expect(comparable(local.body, localInput), `${label} in-process`).toEqual(expected);

        // The operation's own tool with the surface's input, or the call the case names instead (none: null).
        const tool = kase.mcp === undefined ? op.mcp?.tool : kase.mcp?.tool;
        const calls = tool ? (await mcpClients(server())).map((client) => ({ client, tool })) : [];
        for (const { client, tool } of calls) {
          const args = kase.mcp ? kase.mcp.args : inputFor(`mcp ${client.era}`);
          const answer = await overMcp(client, tool, args);
          expect(answer.isError, `${label} over MCP ${client.era}`).toBe(kase.status >= 400);
          expect(comparable(answer.body, args), `${label} over MCP ${client.era}`).toEqual(expected);
        }
        kase.check?.(rest.body);
      });
    }
  });
}
