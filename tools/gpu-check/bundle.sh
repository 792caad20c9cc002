#!/usr/bin/env bash
# Builds the headless-Chromium bundle that pack.sh packs (tools/gpu-check/README.md), on a Debian
# bookworm machine like this one: installs the `chromium-headless-shell` package (same version as
# the installed `chromium`) when missing, then writes
#   <dest>/cr/   the headless shell, its paks, ICU and V8 snapshots, en-US locale, Chromium's
#                libvulkan.so.1, ANGLE (libEGL.so, libGLESv2.so) and SwiftShader's Vulkan ICD
#   <dest>/lib/  every library `ldd` lists for the shell and ANGLE that is not glibc's own
# usage: bundle.sh [dest]   (default /work/main/.dev/bundle, which .gitignore keeps out)
set -euo pipefail
DEST=${1:-/work/main/.dev/bundle}
SRC=/usr/lib/chromium
if [ ! -x "$SRC/chromium-headless-shell" ]; then
  tmp=$(mktemp -d)
  (cd "$tmp" && apt-get download chromium-headless-shell)
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$tmp"/chromium-headless-shell_*.deb
  rm -rf "$tmp"
fi
rm -rf "$DEST"
mkdir -p "$DEST/cr/locales" "$DEST/lib"
for f in chromium-headless-shell headless_command_resources.pak headless_lib_data.pak \
  headless_lib_strings.pak icudtl.dat snapshot_blob.bin v8_context_snapshot.bin libvulkan.so.1 \
  libEGL.so libGLESv2.so libvk_swiftshader.so vk_swiftshader_icd.json; do
  [ -e "$SRC/$f" ] && cp -a "$SRC/$f" "$DEST/cr/"
done
cp -a "$SRC/locales/en-US.pak" "$DEST/cr/locales/"
# glibc's own libraries stay the device machine's; everything else the shell links travels.
for bin in "$DEST/cr/chromium-headless-shell" "$DEST/cr/libEGL.so" "$DEST/cr/libGLESv2.so"; do
  ldd "$bin" | awk '/=> \// {print $3}'
done | sort -u | while read -r lib; do
  case "$(basename "$lib")" in
    libc.so.*|libm.so.*|libdl.so.*|libpthread.so.*|librt.so.*|ld-linux*|libresolv.so.*) ;;
    *) cp -L "$lib" "$DEST/lib/" ;;
  esac
done
echo "bundle: $DEST ($(du -sh "$DEST" | cut -f1)); $("$DEST/cr/chromium-headless-shell" --version 2>/dev/null || echo '?')"
