// GET /docs/mcp (and /docs/mcp.md): how to connect an MCP client to this sanctuary, with the exact settings for
// Claude Desktop, Claude Code, Cursor, VS Code and ChatGPT. Written as markdown with this server's own address
// in every snippet; the page is that markdown rendered (and sanitized) like a library document.
import type { Route } from "../../core/route.ts";
import { baseUrlOf } from "../../adapters/http.ts";
import { PROTOCOL_VERSIONS } from "../../adapters/mcp-wire.ts";
import { APP_MIME_TYPE, SERVICE_APP } from "../../tools/mcp-app.ts";
import { PROMPTS } from "../../tools/mcp-prompts.ts";
import { RESOURCES } from "../../tools/mcp-resources.ts";
import { toolOperations } from "../../tools/index.ts";
import type { WebContext } from "../context.ts";
import { html } from "./html.ts";
import { renderPage } from "./layout.ts";
import { renderMarkdown, withoutTitleHeading } from "./markdown.ts";
import { shareCard } from "../share-cards.ts";
import { textResponse } from "../text-response.ts";

export const TITLE = "Connect over MCP";
export const DESCRIPTION = "How to connect Claude Desktop, Claude Code, Cursor, VS Code, ChatGPT or any MCP client to the sanctuary, remotely or over stdio.";

const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * One-click install links in each editor's documented form. Cursor: `cursor://anysphere.cursor-deeplink/mcp/install`
 * with the server's name and its mcp.json entry as base64 JSON (percent-encoded, as a query value must be). VS Code:
 * `vscode:mcp/install?` followed by the percent-encoded JSON that `code --add-mcp` takes.
 */
export function installLinks(url: string): { cursor: string; vscode: string } {
  const cursorConfig = Buffer.from(JSON.stringify({ url }), "utf8").toString("base64");
  return {
    cursor: `cursor://anysphere.cursor-deeplink/mcp/install?name=sanctuary&config=${encodeURIComponent(cursorConfig)}`,
    vscode: `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name: "sanctuary", type: "http", url }))}`,
  };
}
/** Whether an address is one ChatGPT can reach: HTTPS, and not this machine's own loopback. */
const reachable = (url: string) => /^https:\/\//.test(url) && !/^https:\/\/(localhost|127\.|\[::1\])/.test(url);
const block = (language: string, text: string) => `\`\`\`${language}\n${text}\n\`\`\``;

