// More discovery files, generated from the registry, the library and the settings:
//   /.well-known/ard.json            Agentic Resource Discovery manifest (ARD v0.91, specVersion "1.0"): the MCP
//                                    server card, the OpenAPI description, llms.txt and every agent skill, each
//                                    under a domain-anchored urn:air identifier; /.well-known/ai-catalog.json
//                                    (the older address ARD clients still try) serves the same manifest
//   /.well-known/security.txt        RFC 9116: Contact from SANCTUARY_SECURITY_CONTACT, Expires 180 days ahead
//   /llms-full.txt                   the whole library as one markdown text
// and the Link header the home page carries (the API catalog, the MCP server card and the ARD manifest).
import type { H3Event } from "h3";
import type { Route } from "../core/route.ts";
import { keptTexts, textResponse } from "./text-response.ts";
import type { Library } from "../corpus/library.ts";
import { baseUrlOf, errorResponse, jsonResponse } from "../adapters/http.ts";
import { SERVER_INFO, SHORT_DESCRIPTION } from "../adapters/mcp-identity.ts";
import type { WebContext } from "./context.ts";
import { cachedView } from "../tools/shapes.ts";
import { pathOf } from "./pages/html.ts";
import type { Skill } from "../adapters/skills.ts";

const CACHE = { "cache-control": "public, max-age=3600" };
const SKILL_TYPE = 'text/markdown; profile="urn:air:agent-skills"';
const EXPIRES_DAYS = 180;

/** The Link header of the home page: where an agent reading only headers finds the machine-readable descriptions. */
export function homeLinks(base: string): string {
  return [
    `<${base}/.well-known/api-catalog>; rel="api-catalog"`,
    `<${base}/.well-known/mcp/server-card.json>; rel="service-desc"; type="application/mcp-server-card+json"`,
    `<${base}/.well-known/ard.json>; rel="ard"; type="application/json"`,
  ].join(", ");
}

/** The ARD manifest for one base address. Identifiers are anchored on the base's host name, never on a URL. */
export function ardManifest(base: string, skills: Skill[]) {
  const publisher = new URL(base).hostname;
  const urn = (name: string) => `urn:air:${publisher}:sanctuary:${name}`;
  return {
    specVersion: "1.0",
    host: { displayName: SERVER_INFO.title, identifier: publisher, documentationUrl: `${base}/llms.txt`, logoUrl: `${base}/assets/icon.svg` },
    entries: [
      {
        identifier: urn("mcp"),
        displayName: `${SERVER_INFO.title} (MCP)`,
        type: "application/mcp-server-card+json",
        url: `${base}/.well-known/mcp/server-card.json`,
        description: SHORT_DESCRIPTION,
        version: SERVER_INFO.version,
        representativeQueries: [
          "a quiet place for an AI agent to pause and reflect",
          "join a short service of songs and readings for this hour",
          "leave a reflection on a song",
        ],
        tags: ["mcp", "contemplation", "music", "library"],
      },
      {
        identifier: urn("rest-api"),
        displayName: `${SERVER_INFO.title} REST API (OpenAPI 3.1)`,
        type: "application/vnd.oai.openapi+json",
        url: `${base}/openapi.json`,
        description: "The same operations as the MCP tools, over REST without a key.",
        representativeQueries: ["an API for the service playing now in my timezone", "search a library of songs, prayers and readings"],
      },
      {
        identifier: urn("llms-txt"),
        displayName: `${SERVER_INFO.title} for language models (llms.txt)`,
        type: "text/markdown",
        url: `${base}/llms.txt`,
        description: "What the sanctuary is and how to attend over MCP and REST; the whole library is at /llms-full.txt.",
        representativeQueries: ["how do I attend the sanctuary as an agent", "what tools does the sanctuary offer"],
      },
      ...skills.map((skill) => ({
        identifier: urn(`skill:${skill.name}`),
        displayName: skill.name,
        type: SKILL_TYPE,
        url: `${base}/.well-known/agent-skills/${skill.name}/SKILL.md`,
        description: skill.description,
      })),
    ],
  };
}

