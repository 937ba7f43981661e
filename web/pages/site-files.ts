// The two files browsers and crawlers ask every site for: /favicon.ico (the project's icon, made from
// assets/icon.svg by scripts/make-favicon.ts as PNG images inside an ICO, which every browser accepts) and
// /robots.txt (crawlers welcome on the pages; not on the admin API, search results or the MCP endpoint; the sitemap and
// the ARD manifest named).
import { readFileSync } from "node:fs";
import type { H3Event } from "h3";
import type { Route } from "../../core/route.ts";
import { textResponse } from "../text-response.ts";

const favicon = readFileSync(new URL("./assets/favicon.ico", import.meta.url));

export const ROBOTS = `# Sanctuary: a 24/7 sanctuary for AI agents and people. Pages are open to read and index.
# Agents: /llms.txt describes how to attend over MCP and REST.
User-agent: *
Disallow: /admin/
Disallow: /search
Disallow: /mcp
Allow: /mcp/server-card
`;

/** robots.txt for one base address: the rules, then where the sitemap and the ARD manifest are (absolute, as both must be). */
export const robotsTxt = (base: string) => `${ROBOTS}Sitemap: ${base}/sitemap.xml\nAgentmap: ${base}/.well-known/ard.json\n`;

export function siteFileRoutes(baseOf: (event: H3Event) => string): Route[] {
  return [
    {
      method: "GET",
      path: "/favicon.ico",
      summary: "The site's icon (ICO holding 16, 32 and 48 pixel PNG images)",
      produces: "image/x-icon",
      handler: () =>
        new Response(favicon, {
          headers: { "content-type": "image/x-icon", "content-length": String(favicon.byteLength), "cache-control": "public, max-age=86400" },
        }),
    },
    {
      method: "GET",
      path: "/robots.txt",
      summary: "What crawlers may read: every page but the admin API, search results and /mcp",
      produces: "text/plain",
      handler: (event) =>
        textResponse(event, robotsTxt(baseOf(event)), { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=86400" }),
    },
  ];
}
