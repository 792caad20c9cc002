#!/usr/bin/env bash
# Packs the Chromium headless-shell bundle, the built observatory and tools/gpu-check for a device
# machine whose calls each carry at most 64 MiB (tools/gpu-check/README.md):
#   <dest>/.dev1/chromium-headless-shell.xz (+ .sha256 of the uncompressed binary)   ≤ 60 MB
#   <dest>/.dev2/rest.tar.xz: cr/ (resources, ANGLE/SwiftShader libraries), lib/, dist/,
#                             gpu-check/ — unpacked next to the binary                ≤ 60 MB
# usage: pack.sh [dest-root]   (default /work/main)
# env: BUNDLE_SRC (default /work/main/.dev/bundle: cr/ and lib/), DIST (default
#      apps/observatory/dist), CHROMIUM_COMMON (default /usr/lib/chromium: Debian chromium-common,
#      same version, for libvk_swiftshader.so, vk_swiftshader_icd.json and the ANGLE stubs).
# Compressing the 220 MB binary with xz -9e takes ~10 min on two busy cores; an existing
# .dev1 file whose decompressed SHA-256 matches the source binary is kept.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
DEST=${1:-/work/main}
SRC=${BUNDLE_SRC:-/work/main/.dev/bundle}
DIST=${DIST:-apps/observatory/dist}
COMMON=${CHROMIUM_COMMON:-/usr/lib/chromium}
LIMIT=60000000
BIN=$SRC/cr/chromium-headless-shell

[ -x "$BIN" ] || { echo "pack.sh: $BIN missing" >&2; exit 2; }
[ -f "$DIST/index.html" ] || { echo "pack.sh: $DIST/index.html missing (npx nx run-many -t build -p @landfall/observatory)" >&2; exit 2; }
grep -q 'bench' "$DIST"/assets/*.js || { echo "pack.sh: $DIST has no bench hooks (stale build?)" >&2; exit 2; }
VERSION=$(LD_LIBRARY_PATH="$SRC/lib:$SRC/cr" "$BIN" --version)
COMMON_VERSION=$(dpkg-query -W -f '${Version}' chromium-common 2>/dev/null || echo unknown)
echo "binary: $VERSION; chromium-common: $COMMON_VERSION"
case "$COMMON_VERSION" in "${VERSION#Chromium }"*) ;; *) echo "pack.sh: WARNING: chromium-common version differs from the binary" >&2 ;; esac

mkdir -p "$DEST/.dev1" "$DEST/.dev2"
XZ=$DEST/.dev1/chromium-headless-shell.xz
WANT=$(sha256sum "$BIN" | cut -d' ' -f1)
if [ -f "$XZ" ] && [ "$(xz -dc "$XZ" | sha256sum | cut -d' ' -f1)" = "$WANT" ]; then
  echo "keeping $XZ (decompresses to the source binary)"
else
  echo "compressing the binary (xz -9e; minutes)"
  xz -9e -T2 -c "$BIN" >"$XZ.tmp"
  mv "$XZ.tmp" "$XZ"
fi
echo "$WANT  chromium-headless-shell" >"$DEST/.dev1/chromium-headless-shell.sha256"

STAGE=$(mktemp -d /tmp/gpu-check-stage.XXXX)
trap 'rm -rf "$STAGE"' EXIT
mkdir -p "$STAGE/cr" "$STAGE/gpu-check"
(cd "$SRC/cr" && find . -mindepth 1 -maxdepth 1 ! -name chromium-headless-shell -exec cp -a {} "$STAGE/cr/" \;)
for f in libvk_swiftshader.so vk_swiftshader_icd.json libEGL.so libGLESv2.so; do
  [ -e "$STAGE/cr/$f" ] || cp -a "$COMMON/$f" "$STAGE/cr/"
done
cp -a "$SRC/lib" "$STAGE/lib"
cp -a "$DIST" "$STAGE/dist"
find "$STAGE/dist" -name '*.map' -delete
cp -a "$HERE"/run.sh "$HERE"/stance.sh "$HERE"/serve.py "$HERE"/summarize.py "$HERE"/vkprobe.py "$HERE"/README.md "$STAGE/gpu-check/"
echo "$VERSION; packed $(date -u +%FT%TZ) from $(git -C "$HERE" rev-parse --short HEAD 2>/dev/null || echo '?')" >"$STAGE/PACKED"
tar -C "$STAGE" -cf - . | xz -9 -T2 >"$DEST/.dev2/rest.tar.xz"

fail=0
for f in "$XZ" "$DEST/.dev2/rest.tar.xz"; do
  n=$(stat -c %s "$f")
  echo "$f: $n bytes"
  [ "$n" -le $LIMIT ] || { echo "pack.sh: $f is over $LIMIT bytes" >&2; fail=1; }
done
du -sb "$DEST/.dev1" "$DEST/.dev2"
exit $fail
