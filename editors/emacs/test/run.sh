#!/usr/bin/env bash
# End-to-end test of carc-mode in Emacs with Eglot against `carc lsp`: mode, font-lock,
# diagnostics (Flymake), hover, inlay hints, edits. Prints PASS/FAIL lines; exit 0 only if
# every check passed.
#
# usage: editors/emacs/test/run.sh [CARC_BINARY]
#   CARC_BINARY (or $CARC_BIN) defaults to target/debug/carc of the repository;
#   $CARC_FILE overrides the fixture (default tests/data/edge-mismatch.carc).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
editor=emacs
editor_cmd=emacs
# shellcheck source=../../test/common.sh
source "$here/../../test/common.sh"
# The test edits a copy in a folder of its own (Eglot's project); HOME keeps Emacs's state
# out of the user's.
mkdir -p "$scratch/home" "$scratch/project"
cp "$fixture" "$scratch/project/fixture.carc"

status=0
HOME="$scratch/home" CARC_EMACS="$repo/editors/emacs" CARC_BIN="$binary" \
CARC_FILE="$scratch/project/fixture.carc" \
  timeout 120 emacs --batch -Q -l "$here/e2e.el" </dev/null 2>"$scratch/stderr" || status=$?
if [ "$status" -eq 124 ]; then
  echo "FAIL emacs: timed out after 120 s"
fi
if [ "$status" -ne 0 ]; then
  echo "     emacs's messages:"
  sed 's/^/     | /' "$scratch/stderr"
  echo "FAIL emacs e2e (exit $status)"
  exit 1
fi
echo "PASS emacs e2e"
