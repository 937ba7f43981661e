// MCP over stdio for local agents: the same tools as /mcp, one session per process. Logs go to stderr.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { loadConfig } from "./config.ts";
import { createDeps } from "./deps.ts";
import { operations } from "./tools/index.ts";
import { createMcpServer } from "./adapters/mcp.ts";

const config = loadConfig();
const deps = await createDeps(config);
const baseUrl = config.baseUrl ?? `http://localhost:${config.port}`;
const server = createMcpServer(operations, deps, { ip: "stdio", baseUrl });
await server.connect(new StdioServerTransport());
deps.log.info("sanctuary MCP server is listening on stdio");
