// The MCP server: one factory serves both protocol eras (the 2025 initialize handshake and the stateless
// 2026-07-28 revision) over HTTP (adapters/mcp-http.ts) and stdio (mcp-stdio.ts). The SDK's low-level Server
// is used so that tools/call runs through the shared `invoke` (docs/behaviour.md §7: the SDK's own validation would
// answer a bad argument with its words, not the REST error body).
import { Server, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";
import type { Operation } from "../tools/operation.ts";
import type { AdapterContext } from "./context.ts";
import type { CallInfo } from "./invoke.ts";
import { INSTRUCTIONS, serverInfoFor } from "./mcp-identity.ts";
import { complete, getPrompt, listPrompts } from "./mcp-prompts.ts";
import { listResourceTemplates, listResources, readResource } from "./mcp-resources.ts";
import { SKILLS_CAPABILITY, isSkillUri, readSkill, serveSkills } from "./mcp-skills.ts";
import { callTool, toolsOf } from "./mcp-tools.ts";

/** The stateless revision (the SDK serves it, but exports no constant naming it). */
export const MODERN_PROTOCOL_VERSION = "2026-07-28";

/** Every revision served, newest first: 2026-07-28 statelessly, 2025-11-25 back to 2025-03-26 after initialize. */
export const PROTOCOL_VERSIONS: string[] = [
  MODERN_PROTOCOL_VERSION,
  ...[...SUPPORTED_PROTOCOL_VERSIONS]
    .filter((v) => v >= "2025-03-26")
    .sort()
    .reverse(),
];

const CAPABILITIES = {
  tools: { listChanged: false },
  resources: { listChanged: false },
  prompts: { listChanged: false },
  completions: {},
  ...SKILLS_CAPABILITY,
};

// Lists do not change while the process runs; the 2026-07-28 revision lets clients cache them.
const HOUR = { ttlMs: 3_600_000, cacheScope: "public" as const };
const CACHE_HINTS = { "tools/list": HOUR, "prompts/list": HOUR, "resources/templates/list": HOUR, "server/discover": HOUR };

/** A fresh server bound to one caller: one per HTTP request (both eras), one per stdio connection. */
export function createMcpServer(operations: Operation[], app: AdapterContext, info: Omit<CallInfo, "via">): Server {
  const base = app.config.baseUrl ?? info.baseUrl;
  const tools = toolsOf(operations, base);
  const server = new Server(serverInfoFor(base), { capabilities: CAPABILITIES, instructions: INSTRUCTIONS, cacheHints: CACHE_HINTS });
  server.setRequestHandler("tools/list", () => ({ tools: tools.map((t) => t.tool) }));
  server.setRequestHandler("tools/call", (request, ctx) => {
    // resource_link content arrived with 2025-06-18: older clients get the body alone. Over HTTP a request without
    // the version header is 2025-03-26 (the transport spec's rule); over stdio the handshake said which.
    const http = ctx.http?.req;
    const version = http ? (http.headers.get("mcp-protocol-version") ?? "2025-03-26") : (server.getNegotiatedProtocolVersion() ?? MODERN_PROTOCOL_VERSION);
    return callTool(tools, request.params.name, request.params.arguments, app, info, { links: version >= "2025-06-18" });
  });
  server.setRequestHandler("resources/list", (request) => listResources(app, request.params?.cursor, base));
  server.setRequestHandler("resources/templates/list", () => listResourceTemplates());
  server.setRequestHandler("resources/read", (request) =>
    isSkillUri(request.params.uri) ? readSkill(request.params.uri, operations, app.library, base) : readResource(request.params.uri, app, info),
  );
  server.setRequestHandler("prompts/list", () => listPrompts());
  server.setRequestHandler("prompts/get", (request) => getPrompt(request.params.name, request.params.arguments, app, info));
  server.setRequestHandler("completion/complete", (request) => complete(request.params, app));
  serveSkills(server, operations, app.library, base);
  return advertisingEveryVersion(server);
}

/**
 * server/discover names every revision this dual-era server speaks (as the spec's dual-era example does), not
 * only the stateless one the SDK lists. The SDK's HTTP entry installs its own discover handler on each instance
 * after the factory returns, so the instance keeps ours whenever a discover handler is set.
 */
function advertisingEveryVersion(server: Server): Server {
  const discover = () => ({ supportedVersions: PROTOCOL_VERSIONS, capabilities: CAPABILITIES, instructions: INSTRUCTIONS });
  const set = server.setRequestHandler.bind(server) as (method: string, handler: unknown) => void;
  (server as { setRequestHandler: unknown }).setRequestHandler = (method: string, handler: unknown) =>
    set(method, method === "server/discover" ? discover : handler);
  server.setRequestHandler("server/discover", discover);
  return server;
}
