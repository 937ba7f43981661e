// A web host for MCP Apps, as small as the extension (SEP-1865, 2026-01-26) lets one be, for the browser test:
// a loopback server gives the host page at http://127.0.0.1:<port>/ and the app's HTML at
// http://localhost:<port>/app (another origin, as the spec's sandbox must be) under the CSP the spec
// constructs from the resource's `_meta.ui.csp`. The host page plays the host's side of the bridge and hands
// what the app asks of the MCP server to the test (window.hostCallTool), which calls the real server.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface UiCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

/**
 * The spec's "CSP Construction from Metadata", with connect-src kept at its restrictive default ('none')
 * when no connect domain is declared: stricter than allowed, so an app that fetches anything would show it.
 */
export function cspFor(csp: UiCsp | undefined): string {
  const resources = (csp?.resourceDomains ?? []).join(" ");
  const connect = csp?.connectDomains?.length ? `'self' ${csp.connectDomains.join(" ")}` : "'none'";
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline' ${resources}`,
    `style-src 'self' 'unsafe-inline' ${resources}`,
    `connect-src ${connect}`,
    `img-src 'self' data: ${resources}`,
    `font-src 'self' ${resources}`,
    `media-src 'self' data: ${resources}`,
    `frame-src ${csp?.frameDomains?.join(" ") || "'none'"}`,
    "object-src 'none'",
    `base-uri ${csp?.baseUriDomains?.join(" ") || "'self'"}`,
  ]
    .map((d) => d.trim())
    .join("; ");
}

/** What the host passes to the app once it is initialized: the tool's arguments and its result. */
export interface HostCall {
  toolName: string;
  arguments: Record<string, unknown>;
  result: unknown;
}

// The host's half of the bridge. Everything the app sends is recorded (window.hostSaw) for the test to read.
const HOST_SCRIPT = `
const call = JSON.parse(document.getElementById("call").textContent);
const frame = document.getElementById("app");
const post = (message) => frame.contentWindow.postMessage(message, "*");
window.addEventListener("message", async (event) => {
  if (event.source !== frame.contentWindow) return;
  const m = event.data;
  if (!m || m.jsonrpc !== "2.0") return;
  window.hostSaw(m);
  if (m.method === "ui/initialize") {
    post({ jsonrpc: "2.0", id: m.id, result: {
      protocolVersion: "2026-01-26",
      hostInfo: { name: "sanctuary-test-host", version: "1.0.0" },
      hostCapabilities: { openLinks: {}, serverTools: {}, logging: {}, sandbox: { csp: call.csp } },
      hostContext: { theme: "light", displayMode: "inline", availableDisplayModes: ["inline"], platform: "web",
        containerDimensions: { width: 760, maxHeight: 4000 }, toolInfo: { tool: { name: call.toolName, inputSchema: { type: "object" } } } },
    } });
  } else if (m.method === "ui/notifications/initialized") {
    post({ jsonrpc: "2.0", method: "ui/notifications/tool-input", params: { arguments: call.arguments } });
    post({ jsonrpc: "2.0", method: "ui/notifications/tool-result", params: call.result });
  } else if (m.method === "ui/notifications/size-changed") {
    frame.style.height = m.params.height + "px";
  } else if (m.method === "tools/call" || m.method === "ui/open-link") {
    try {
      const result = m.method === "tools/call" ? await window.hostCallTool(m.params) : {};
      post({ jsonrpc: "2.0", id: m.id, result });
    } catch (error) {
      post({ jsonrpc: "2.0", id: m.id, error: { code: -32000, message: String(error && error.message || error) } });
    }
  } else if (m.id !== undefined && m.method) {
    post({ jsonrpc: "2.0", id: m.id, error: { code: -32601, message: "Not offered by this host: " + m.method } });
  }
});
`;

function hostPage(call: HostCall & { csp: UiCsp | undefined }, appUrl: string): string {
  const json = JSON.stringify(call).replace(/</g, "\\u003c");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test host</title>
<style>body{margin:0;padding:16px;background:#ecebe8;font:14px system-ui,sans-serif}
iframe{display:block;width:760px;height:300px;border:1px solid #c9c5bd;border-radius:10px;background:#fff}</style></head>
<body><p>A conversation in a host; the tool <code>${call.toolName}</code> answered with this view:</p>
<iframe id="app" title="Sanctuary service" sandbox="allow-scripts allow-same-origin" src="${appUrl}"></iframe>
<script type="application/json" id="call">${json}</script><script>${HOST_SCRIPT}</script></body></html>`;
}

export interface AppHost {
  /** The host page (127.0.0.1). */
  url: string;
  /** The CSP the app was served under. */
  policy: string;
  close: () => Promise<void>;
}

/** Serves the host page and the app's HTML under the CSP built from `csp`. */
export async function startAppHost(appHtml: string, csp: UiCsp | undefined, call: HostCall): Promise<AppHost> {
  const policy = cspFor(csp);
  let port = 0;
  const server: Server = createServer((req, res) => {
    if (req.url === "/app") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-security-policy": policy });
      res.end(appHtml);
    } else if (req.url === "/") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(hostPage({ ...call, csp }, `http://localhost:${port}/app`));
    } else if (req.url === "/favicon.ico") {
      res.writeHead(204).end(); // the browser asks for one; a 404 would read as a console error
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/`, policy, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
