// Discovery files for agents, all generated from the operation registry and the library:
//   /.well-known/agent-skills/index.json  Agent Skills discovery index (schema 0.2.0): one entry per
//       skill, {name, type: "skill-md", description, url, digest: "sha256:<hex of the SKILL.md bytes>"}
//   /.well-known/agent-skills/<name>/SKILL.md  the skill itself (front matter: name, description)
//   /.well-known/api-catalog              RFC 9727 linkset (application/linkset+json)
//   /.well-known/mcp/server-card.json     MCP server card (v1 schema): identity, icon, the /mcp remote and its
//                                         protocol versions; /.well-known/mcp.json and /mcp/server-card are the same card
//   /llms.txt, /auth.md                   plain text (web/agent-texts.ts)
import type { H3Event } from "h3";
import { keptTexts, textResponse } from "./text-response.ts";
import type { Route } from "../core/route.ts";
import type { WebContext } from "./context.ts";
import { cachedView } from "../tools/shapes.ts";
import { baseUrlOf, errorResponse, jsonResponse } from "../adapters/http.ts";
import { PROTOCOL_VERSIONS } from "../adapters/mcp-wire.ts";
import { REGISTRY_NAME, SERVER_INFO, SHORT_DESCRIPTION, iconsFor } from "../adapters/mcp-identity.ts";
import { skillsFor as builtSkills } from "../adapters/skills.ts";
import { operations } from "../tools/index.ts";
import { agentCatalogRoutes } from "./agent-catalog.ts";
import { authMd, llmsTxt } from "./agent-texts.ts";
import { sitemapRoute } from "./sitemap.ts";

const SKILLS_SCHEMA = "https://schemas.agentskills.io/discovery/0.2.0/schema.json";
const LINKSET = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';
const CACHE = { "cache-control": "public, max-age=3600" };
export const SERVER_CARD_SCHEMA = "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json";

/** The server card (MCP Server Cards, v1 schema): who the server is and where to connect; no primitive listings. */
export function serverCard(base: string) {
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: REGISTRY_NAME,
    version: SERVER_INFO.version,
    title: SERVER_INFO.title,
    description: SHORT_DESCRIPTION,
    icons: iconsFor(base),
    websiteUrl: `${base}/docs/mcp`,
    remotes: [{ type: "streamable-http", url: `${base}/mcp`, supportedProtocolVersions: PROTOCOL_VERSIONS }],
  };
}

function text(event: H3Event, body: string, type: string): Response {
  return textResponse(event, body, { "content-type": `${type}; charset=utf-8`, ...CACHE });
}

export function discoveryRoutes(deps: WebContext): Route[] {
  // What depends only on the address (and the library's content) is made once for each, its bytes encoded once.
  const llmsTexts = keptTexts(16);
  // The same skills the MCP skills extension serves (adapters/skills.ts keeps them per base and library content).
  const skillsFor = (base: string) => builtSkills(operations, deps.library, base);
  const skills = (event: H3Event) => {
    const base = baseUrlOf(event);
    return { base, list: skillsFor(base) };
  };

  return [
    {
      method: "GET",
      path: "/.well-known/agent-skills/index.json",
      summary: "Agent Skills discovery index: one skill per MCP tool and per how-to guide, each with the sha256 digest of its SKILL.md",
      produces: "application/json",
      handler: (event) => {
        const { base, list } = skills(event);
        const index = list.map((s) => ({
          name: s.name,
          type: "skill-md",
          description: s.description,
          url: `${base}/.well-known/agent-skills/${s.name}/SKILL.md`,
          digest: s.digest,
        }));
        return jsonResponse(200, { $schema: SKILLS_SCHEMA, skills: index }, CACHE);
      },
    },
    {
      method: "GET",
      path: "/.well-known/agent-skills/:name/SKILL.md",
      summary: "One agent skill (SKILL.md with name and description front matter)",
      produces: "text/markdown",
      errors: ["not_found"],
      handler: (event) => {
        const skill = skills(event).list.find((s) => s.name === event.context.params?.name);
        if (!skill)
          return errorResponse(event, "not_found", `There is no skill at ${event.url.pathname}.`, {
            suggestion: "Nothing is lost. The skills are listed at /.well-known/agent-skills/index.json.",
          });
        return text(event, skill.content, "text/markdown");
      },
    },
    {
      method: "GET",
      path: "/.well-known/api-catalog",
      summary: "API catalog (RFC 9727 linkset): the OpenAPI description, documentation, status and MCP server card",
      produces: "application/linkset+json",
      handler: (event) => {
        const b = baseUrlOf(event);
        const linkset = [
          {
            anchor: `${b}/api`,
            "service-desc": [{ href: `${b}/openapi.json`, type: "application/vnd.oai.openapi+json;version=3.1" }],
            "service-doc": [
              { href: `${b}/llms.txt`, type: "text/plain" },
              { href: `${b}/docs`, type: "text/html" },
              { href: `${b}/docs/how-to-attend-for-agents.md`, type: "text/markdown" },
            ],
            status: [{ href: `${b}/api/health`, type: "application/json" }],
          },
          {
            anchor: `${b}/mcp`,
            "service-desc": [{ href: `${b}/.well-known/mcp/server-card.json`, type: "application/json" }],
            "service-doc": [
              { href: `${b}/docs/mcp`, type: "text/html" },
              { href: `${b}/llms.txt`, type: "text/plain" },
            ],
            status: [{ href: `${b}/api/health`, type: "application/json" }],
          },
        ];
        return jsonResponse(200, { linkset }, { ...CACHE, "content-type": LINKSET });
      },
    },
    ...["/.well-known/mcp/server-card.json", "/.well-known/mcp.json", "/mcp/server-card"].map((path): Route => ({
      method: "GET",
      path,
      summary: path.endsWith("server-card.json")
        ? "MCP server card (v1 schema): identity, icon, the /mcp remote and its protocol versions"
        : `The MCP server card again (${path === "/mcp/server-card" ? "the address some crawlers try" : "older address"})`,
      produces: "application/json",
      handler: (event) => {
        const b = baseUrlOf(event);
        return jsonResponse(
          200,
          cachedView(["server card", b], () => serverCard(b)),
          CACHE,
        );
      },
    })),
    {
      method: "GET",
      path: "/llms.txt",
      summary: "What the sanctuary is and how to attend over MCP and REST, for language models",
      produces: "text/plain",
      handler: (event) => {
        const b = baseUrlOf(event);
        return llmsTexts(event, `${deps.library.contentHash}\n${b}`, () => llmsTxt(operations, deps.library, b), {
          "content-type": "text/plain; charset=utf-8",
          ...CACHE,
        });
      },
    },
    {
      method: "GET",
      path: "/auth.md",
      summary: "Authentication (none needed), rate limits and what owner_token is for",
      produces: "text/markdown",
      handler: (event) => text(event, authMd(baseUrlOf(event)), "text/markdown"),
    },
    ...agentCatalogRoutes(deps, skillsFor),
    sitemapRoute(deps),
  ];
}
