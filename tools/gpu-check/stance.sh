#!/usr/bin/env bash
# Stance frame figures on a GPU (issue 13's goal: the Luna stance with shadows and detail on at
# 1600×900, p50 ≤ 4 ms, p95 ≤ 6 ms). Prepared for a session with a GPU; not run without one.
#
# usage: tools/gpu-check/stance.sh <bundle-dir> <out-dir> [dist-dir]
# Runs run.sh (tools/gpu-check/README.md) once per variant on the default backend (WebGPU where
# offered), 1600×900, the stance viewpoint (Luna 12° N 34° E, 2 m, heading 45°):
#   full      shadows=on  detail=on   (the figure the goal names)
#   nodetail  shadows=on  detail=off  (the per-pixel craters' share)
#   noshadow  shadows=off detail=on   (the shadow pass's share)
#   half      as full at 800×450      (a quarter of the pixels: what scales with fill)
#   webgl2    as full on WebGL2       (the other backend)
# Each variant's result lands in <out-dir>/<variant>/result-auto.json (p50, p95, max, mean, cpuP50,
# triangles, drawn patches, drawCalls, adapter); the last lines print one summary row per variant.
# env: as run.sh (GPU_CHECK_MODE, BENCH_WAIT, RETRY_FLAGS, EXTRA_FLAGS); VARIANTS to pick a subset.
set -uo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 <bundle-dir> <out-dir> [dist-dir]" >&2
  exit 2
fi
HERE=$(cd "$(dirname "$0")" && pwd)
BUNDLE=$1
OUT=$2
DIST=${3:-${DIST:-apps/observatory/dist}}
STANCE='body=luna&lat=12&lon=34&h=2&heading=45&hud=0'
VARIANTS=${VARIANTS:-full nodetail noshadow}
run_of() { [ "$1" = webgl2 ] && echo webgl2 || echo auto; }
for v in $VARIANTS; do
  window=1600,900
  case "$v" in
    full | webgl2) q='shadows=on&detail=on' ;;
    nodetail) q='shadows=on&detail=off' ;;
    noshadow) q='shadows=off&detail=on' ;;
    half) q='shadows=on&detail=on' window=800,450 ;;
    *) echo "unknown variant $v (full, nodetail, noshadow, half, webgl2)" >&2; exit 2 ;;
  esac
  echo "== stance variant $v: $q at $window"
  RUNS=$(run_of "$v") WINDOW=$window VIEW="$STANCE&$q" "$HERE/run.sh" "$BUNDLE" "$OUT/$v" "$DIST"
done
echo "== stance summary (p50 / p95 ms, goal ≤ 4 / ≤ 6 with shadows and detail on)"
for v in $VARIANTS; do
  python3 - "$OUT/$v/result-$(run_of "$v").json" "$v" <<'PY'
import json, sys
path, name = sys.argv[1], sys.argv[2]
try:
    r = json.load(open(path))
except Exception as e:  # a run that posted nothing
    print(f"{name}: no result ({e})")
    sys.exit(0)
for label, key in (("", "frames"), (" walking 1 cm/frame", "walking")):
  t = r.get(key, r if key == "frames" else None)
  if not isinstance(t, dict) or "p50" not in t:
    if key == "frames":
      print(f"{name}: {r.get('error', 'no frame figures')}")
  else:
      g = t.get("gpuPassMs") or {}
      print(f"{name}{label}: p50 {t['p50']:.2f} ms, p95 {t['p95']:.2f} ms, pipelined {t.get('pipelinedMs', 0):.2f} ms/frame, "
            f"gpu passes p50 {g.get('p50', float('nan')):.2f} p95 {g.get('p95', float('nan')):.2f} ms, "
            f"cpu p50 {t.get('cpuP50', 0):.2f} ms, {t.get('triangles')} triangles, "
            f"{t.get('drawCalls')} draw calls, {t.get('drawn')} patches, {t.get('gpu')}")
PY
done
