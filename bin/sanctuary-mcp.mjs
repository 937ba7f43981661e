#!/usr/bin/env node
// `sanctuary-mcp`: the MCP server over stdio (`npx sanctuary-mcp` in the checkout, or `node <checkout>/bin/sanctuary-mcp.mjs`
// from anywhere). It runs node directly (no npm banner on stdout) and the sources as one bundled .mjs (core/bundle.mjs;
// through tsx when none can be had); the entry (mcp-stdio.ts) keeps stdout for the protocol and state beside the installation.
import { fileURLToPath } from "node:url";
import { importEntry } from "../core/bundle.mjs";
import { holdTickShape } from "../core/tick-shape.mjs";

// First, before start-up's garbage collections: nextTick's shapes kept (core/tick-shape.mjs).
holdTickShape();
await importEntry(fileURLToPath(new URL("../mcp-stdio.ts", import.meta.url)));