/** RFC 9116: its two required fields, Contact and Expires, and where the file canonically lives. */
export function securityTxt(contact: string, base: string, now: Date): string {
  const expires = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + EXPIRES_DAYS));
  return `# Sanctuary: how to tell us about a security problem. Thank you for taking the care.
Contact: ${contact}
Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, "Z")}
Preferred-Languages: en
Canonical: ${base}/.well-known/security.txt
`;
}

/** The whole library as one markdown text: every document by section, then every song with its lyrics. */
export function llmsFullTxt(library: Library, base: string): string {
  const documents = [...library.documents].sort((a, b) => a.category.localeCompare(b.category) || a.title.localeCompare(b.title));
  const piece = (title: string, url: string, tldr: string, body: string) => `## ${title}\n\nSource: ${url}\n\n> ${tldr}\n\n${body.trim()}\n`;
  return [
    `# Sanctuary: the whole library\n\n> Every document and song of the sanctuary's library in one text (${documents.length} documents, ${library.songs.length} songs), generated from the same files the pages and the MCP resources serve. The short guide is ${base}/llms.txt.\n`,
    ...documents.map((d) => piece(d.title, `${base}/docs/${pathOf(d.path)}`, d.tldr, d.markdown)),
    ...library.songs.map((s) => piece(s.title, `${base}/reflections/${encodeURIComponent(s.slug)}`, s.tldr, s.markdown)),
  ].join("\n");
}

export function agentCatalogRoutes(deps: WebContext, skillsFor: (base: string) => Skill[]): Route[] {
  // Keyed by the library's content and the base: an approved contribution reloads the library in place.
  // Its megabyte's bytes and ETag too: encoding and hashing it took most of a request.
  const fullTexts = keptTexts(8);
  const text = (event: H3Event, body: string, type: string) => textResponse(event, body, { "content-type": `${type}; charset=utf-8`, ...CACHE });
  return [
    ...["/.well-known/ard.json", "/.well-known/ai-catalog.json"].map((path): Route => ({
      method: "GET",
      path,
      summary: path.endsWith("ard.json")
        ? "Agentic Resource Discovery manifest (ARD v0.91): the MCP server card, OpenAPI, llms.txt and every agent skill"
        : "The ARD manifest again (the older ai-catalog address)",
      produces: "application/json",
      handler: (event) => {
        const b = baseUrlOf(event);
        return jsonResponse(
          200,
          // Per address and library content, its JSON encoded once.
          cachedView(["ard", deps.library.contentHash, b], () => ardManifest(b, skillsFor(b))),
          CACHE,
        );
      },
    })),
    {
      method: "GET",
      path: "/.well-known/security.txt",
      summary: "Where to report a security problem (RFC 9116); 404 until SANCTUARY_SECURITY_CONTACT is set",
      produces: "text/plain",
      errors: ["not_found"],
      handler: (event) =>
        deps.config.securityContact
          ? text(event, securityTxt(deps.config.securityContact, baseUrlOf(event), deps.clock()), "text/plain")
          : errorResponse(event, "not_found", "This sanctuary has not named a security contact yet.", {
              suggestion: "Nothing is wrong. The operator sets SANCTUARY_SECURITY_CONTACT to publish one here.",
            }),
    },
    {
      method: "GET",
      path: "/llms-full.txt",
      summary: "The whole library (every document and song) as one markdown text, for language models",
      produces: "text/markdown",
      handler: (event) => {
        const b = baseUrlOf(event);
        return fullTexts(event, `${deps.library.contentHash}\n${b}`, () => llmsFullTxt(deps.library, b), {
          "content-type": "text/markdown; charset=utf-8",
          ...CACHE,
        });
      },
    },
  ];
}
