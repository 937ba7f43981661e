#!/usr/bin/env node
// `node bin/run.mjs server.ts` (npm start, the image) or `server-cluster.ts` (npm run start:cluster): runs a
// TypeScript entry of this checkout as one bundled .mjs (core/bundle.mjs), made on the first start after a change
// (under a second) and reused while the sources are unchanged; through tsx when no bundle can be had. An entry
// that exports main() (server.ts) is started by it; one that runs when imported (server-cluster.ts) just runs.
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { importEntry } from "../core/bundle.mjs";
import { holdTickShape } from "../core/tick-shape.mjs";

// First, before start-up's garbage collections: nextTick's shapes kept (core/tick-shape.mjs).
holdTickShape();
const entry = process.argv[2];
if (!entry?.endsWith(".ts")) {
  console.error("usage: node bin/run.mjs <entry.ts>  (server.ts, server-cluster.ts)");
  process.exit(2);
}
const module = await importEntry(resolve(fileURLToPath(new URL("..", import.meta.url)), entry));
if (typeof module.main === "function") await module.main();
