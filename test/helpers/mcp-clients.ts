// The official MCP clients of both protocol eras, as the MCP tests use them: the v1 SDK client (the initialize
// handshake, 2025-11-25) and the v2 client pinned to the stateless revision 2026-07-28. Both are wrapped in one
// small interface so a suite can run unchanged over either, and over stdio (the v1 client, as local hosts run it).
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as StdioV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as HttpV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

export interface EraClient {
  era: string;
  /** The protocol version the connection speaks. */
  version: () => string | undefined;
  serverInfo: () => any;
  instructions: () => string | undefined;
  listTools: () => Promise<{ tools: any[] }>;
  callTool: (name: string, args?: Record<string, unknown>) => Promise<any>;
  /** Every resource, following resources/list's cursors; `pages` counts the pages walked by hand (0 when the client joined them). */
  listResources: () => Promise<{ resources: any[]; pages: number }>;
  listResourceTemplates: () => Promise<{ resourceTemplates: any[] }>;
  readResource: (uri: string) => Promise<{ contents: any[] }>;
  listPrompts: () => Promise<{ prompts: any[] }>;
  getPrompt: (name: string, args?: Record<string, string>) => Promise<any>;
  complete: (ref: { type: "ref/prompt"; name: string } | { type: "ref/resource"; uri: string }, name: string, value: string) => Promise<string[]>;
  close: () => Promise<void>;
}

export const LEGACY_ERA = "2025-11-25";
export const MODERN_ERA = "2026-07-28";

export async function connectLegacy(url: string): Promise<EraClient> {
  const client = new ClientV1({ name: "sanctuary-tests-v1", version: "1.0.0" });
  const transport = new HttpV1(new URL(`${url}/mcp`));
  await client.connect(transport);
  return legacyClient(client, LEGACY_ERA, () => transport.protocolVersion);
}

/** The stdio bin (`bin/sanctuary-mcp.mjs`) run by node, as a local host runs it, with `env` as its whole environment. */
export async function connectStdio(env: Record<string, string>): Promise<EraClient> {
  const client = new ClientV1({ name: "sanctuary-tests-stdio", version: "1.0.0" });
  const bin = new URL("../../bin/sanctuary-mcp.mjs", import.meta.url).pathname;
  await client.connect(new StdioV1({ command: process.execPath, args: [bin], env, stderr: "pipe" }));
  // Over stdio no transport header carries the version; the initialize handshake settles it inside the client.
  return legacyClient(client, `stdio ${LEGACY_ERA}`, () => undefined);
}

function legacyClient(client: ClientV1, era: string, version: () => string | undefined): EraClient {
  return {
    era,
    version,
    serverInfo: () => client.getServerVersion(),
    instructions: () => client.getInstructions(),
    listTools: () => client.listTools(),
    callTool: (name, args = {}) => client.callTool({ name, arguments: args }),
    listResources: async () => {
      const resources: any[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await client.listResources(cursor ? { cursor } : {});
        resources.push(...page.resources);
        cursor = page.nextCursor;
        pages++;
      } while (cursor);
      return { resources, pages };
    },
    listResourceTemplates: () => client.listResourceTemplates(),
    readResource: (uri) => client.readResource({ uri }),
    listPrompts: () => client.listPrompts(),
    getPrompt: (name, args = {}) => client.getPrompt({ name, arguments: args }),
    complete: async (ref, name, value) => (await client.complete({ ref, argument: { name, value } })).completion.values,
    close: () => client.close(),
  };
}

export async function connectModern(url: string): Promise<EraClient> {
  const client = new ClientV2({ name: "sanctuary-tests-v2", version: "1.0.0" }, { versionNegotiation: { mode: { pin: MODERN_ERA } } });
  await client.connect(new HttpV2(new URL(`${url}/mcp`)));
  return {
    era: MODERN_ERA,
    version: () => client.getNegotiatedProtocolVersion(),
    serverInfo: () => client.getServerVersion(),
    instructions: () => client.getInstructions(),
    listTools: () => client.listTools(),
    callTool: (name, args = {}) => client.callTool({ name, arguments: args }),
    // Without a cursor the v2 client walks every page and joins them itself.
    listResources: async () => ({ resources: (await client.listResources()).resources, pages: 0 }),
    listResourceTemplates: () => client.listResourceTemplates(),
    readResource: (uri) => client.readResource({ uri }),
    listPrompts: () => client.listPrompts(),
    getPrompt: (name, args = {}) => client.getPrompt({ name, arguments: args }),
    complete: async (ref, name, value) => (await client.complete({ ref, argument: { name, value } })).completion.values,
    close: () => client.close(),
  };
}

/** A tool result's JSON body: structuredContent on success, the text content on error. */
export function bodyOf(result: any): any {
  return result.isError ? JSON.parse(result.content[0].text) : result.structuredContent;
}

/** Waits until a stdio server's search index answers in full (`read` reads a resource by its URI). */
export async function waitForHybridSearch(read: (uri: string) => Promise<{ contents: any[] }>): Promise<void> {
  // Up to a minute: on a loaded machine the child builds its word expansions slowly.
  for (let i = 0; i < 300; i++) {
    // While the index is built the resource answers as its REST twin does (503), which a client receives as an error.
    const health = await read("sanctuary://ask/health").catch(() => null);
    if (health && JSON.parse(health.contents[0].text).method === "hybrid") return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the stdio server's index never became ready");
}
