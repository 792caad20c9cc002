#!/usr/bin/env bash
# GPU frame-time check of the observatory in a headless Chromium (tools/gpu-check/README.md).
#
# usage: run.sh <bundle-dir> <out-dir> [dist-dir]
#   bundle-dir  holds cr/chromium-headless-shell (+ its resources and ANGLE/SwiftShader libraries)
#               and lib/ (the shared libraries it needs); used in place through LD_LIBRARY_PATH
#   out-dir     receives result-<run>.json, chromium-<run>.log, summary.txt
#   dist-dir    the built observatory (default $DIST or apps/observatory/dist)
# env: GPU_CHECK_MODE=gpu|soft (soft = SwiftShader flags, for machines without a GPU),
#      RUNS="auto webgl2" (auto = the app's default backend, WebGPU where offered),
#      BENCH_WAIT=150 (s the page waits for the fixed point), RUN_TIMEOUT=BENCH_WAIT+75 (s per run),
#      EXTRA_FLAGS (appended to Chromium's flags), VIEW (URL parameters of the viewpoint),
#      BENCH_QUERY (the whole query instead, e.g. the game's
#      'body=luna&start=descent&terrain=workers&bench=land&benchTicks=5' with dist apps/game/dist),
#      WINDOW=1600,900 (window size; smaller for software rendering),
#      RETRY_FLAGS="--use-angle=gl-egl" (gpu mode: a run that fails within 60 s is run once more as
#      <run>-retry with these flags appended; empty = no retry).
set -uo pipefail

