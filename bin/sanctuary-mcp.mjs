#!/usr/bin/env node
// `sanctuary-mcp`: the MCP server over stdio (`npx sanctuary-mcp` in the checkout, or `node <checkout>/bin/sanctuary-mcp.mjs`
// from anywhere). It runs node directly (no npm banner on stdout) and the TypeScript sources through tsx; the entry
// (mcp-stdio.ts) keeps stdout for the protocol and state beside the installation.
import { register } from "tsx/esm/api";

register();
await import("../mcp-stdio.ts");
