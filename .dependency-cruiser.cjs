// The layer rules of AGENTS.md "Architecture", enforced in CI (`npm run deps`). Arrows point to what a
// layer may import: entries → deps.ts → web/ → adapters/ → tools/ → domain (services/, planner/, search/,
// corpus/, review/, audio/) → storage/ → core/. config.ts is a leaf every layer but core/ may read.
const domain = "^(services|planner|search|corpus|review|audio)/";
const entries =
  "^audio/render-(recordings|child)\\.ts$|^(server|server-cluster|mcp-stdio)\\.ts$|^planner/(plan|schedule)-cli\\.ts$|^bench/|^test/|^scripts/|^bin/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      severity: "error",
      comment: "A cycle makes two modules one; break it with a type in the lower layer.",
      from: {},
      to: { circular: true },
    },
    {
      name: "core-is-a-leaf",
      severity: "error",
      comment: "core/ imports nothing of ours (npm packages and node: only).",
      from: { path: "^core/" },
      to: { path: "^(?!core/)", pathNot: "node_modules", dependencyTypesNot: ["core", "npm", "npm-dev", "npm-no-pkg", "npm-unknown"] },
    },
    {
      name: "corpus-knows-no-audio",
      severity: "error",
      comment: "The library is read by the audio engine, never the reverse: recordings are scheduled in audio/recordings.ts.",
      from: { path: "^corpus/" },
      to: { path: "^audio/" },
    },
    {
      name: "config-is-a-leaf",
      severity: "error",
      from: { path: "^config\\.ts$" },
      to: { path: "^(?!core/)", pathNot: "node_modules", dependencyTypesNot: ["core", "npm", "npm-dev", "npm-no-pkg", "npm-unknown"] },
    },
    {
      name: "storage-knows-no-domain",
      severity: "error",
      comment: "storage/ is the key-value layer: no domain, operation, adapter or web module.",
      from: { path: "^storage/" },
      to: { path: `${domain}|^(tools|adapters|web)/|^(app|deps)\\.ts$` },
    },
    {
      name: "domain-knows-no-operation",
      severity: "error",
      comment: "services, corpus, search, planner and review import no operation, adapter or web module.",
      from: { path: domain, pathNot: entries },
      to: { path: "^(tools|adapters|web)/|^(app|deps)\\.ts$" },
    },
    {
      name: "operations-know-no-transport",
      severity: "error",
      comment: "tools/ imports no adapter, web module or composition root.",
      from: { path: "^tools/" },
      to: { path: "^(adapters|web)/|^(app|deps)\\.ts$" },
    },
    { name: "adapters-know-no-web", severity: "error", from: { path: "^adapters/" }, to: { path: "^web/|^(app|deps)\\.ts$" } },
    { name: "web-knows-no-root", severity: "error", from: { path: "^web/" }, to: { path: "^(app|deps)\\.ts$" } },
    {
      name: "app-only-wires",
      severity: "error",
      comment: "app.ts is imported by the composition's entries only.",
      from: { path: "^(?!app\\.ts$)", pathNot: entries },
      to: { path: "^app\\.ts$" },
    },
    {
      name: "deps-only-from-entries",
      severity: "error",
      comment: "deps.ts, the composition root, is imported by entry points only.",
      from: { path: "^(?!deps\\.ts$)", pathNot: entries },
      to: { path: "^deps\\.ts$" },
    },
    { name: "not-to-unresolvable", severity: "error", from: {}, to: { couldNotResolve: true } },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|data|\\.bench|test-artifacts)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      extensions: [".ts", ".mjs", ".js", ".json"],
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types"],
    },
  },
};
