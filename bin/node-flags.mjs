#!/usr/bin/env node
// Prints the node flags the server starts with on this box (core/memory-limit.mjs): npm start and the image run
// `exec node $(node bin/node-flags.mjs) bin/run.mjs server.ts`, so node stays the process signals reach.
import { heapFlagsFor, memoryLimitBytes } from "../core/memory-limit.mjs";

console.log(heapFlagsFor(memoryLimitBytes()).join(" "));
