// Bundles the server and its child processes ahead, where the app's folder is read-only to the server (the image:
// its node_modules is root's and the server runs as another user). They then run as plain .mjs files rather
// than TypeScript through tsx: about 50 MB less each, and no esbuild process orphaned when a child exits
// (core/bundle.mjs). The Dockerfile runs it after copying the source.
import { fileURLToPath } from "node:url";
import { RENDER_CHILD } from "../audio/background.ts";
import { bundleFor } from "../core/bundle.mjs";
import { childBundle } from "../core/child-bundle.ts";
import { CONVERT_CHILD } from "../search/embedders/glove-convert.ts";
import { EXPANSIONS_CHILD } from "../search/expansions.ts";

for (const child of [RENDER_CHILD, EXPANSIONS_CHILD, CONVERT_CHILD]) {
  const file = await childBundle(child);
  if (!file) throw new Error(`${child.pathname} could not be bundled`);
  console.log(`bundled ${child.pathname} as ${file}`);
}
// The programs bin/run.mjs and bin/sanctuary-mcp.mjs start.
for (const entry of ["server.ts", "server-cluster.ts", "mcp-stdio.ts"]) {
  const source = fileURLToPath(new URL(`../${entry}`, import.meta.url));
  const file = await bundleFor(source);
  if (!file) throw new Error(`${entry} could not be bundled`);
  console.log(`bundled ${entry} as ${file}`);
}
