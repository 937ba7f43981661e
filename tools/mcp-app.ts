// The MCP App (the MCP Apps extension, SEP-1865, id io.modelcontextprotocol/ui; stable revision 2026-01-26) as
// data: the one ui:// resource, the tools whose results it renders, and the Content Security Policy domains it
// declares. The HTML itself is served by adapters/mcp-app.ts. Pure: the base address is passed in.

import type { Operation } from "./operation.ts";

/** The spec's MIME type for an app's HTML ("MUST be text/html;profile=mcp-app"). */
export const APP_MIME_TYPE = "text/html;profile=mcp-app";
/** The flat key older hosts read; the spec deprecates it, and its SDK's registerAppTool still writes it beside `ui.resourceUri`. */
export const LEGACY_RESOURCE_URI_KEY = "ui/resourceUri";

export const SERVICE_APP = {
  uri: "ui://sanctuary/service",
  name: "service-player",
  title: "The service, to hear and read",
  description:
    "An MCP App (text/html;profile=mcp-app) for hosts that render them: the service now/attend returned, part by part in order, " +
    "played from its beginning with each part's words beside it, and a box to leave a reflection (it calls the reflect tool through the host).",
};

/**
 * `_meta` for a tool whose results the app renders (`mcp.app` on its operation: now and attend, which both
 * return the whole service from its beginning), or undefined. Visibility is the spec's default, said outright.
 */
export function toolUiMeta(op: Pick<Operation, "mcp">): Record<string, unknown> | undefined {
  if (!op.mcp?.app) return undefined;
  return { ui: { resourceUri: SERVICE_APP.uri, visibility: ["model", "app"] }, [LEGACY_RESOURCE_URI_KEY]: SERVICE_APP.uri };
}

export interface AppCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
}

/**
 * The app's `_meta.ui`: the recordings it plays are the server's own media URLs, so the server's origin is a
 * resource domain (media-src). It fetches nothing itself (tools go through the host), so no connect domain.
 * Without an http(s) base (stdio without SANCTUARY_BASE_URL) recordings are relative and nothing is declared.
 */
export function appUiMeta(base: string): { csp: AppCsp; prefersBorder: boolean } {
  let origin: string | null = null;
  try {
    const url = new URL(base);
    if (url.protocol === "http:" || url.protocol === "https:") origin = url.origin;
  } catch {
    origin = null;
  }
  return { csp: origin ? { resourceDomains: [origin] } : {}, prefersBorder: true };
}
