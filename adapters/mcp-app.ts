// The MCP App resource ui://sanctuary/service (tools/mcp-app.ts has its data): one self-contained HTML5
// document, its stylesheet and script inlined (hosts apply a CSP that allows inline code and nothing from
// elsewhere but the declared domains), assembled once from adapters/mcp-app/ when first asked for.
import { readFileSync } from "node:fs";
import type { ReadResourceResult, Resource } from "@modelcontextprotocol/server";
import { APP_MIME_TYPE, SERVICE_APP, appUiMeta } from "../tools/mcp-app.ts";

let html: string | null = null;

/** The app's HTML: service.html with service.css and service.js in place of their markers. */
export function appHtml(): string {
  if (html !== null) return html;
  const read = (name: string) => readFileSync(new URL(`./mcp-app/${name}`, import.meta.url), "utf8");
  const script = read("service.js");
  // An inline script ends at the first "</script"; ours must never hold one.
  if (/<\/script/i.test(script)) throw new Error("adapters/mcp-app/service.js must not contain </script");
  html = read("service.html")
    .replace("<!--style-->", () => `<style>\n${read("service.css")}</style>`)
    .replace("<!--script-->", () => `<script>\n${script}</script>`);
  return html;
}

/** The resources/list entry; `_meta.ui` is there too, so a host can review the CSP before any call. */
export function appListing(base: string): Resource {
  return {
    uri: SERVICE_APP.uri,
    name: SERVICE_APP.name,
    title: SERVICE_APP.title,
    description: SERVICE_APP.description,
    mimeType: APP_MIME_TYPE,
    _meta: { ui: appUiMeta(base) },
  };
}

/** resources/read: the HTML with `_meta.ui` (csp, prefersBorder) on the content item, where the spec puts it. */
export function readApp(base: string): ReadResourceResult {
  return { contents: [{ uri: SERVICE_APP.uri, mimeType: APP_MIME_TYPE, text: appHtml(), _meta: { ui: appUiMeta(base) } }] };
}
