#!/usr/bin/env python3
"""Prints one line per gpu-check run from <out-dir>/result-<run>.json, naming the adapter that ran.

Usage: summarize.py <out-dir> <run> [<run> ...]. A run whose adapter or probe names a software
renderer (SwiftShader, llvmpipe, lavapipe, Microsoft Basic Render, 'software') is flagged
SOFTWARE so it is never mistaken for the GPU. Exit status 0 when every run posted figures.
"""
import json
import re
import sys

SOFT = re.compile(r"swiftshader|llvmpipe|lavapipe|softpipe|subzero|basic render|software", re.I)


def fmt(v, d=1):
    return "?" if v is None else f"{v:.{d}f}"


def gpu_pass(f):
    g = f.get("gpuPassMs")
    return "gpu passes ?" if not g else f"gpu passes p50 {fmt(g['p50'], 2)} p95 {fmt(g['p95'], 2)}"


def line(name, r):
    if not r.get("ok"):
        return f"RUN {name}: FAILED: {str(r.get('error', r)).splitlines()[0][:300]}"
    if "worstFrameMs" in r:
        # The game's scripted landing (bench=land).
        gpu = r.get("gpu", "?")
        kind = "SOFTWARE (not the GPU)" if SOFT.search(gpu) else "hardware"
        return (
            f"RUN {name}: game landing, backend={r.get('backend')} adapter={kind}: {gpu} | "
            f"{r.get('outcome')} after {fmt(r.get('simSeconds'))} s of flight in {r.get('frames')} frames "
            f"({r.get('ticksPerFrame')} ticks/frame, {fmt(r.get('wallS'))} s wall) | worst frame interval "
            f"{fmt(r.get('worstFrameMs'))} ms, worst frame work {fmt(r.get('worstWorkMs'))} ms, worst streaming "
            f"work {fmt(r.get('worstStreamMs'))} ms"
        )
    f = r["frames"]
    fp = r["fixedPoint"]
    s = r.get("streamingRafIntervals") or {}
    gpu = r.get("gpu", "?")
    kind = "SOFTWARE (not the GPU)" if SOFT.search(gpu) else "hardware"
    fixed = f"fixed point {fmt(fp['fixedPointMs'] / 1000 if fp['fixedPointMs'] is not None else None)} s" if fp["reached"] else f"NO fixed point within {fmt(fp['waitLimitMs'] / 1000, 0)} s"
    return (
        f"RUN {name}: backend={r['backend']} adapter={kind}: {gpu} | {f['width']}x{f['height']} "
        f"{f['triangles']} tris {f['drawn']} patches | {f['frames']} frames ms p50 {fmt(f['p50'], 2)} "
        f"p95 {fmt(f['p95'], 2)} max {fmt(f['max'], 2)} mean {fmt(f['mean'], 2)} (cpu p50 {fmt(f['cpuP50'], 2)}, pipelined {fmt(f.get('pipelinedMs'), 2)}, {gpu_pass(f)}) | "
        f"{fixed} | streaming rAF ms p50 {fmt(s.get('p50'))} p95 {fmt(s.get('p95'))} max {fmt(s.get('max'))} "
        f"over {s.get('frames', 0)} ticks | probe webgl2={r['probe'].get('webgl2')} webgpu={r['probe'].get('webgpu')}"
    )


def main() -> int:
    out, runs = sys.argv[1], sys.argv[2:]
    ok = True
    for name in runs:
        try:
            with open(f"{out}/result-{name}.json") as fh:
                r = json.load(fh)
        except (OSError, ValueError) as e:
            r = {"ok": False, "error": f"no readable result: {e}"}
        ok = ok and bool(r.get("ok"))
        print(line(name, r))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
