# Shared start of the editor end-to-end tests (sourced by editors/*/test/run.sh).
# Before sourcing, set `editor` (its name in PASS/FAIL lines) and `editor_cmd` (the program
# that must be installed). Sets `repo`, `binary` (the carc binary: $1, $CARC_BIN or
# target/debug/carc), `fixture` ($CARC_FILE or tests/data/edge-mismatch.carc) and `scratch`
# (a temporary folder removed on exit); exits 1 with a FAIL line when the editor or the
# binary is missing.
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
binary="${1:-${CARC_BIN:-$repo/target/debug/carc}}"
fixture="${CARC_FILE:-$repo/tests/data/edge-mismatch.carc}"
case "$binary" in /*) ;; *) binary="$PWD/$binary" ;; esac

if ! command -v "$editor_cmd" >/dev/null; then
  echo "FAIL $editor: $editor_cmd is not installed"; exit 1
fi
if [ ! -x "$binary" ]; then
  echo "FAIL $editor: no carc binary at $binary (cargo build -p carc)"; exit 1
fi

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
