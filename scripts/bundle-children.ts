// Bundles the server and its child processes ahead, where the app's folder is read-only to the server (the image:
// its node_modules is root's and the server runs as another user). They then run as plain .mjs files rather
// than TypeScript through tsx: about 50 MB less each, and no esbuild process orphaned when a child exits
// (core/bundle.mjs). The Dockerfile runs it after copying the source.
import { fileURLToPath } from "node:url";
import { RENDER_CHILD } from "../audio/background.ts";
import { bundleFor } from "../core/bundle.mjs";
import { CONVERT_CHILD } from "../search/embedders/glove-convert.ts";
import { EXPANSIONS_CHILD } from "../search/expansions.ts";

// The children the server starts, and the programs bin/run.mjs and bin/sanctuary-mcp.mjs start.
const entries = [
  RENDER_CHILD,
  EXPANSIONS_CHILD,
  CONVERT_CHILD,
  ...["server.ts", "server-cluster.ts", "mcp-stdio.ts"].map((e) => new URL(`../${e}`, import.meta.url)),
];
for (const entry of entries) {
  const file = await bundleFor(fileURLToPath(entry));
  if (!file) throw new Error(`${entry.pathname} could not be bundled`);
  console.log(`bundled ${entry.pathname} as ${file}`);
}