if [ $# -lt 2 ]; then
  echo "usage: $0 <bundle-dir> <out-dir> [dist-dir]" >&2
  exit 2
fi
HERE=$(cd "$(dirname "$0")" && pwd)
BUNDLE=$(cd "$1" && pwd) || exit 2
OUT=$2
DIST=${3:-${DIST:-apps/observatory/dist}}
MODE=${GPU_CHECK_MODE:-gpu}
RUNS=${RUNS:-auto webgl2}
BENCH_WAIT=${BENCH_WAIT:-150}
RUN_TIMEOUT=${RUN_TIMEOUT:-$((BENCH_WAIT + 75))}
VIEW=${VIEW:-body=luna&lat=12&lon=34&h=2&heading=45}
WINDOW=${WINDOW:-1600,900}
RETRY_FLAGS=${RETRY_FLAGS---use-angle=gl-egl}
BIN=$BUNDLE/cr/chromium-headless-shell
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
T0=$(date +%s)

echo "== gpu-check: mode=$MODE runs='$RUNS' bench wait ${BENCH_WAIT}s, run timeout ${RUN_TIMEOUT}s, $(date -u +%FT%TZ)"
[ -x "$BIN" ] || { echo "FATAL: $BIN missing (bundle not unpacked?)"; exit 3; }
[ -f "$DIST/index.html" ] || { echo "FATAL: $DIST/index.html missing (build the observatory)"; exit 3; }
echo "== machine"
uname -m
python3 -c 'import platform; print("glibc", platform.libc_ver()[1])'
command -v nvidia-smi >/dev/null && nvidia-smi -L
command -v ldconfig >/dev/null && { ldconfig -p | grep -i -E 'vulkan|libGLX_nvidia|libEGL_nvidia|GLdispatch' || echo "(ldconfig: no vulkan/nvidia GL libraries)"; }
for d in /usr/local/nvidia/lib64 /usr/local/nvidia/lib; do
  [ -d "$d" ] && echo "$d: $(ls "$d" | grep -i -E 'vulkan|glx|egl|gldispatch|nvidia-gl|gpucomp' | tr '\n' ' ')"
done

ICD=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
EGLV=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
if [ "$MODE" = gpu ]; then
  for f in "$ICD" /usr/share/vulkan/icd.d/nvidia_icd.json /etc/vulkan/icd.d/nvidia_icd.json; do
    if [ -f "$f" ]; then
      export VK_ICD_FILENAMES=$f VK_DRIVER_FILES=$f
      echo "Vulkan ICD: $f: $(tr -d '\n ' <"$f")"
      break
    fi
  done
  [ -n "${VK_ICD_FILENAMES:-}" ] || echo "WARNING: no NVIDIA Vulkan ICD json found; the loader searches its defaults"
  [ -f "$EGLV" ] && export __EGL_VENDOR_LIBRARY_FILENAMES=$EGLV && echo "EGL vendor: $EGLV"
fi

# Library path: the bundle first; NVIDIA's user-space driver directories after it.
LIBDIR=$BUNDLE/lib
EXTRA_LD=""
for d in /usr/local/nvidia/lib64 /usr/local/nvidia/lib; do [ -d "$d" ] && EXTRA_LD="$EXTRA_LD:$d"; done
ldpath() { echo "$1:$BUNDLE/cr$EXTRA_LD${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"; }
if ! VERSION=$(LD_LIBRARY_PATH=$(ldpath "$LIBDIR") "$BIN" --version 2>&1); then
  # A bundled library newer than this system's glibc (bookworm's libstdc++ needs 2.36): use the
  # system's copy of every library the system has, the bundle's only for the others.
  echo "bundle libraries failed ($VERSION); retrying with the system's where it has them"
  LIBDIR=$(mktemp -d /tmp/gpu-check-lib.XXXX)
  for f in "$BUNDLE"/lib/*; do
    ldconfig -p | grep -q "^[[:space:]]*$(basename "$f") " || ln -s "$f" "$LIBDIR/"
  done
  VERSION=$(LD_LIBRARY_PATH=$(ldpath "$LIBDIR") "$BIN" --version 2>&1) || { echo "FATAL: chromium does not start: $VERSION"; exit 4; }
fi
CR_LD=$(ldpath "$LIBDIR") # for Chromium only: python3 keeps the system's libraries
echo "chromium: $VERSION"
echo "== vulkan devices (the bundle's loader, VK_ICD_FILENAMES=${VK_ICD_FILENAMES:-unset})"
LD_LIBRARY_PATH="${EXTRA_LD#:}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" python3 "$HERE/vkprobe.py" "$BUNDLE/cr/libvulkan.so.1"

COMMON=(--no-sandbox --no-first-run --disable-background-networking --disable-component-update
  --disable-sync --disable-quic --disable-dev-shm-usage --disable-background-timer-throttling
  --disable-renderer-backgrounding --disable-backgrounding-occluded-windows --mute-audio
  --window-size="$WINDOW" --enable-logging=stderr --v=0 --enable-unsafe-webgpu)
if [ "$MODE" = gpu ]; then
  FLAGS=(--headless=new --enable-gpu --ignore-gpu-blocklist --disable-gpu-sandbox --use-gl=angle
    --use-angle=vulkan --use-vulkan=native --disable-vulkan-surface
    --enable-features=Vulkan,VulkanFromANGLE,DefaultANGLEVulkan
    --use-webgpu-power-preference=default-high-performance)
else
  FLAGS=(--headless=new --use-angle=swiftshader --use-vulkan=swiftshader --enable-features=Vulkan)
fi
# shellcheck disable=SC2206
FLAGS+=(${EXTRA_FLAGS:-})

kill_group() { kill -TERM -- "-$1" 2>/dev/null; sleep 1; kill -KILL -- "-$1" 2>/dev/null; }

run_one() {
  local name=$1 query="?${BENCH_QUERY:-$VIEW&bench=frames&benchWait=$BENCH_WAIT}"
  shift
  case "$name" in webgl2*) query="$query&backend=webgl2" ;; esac
  local result=$OUT/result-$name.json log=$OUT/chromium-$name.log portfile profile
  portfile=$(mktemp -u /tmp/gpu-check-port.XXXX)
  profile=$(mktemp -d /tmp/gpu-check-profile.XXXX)
  rm -f "$result"
  echo "== run $name: $query $*"
  python3 "$HERE/serve.py" --dir "$DIST" --port-file "$portfile" --out "$result" --timeout "$RUN_TIMEOUT" &
  local serve=$!
  for _ in $(seq 100); do [ -s "$portfile" ] && break; sleep 0.1; done
  [ -s "$portfile" ] || { echo "FATAL: serve.py did not start"; kill "$serve"; return 1; }
  local url="http://127.0.0.1:$(cat "$portfile")/$query" t=$(date +%s)
  # Own process group (setsid), so every Chromium process can be ended together.
  LD_LIBRARY_PATH="$CR_LD" python3 -c 'import os, sys; os.setsid(); os.execv(sys.argv[1], sys.argv[1:])' \
    "$BIN" "${COMMON[@]}" "${FLAGS[@]}" "$@" --user-data-dir="$profile" "$url" >"$log" 2>&1 &
  local cr=$!
  while kill -0 "$serve" 2>/dev/null; do
    if ! kill -0 "$cr" 2>/dev/null; then
      echo "chromium exited early"
      kill "$serve" 2>/dev/null
      printf '{"ok": false, "error": "chromium exited before posting a result (see %s)"}' "$(basename "$log")" >"$result"
      break
    fi
    sleep 1
  done
  wait "$serve" 2>/dev/null
  kill_group "$cr"
  wait "$cr" 2>/dev/null
  rm -rf "$profile" "$portfile"
  echo "run $name took $(($(date +%s) - t)) s; chromium log: $log ($(wc -l <"$log") lines)"
  echo "-- chromium log, bench and GPU lines (last 30):"
  grep -i -E 'bench|gpu|vulkan|angle|dawn|webgpu|egl|swiftshader|error' "$log" | grep -v -E 'dbus/|zygote' | tail -30
  echo "-- result-$name.json:"
  cat "$result"
  echo
}

RAN=()
for r in $RUNS; do
  t=$(date +%s)
  run_one "$r"
  RAN+=("$r")
  if [ "$MODE" = gpu ] && [ -n "$RETRY_FLAGS" ] && [ $(($(date +%s) - t)) -lt 60 ] &&
    ! grep -q '"ok": *true' "$OUT/result-$r.json"; then
    # shellcheck disable=SC2086
    run_one "$r-retry" $RETRY_FLAGS
    RAN+=("$r-retry")
  fi
done
echo "== summary ($(($(date +%s) - T0)) s)"
python3 "$HERE/summarize.py" "$OUT" "${RAN[@]}" | tee "$OUT/summary.txt"
