#!/usr/bin/env node
// `sanctuary-mcp`: the MCP server over stdio (TypeScript sources run through tsx).
import { register } from "tsx/esm/api";

register();
await import("../mcp-stdio.ts");
