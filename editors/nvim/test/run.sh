#!/usr/bin/env bash
# End-to-end test of carc in Neovim: filetype, syntax, the built-in LSP client against
# `carc lsp` (diagnostics, hover, inlay hints, edits). Prints PASS/FAIL lines; exit 0 only if
# every check passed.
#
# usage: editors/nvim/test/run.sh [CARC_BINARY]
#   CARC_BINARY (or $CARC_BIN) defaults to target/debug/carc of the repository;
#   $CARC_FILE overrides the fixture (default tests/data/edge-mismatch.carc).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
editor=nvim
editor_cmd=nvim
# shellcheck source=../../test/common.sh
source "$here/../../test/common.sh"
# The snippets find `carc` on PATH, as a user's would.
mkdir -p "$scratch/bin"
ln -s "$binary" "$scratch/bin/carc"

# Which setups this Neovim can run: the plugin module and the README's snippets.
version="$(nvim --version | head -1 | sed -E 's/^NVIM v([0-9]+)\.([0-9]+).*/\1 \2/')"
read -r major minor <<<"$version"
setups=(module "$here/../snippets/nvim-0.7.lua")
if [ "$major" -gt 0 ] || [ "$minor" -ge 8 ]; then setups+=("$here/../snippets/nvim-0.8.lua"); fi
if [ "$major" -gt 0 ] || [ "$minor" -ge 11 ]; then setups+=("$here/../snippets/nvim-0.11.lua"); fi
echo "     Neovim $major.$minor: setups ${setups[*]##*/}"

failed=0
for setup in "${setups[@]}"; do
  run="$scratch/run-${setup##*/}"
  mkdir -p "$run"
  # Each run edits its own copy; Neovim's state, cache and logs stay in the scratch folder.
  cp "$fixture" "$run/fixture.carc"
  status=0
  PATH="$scratch/bin:$PATH" \
  XDG_CONFIG_HOME="$run/config" XDG_DATA_HOME="$run/data" \
  XDG_STATE_HOME="$run/state" XDG_CACHE_HOME="$run/cache" \
  CARC_NVIM="$repo/editors/nvim" CARC_BIN="$binary" CARC_FILE="$run/fixture.carc" \
  CARC_SETUP="$setup" \
    timeout 120 nvim --headless -n -i NONE -u NONE -c "luafile $here/e2e.lua" </dev/null \
    || status=$?
  if [ "$status" -eq 124 ]; then
    echo "FAIL nvim: timed out after 120 s (setup ${setup##*/})"
  fi
  if [ "$status" -ne 0 ]; then
    echo "FAIL nvim e2e with setup ${setup##*/} (exit $status)"
    failed=1
  fi
done
if [ "$failed" -ne 0 ]; then
  exit 1
fi
echo "PASS nvim e2e"
