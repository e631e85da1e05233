#!/bin/sh
# Builds the platform-specific extension: a .vsix for one vsce target (linux-x64, darwin-arm64,
# win32-x64, ...) that carries the carc binary in bin/. The extension starts that binary while
# carc.server.path is empty, so the user needs no Rust toolchain and no carc on PATH.
#
# usage: sh package-platform.sh TARGET [CARC_BINARY] [OUT.vsix]
#   CARC_BINARY: a carc built for TARGET (default ../../target/release/carc, from
#   `cargo build --release -p carc`); OUT.vsix: default carc-TARGET-VERSION.vsix.
set -eu
cd "$(dirname "$0")"
target="${1:?usage: sh package-platform.sh TARGET [CARC_BINARY] [OUT.vsix]}"
binary="${2:-../../target/release/carc}"
out="${3:-}"
case "$target" in
  win32-*) name=carc.exe ;;
  *) name=carc ;;
esac
if [ ! -f "$binary" ]; then
  echo "package-platform.sh: no carc binary at $binary (cargo build --release -p carc)" >&2
  exit 2
fi
rm -rf bin
trap 'rm -rf bin' EXIT
mkdir bin
cp "$binary" "bin/$name"
chmod 755 "bin/$name"
# The release profile keeps line tables for profiling; users do not need them.
if command -v strip >/dev/null 2>&1 && [ "$name" = carc ]; then
  strip --strip-debug "bin/$name" 2>/dev/null || true
fi
if [ -n "$out" ]; then
  npx vsce package --allow-missing-repository --target "$target" -o "$out" </dev/null
else
  npx vsce package --allow-missing-repository --target "$target" </dev/null
fi
