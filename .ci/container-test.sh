#!/usr/bin/env bash
# The container test (issue 25): build the image from the Dockerfile on a base made here (Debian packages plus
# Node from the npm registry; no image registry is reachable), start it with a data volume, and check health,
# the HEALTHCHECK, an MCP tools/call `now`, a non-root user, and a reflection that survives `podman stop`/`start`.
# Prints one line "container: passed …" or "container: failed …" and exits 0/1. Times each part.
set -uo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive
started=$(date +%s)
fail() { echo "container: failed: $*"; [ -n "${ctr:-}" ] && podman logs --tail 30 "$ctr" 2>&1 | sed 's/^/  | /'; exit 1; }

need=()
for tool in podman runc debootstrap; do command -v "$tool" >/dev/null || need+=("$tool"); done
if [ ${#need[@]} -gt 0 ]; then
  echo "installing Debian packages: ${need[*]}"
  { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${need[@]}" uidmap >/dev/null; } || fail "apt-get install ${need[*]}"
fi
# This kernel's hybrid cgroups need runc (crun refuses), and podman's default ulimits cannot be set here.
conf=$(mktemp /tmp/sanctuary-containers.XXXXXX.conf)
printf '[containers]\ndefault_ulimits = []\n' >"$conf"
export CONTAINERS_CONF=$conf
pm() { podman --runtime /usr/sbin/runc "$@"; }

base=localhost/sanctuary-base:node20
runbase=localhost/sanctuary-run:bookworm
image=localhost/sanctuary:ci
t0=$(date +%s)
if ! pm image exists "$base" || ! pm image exists "$runbase"; then
  # Its output (debootstrap's, mostly) only when it fails.
  base_log=$(mktemp /tmp/sanctuary-base.XXXXXX.log)
  bash .ci/container-base.sh "$base" 20.20.2 "$runbase" >"$base_log" 2>&1 || { tail -20 "$base_log"; fail "making the base images"; }
  rm -f "$base_log"
fi
t1=$(date +%s)
# --format docker keeps the HEALTHCHECK (the OCI format has none).
pm build --quiet --network=host --format docker --build-arg BASE_IMAGE="$base" --build-arg RUN_IMAGE="$runbase" -t "$image" . >/tmp/sanctuary-build.log 2>&1 ||
  { tail -30 /tmp/sanctuary-build.log; fail "podman build"; }
t2=$(date +%s)
size=$(pm image inspect --format '{{.Size}}' "$image")
echo "container: base image $((t1 - t0)) s, image build $((t2 - t1)) s, image size $((size / 1000000)) MB"
# Issue 36's bound (906 MB before the word vectors were converted at build time and the image trimmed).
[ "$size" -le 450000000 ] || fail "the image is $((size / 1000000)) MB (at most 450)"

port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
volume=sanctuary-ci-data-$$
ctr=sanctuary-ci-$$
watch_log=$(mktemp /tmp/sanctuary-watch.XXXXXX)
cleanup() {
  [ -n "${watch_pid:-}" ] && kill "$watch_pid" 2>/dev/null
  pm rm -f -t 0 "$ctr" >/dev/null 2>&1
  pm volume rm -f "$volume" >/dev/null 2>&1
  rm -f "$conf" "$watch_log"
}
trap cleanup EXIT
# .ci/run stops this job with SIGTERM when the checks fail: leave through the EXIT trap (no container left behind).
trap 'exit 143' TERM INT
pm volume create "$volume" >/dev/null || fail "volume create"

# One container does it all, as a small box: a first start with recordings on (the image's defaults) in 512 MB,
# on host networking (these machines have no container network set up).
# (podman complains on stderr that it cannot set up systemd timers for the HEALTHCHECK; `healthcheck run` below runs it.)
t3=$(date +%s)
pm run -d --name "$ctr" --network=host --memory 512m --memory-swap 512m -v "$volume:/data" -e PORT="$port" -e HOST=127.0.0.1 "$image" >/dev/null 2>/tmp/sanctuary-run.log ||
  fail "podman run --memory 512m"
url="http://127.0.0.1:$port"

# The watch polls /api/now once a second from the first answer, through the first start and the checks below,
# for three minutes and until the box has used two minutes of CPU (CI runs this beside the checks and the suite
# at a lower priority; the CPU is read from the container's cgroup on the host). podman here reports
# OOMKilled=false even when the kernel killed the server: the exit code and a running container are what tell.
cpu_file=""
mem_file=""
if pid=$(pm inspect --format '{{.State.Pid}}' "$ctr") && [ -r "/proc/$pid/cgroup" ]; then
  # The container's own cgroup (never the root one, which would count the whole machine).
  v1=$(grep -E '^[0-9]+:([^:]*,)?cpuacct(,[^:]*)?:' "/proc/$pid/cgroup" | cut -d: -f3-)
  v2=$(grep -E '^0::' "/proc/$pid/cgroup" | cut -d: -f3-)
  candidates=()
  [ -n "$v1" ] && [ "$v1" != / ] && candidates+=("/sys/fs/cgroup/cpuacct$v1/cpuacct.usage" "/sys/fs/cgroup/cpu,cpuacct$v1/cpuacct.usage")
  [ -n "$v2" ] && [ "$v2" != / ] && candidates+=("/sys/fs/cgroup$v2/cpu.stat")
  for f in "${candidates[@]}"; do [ -r "$f" ] && { cpu_file=$f; break; }; done
  # Its memory.stat likewise, for the box's own memory (the cgroup's peak below counts page cache too).
  m1=$(grep -E '^[0-9]+:([^:]*,)?memory(,[^:]*)?:' "/proc/$pid/cgroup" | cut -d: -f3-)
  if [ -n "$m1" ] && [ "$m1" != / ] && [ -r "/sys/fs/cgroup/memory$m1/memory.stat" ]; then mem_file=/sys/fs/cgroup/memory$m1/memory.stat
  elif [ -n "$v2" ] && [ "$v2" != / ] && [ -r "/sys/fs/cgroup$v2/memory.stat" ]; then mem_file=/sys/fs/cgroup$v2/memory.stat
  fi
fi
node .ci/container-poll.mjs "$url" "${SANCTUARY_SMALL_BOX_SECONDS:-180}" "$cpu_file" "${SANCTUARY_SMALL_BOX_CPU_SECONDS:-120}" 900 "${mem_file:-}" >"$watch_log" &
watch_pid=$!

# Health answers first and search from words soon after; start-up has finished (the index built and swapped
# in, WordNet read) when /api/health says healthy. Stopping before that would wait for the build.
wait_healthy() {
  for _ in $(seq 1 600); do
    node -e 'fetch(process.argv[1]).then(async (r) => process.exit(r.ok && (await r.json()).status === "healthy" ? 0 : 1), () => process.exit(1))' "$url/api/health" && return 0
    # Only a container known to have stopped ends the wait: an inspect that fails under load (podman's lock) says nothing.
    [ "$(pm inspect --format '{{.State.Running}}' "$ctr" 2>/dev/null)" = false ] && return 1
    sleep 0.5
  done
  return 1
}
wait_healthy || fail "no /api/health 200 after the first start (exit code $(pm inspect --format '{{.State.ExitCode}}' "$ctr"); 137 is the OOM killer)"
t4=$(date +%s)
echo "container: first start in 512 MB with recordings on, to a built index (the image's word vectors, nothing converted) $((t4 - t3)) s"
pm healthcheck run "$ctr" >/dev/null || fail "the image's HEALTHCHECK did not pass"
[ "$(pm exec "$ctr" id -u)" != 0 ] || fail "the server runs as root"
node .ci/container-checks.mjs before "$url" || fail "checks before the restart"

wait "$watch_pid"
watched=$?
watch_pid=""
polled=$(cat "$watch_log")
[ "$watched" = 0 ] || fail "in 512 MB: $polled"
[ "$(pm inspect --format '{{.State.Running}}' "$ctr")" = true ] || fail "in 512 MB the server exited ($(pm inspect --format '{{.State.ExitCode}}' "$ctr"); 137 is the OOM killer): $polled"
# The cgroup's own peak (v2 memory.peak, v1 max_usage_in_bytes).
peak=$(pm exec "$ctr" sh -c 'cat /sys/fs/cgroup/memory.peak 2>/dev/null || cat /sys/fs/cgroup/memory/memory.max_usage_in_bytes 2>/dev/null' || echo 0)
echo "container: in 512 MB with recordings on for $(($(date +%s) - t3)) s: $polled; the cgroup's peak (page cache included) $((peak / 1048576)) MiB"

# A clean stop mid-recording, and the data volume kept across a start.
t5=$(date +%s)
pm stop -t 15 "$ctr" >/dev/null 2>>/tmp/sanctuary-run.log || fail "podman stop"
code=$(pm inspect --format '{{.State.ExitCode}}' "$ctr")
[ "$code" = 0 ] || fail "exit code $code after SIGTERM (expected 0)"
pm start "$ctr" >/dev/null 2>>/tmp/sanctuary-run.log || fail "podman start"
wait_healthy || fail "no /api/health 200 after the restart"
t6=$(date +%s)
echo "container: stop mid-recording (SIGTERM, exit 0) and restart $((t6 - t5)) s"
node .ci/container-checks.mjs after "$url" || fail "checks after the restart"
echo "container: passed in $(($(date +%s) - started)) s"