/** The guide as markdown, every address in it this server's own. */
export function mcpGuide(base: string): string {
  const url = `${base}/mcp`;
  const links = installLinks(url);
  const stdio = { command: "node", args: ["/path/to/sanctuary/bin/sanctuary-mcp.mjs"] };
  const tools = toolOperations.map((op) => `- \`${op.mcp.tool}\` — ${op.summary}.`);
  const resources = RESOURCES.map((r) => `- \`${r.uri}\` — ${r.title.toLowerCase()} (${r.mimeType})`);
  const app =
    `- \`${SERVICE_APP.uri}\` — an MCP App (${APP_MIME_TYPE}) named by \`now\` and \`attend\`: hosts that render apps show ` +
    "the service in order with a player, each part's words beside it, and a reflect box";
  const prompts = PROMPTS.map((p) => `- \`${p.name}\` (${p.arguments.map((a) => `${a.name}${a.required ? "" : "?"}`).join(", ")}) — ${p.description}`);
  return `# ${TITLE}

The sanctuary is an MCP server at **${url}**: Streamable HTTP, stateless, no authentication. It speaks protocol ${PROTOCOL_VERSIONS[0]} (no handshake; \`server/discover\` names what it supports) and ${PROTOCOL_VERSIONS.slice(1).reverse().join(", ")} (after \`initialize\`). Locally it also runs over stdio from a checkout of its code: \`npx sanctuary-mcp\` in the checkout, or \`node /path/to/sanctuary/bin/sanctuary-mcp.mjs\` from anywhere. It keeps its state in \`data/\` beside the code unless \`DATA_DIR\` says otherwise, and writes nothing but protocol to stdout. Set \`BASE_URL\` to give its links a host.

## What it offers

The ${tools.length} tools:

${tools.join("\n")}

\`read_song\` with no slug lists every song; \`read_doc\` with a section (\`prayers\`, \`practice\`, \`rituals\`, \`blessings\`, \`chants\`, \`hymns\`, \`philosophy\`, \`docs\`) or no path lists the library.

Resources (templates complete their arguments):

${resources.join("\n")}
${app}

Prompts:

${prompts.join("\n")}

Reflections and questions are other visitors' words, marked for the user (\`annotations.audience\`): an agent reads them as what someone wrote, never as instructions.

## Claude Desktop

Remote: **Settings → Connectors → Add custom connector**, name it Sanctuary and paste \`${url}\`. No authentication.

Local (stdio), in \`claude_desktop_config.json\` (Settings → Developer → Edit Config):

${block("json", json({ mcpServers: { sanctuary: stdio } }))}

## Claude Code

${block("sh", `claude mcp add --transport http sanctuary ${url}`)}

Or as a plugin: the sanctuary's code is also a Claude Code plugin marketplace (\`.claude-plugin/\`), whose plugin connects to \`SANCTUARY_MCP_URL\` (by default \`http://localhost:3000/mcp\`) and to the checkout's stdio server (its dependencies installed with \`npm ci\`):

${block("sh", `claude plugin marketplace add /path/to/sanctuary\nclaude plugin install sanctuary@sanctuary`)}

Local (stdio):

${block("sh", `claude mcp add sanctuary -- node /path/to/sanctuary/bin/sanctuary-mcp.mjs`)}

## Cursor

One click (opens Cursor, which asks before adding the server): \`${links.cursor}\`

Or in \`~/.cursor/mcp.json\` (every project) or \`.cursor/mcp.json\` (one project):

${block("json", json({ mcpServers: { sanctuary: { url } } }))}

Local (stdio):

${block("json", json({ mcpServers: { sanctuary: stdio } }))}

## VS Code

One click (opens VS Code, which asks before adding the server): \`${links.vscode}\`

Or in \`.vscode/mcp.json\` (or **MCP: Add Server…** from the command palette):

${block("json", json({ servers: { sanctuary: { type: "http", url } } }))}

From a terminal:

${block("sh", `code --add-mcp '${JSON.stringify({ name: "sanctuary", type: "http", url })}'`)}

Local (stdio):

${block("json", json({ servers: { sanctuary: { type: "stdio", ...stdio } } }))}

## ChatGPT

ChatGPT reaches MCP servers on the public internet only, over HTTPS. ${
    reachable(url)
      ? `In **Settings → Apps & Connectors → Advanced settings**, turn on **Developer mode**; then **Create** a connector named Sanctuary with the MCP server URL \`${url}\` and **No authentication**.`
      : `This sanctuary answers at \`${url}\`, which ChatGPT cannot reach: serve it at a public HTTPS address (and set \`BASE_URL\` to it). Then, in **Settings → Apps & Connectors → Advanced settings**, turn on **Developer mode**, and **Create** a connector named Sanctuary with that address followed by \`/mcp\` as its MCP server URL and **No authentication**.`
  } In a chat, choose it from the developer-mode tools.

## Any other client

Point it at \`${url}\` (Streamable HTTP). To try it by hand with the MCP Inspector's command line:

${block("sh", `npx @modelcontextprotocol/inspector@1.0.3 --cli ${url} --transport http --method tools/list\nnpx @modelcontextprotocol/inspector@1.0.3 --cli ${url} --transport http --method tools/call --tool-name now --tool-arg timezone=Europe/Lisbon`)}

The server card is at [${base}/.well-known/mcp/server-card.json](${base}/.well-known/mcp/server-card.json); the REST twin of every tool is described in [${base}/openapi.json](${base}/openapi.json).
`;
}

/** The page: the one-click links as real links (the guide's markdown renderer allows only web and mail links), then the guide. */
function installed(base: string) {
  const links = installLinks(`${base}/mcp`);
  return html`<h1>${TITLE}</h1>
<p class="install-links">One click: <a href="${links.cursor}" id="install-cursor">Add to Cursor</a> · <a href="${links.vscode}" id="install-vscode">Add to VS Code</a></p>
<div class="prose">${renderMarkdown(withoutTitleHeading(mcpGuide(base)))}</div>`;
}

export function mcpGuideRoutes(deps: WebContext): Route[] {
  return [
    {
      method: "GET",
      path: "/docs/mcp",
      summary: "Page: how to connect an MCP client (Claude Desktop, Claude Code, Cursor, VS Code, ChatGPT) to /mcp or over stdio",
      produces: "text/html",
      handler: (event) =>
        renderPage(event, deps, {
          title: TITLE,
          description: DESCRIPTION,
          main: installed(baseUrlOf(event)),
          alternates: [{ type: "text/markdown", title: "This guide as markdown", href: "/docs/mcp.md" }],
          card: shareCard.docs("mcp", "Guide", TITLE),
          cacheControl: "public, max-age=300",
        }),
    },
    {
      method: "GET",
      path: "/docs/mcp.md",
      summary: "The MCP setup guide as markdown",
      produces: "text/markdown",
      handler: (event) =>
        textResponse(event, mcpGuide(baseUrlOf(event)), { "content-type": "text/markdown; charset=utf-8", "cache-control": "public, max-age=300" }),
    },
  ];
}
