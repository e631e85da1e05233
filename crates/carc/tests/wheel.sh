#!/usr/bin/env bash
# The `carc` wheel as a user without Rust gets it: build the wheel with maturin (from PyPI,
# in a build venv), install it with pip into a NEW venv, and run the `carc` that the venv
# puts on PATH: `carc check examples` must exit 0, a file with an error must exit 1.
# Prints PASS/FAIL lines; exits non-zero on any failure. The wheel is left in
# $CARC_WHEEL_DIR (default target/wheels) for whoever wants to hand it out.
#
# usage: crates/carc/tests/wheel.sh
set -euo pipefail
repo="$(cd "$(dirname "$0")/../../.." && pwd)"
cd "$repo"
target="${CARGO_TARGET_DIR:-$repo/target}"
wheels="${CARC_WHEEL_DIR:-$target/wheels}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

python3 -m venv "$scratch/build"
"$scratch/build/bin/pip" install -q --disable-pip-version-check "maturin>=1.5,<2"
rm -f "$wheels"/carc-*.whl
"$scratch/build/bin/maturin" build --release --locked -q -m crates/carc/Cargo.toml -o "$wheels"
wheel="$(ls "$wheels"/carc-*.whl)"
echo "     wheel: $wheel ($(du -h "$wheel" | cut -f1))"

# A fresh venv, the wheel alone, and a PATH without cargo's or the repository's binaries.
python3 -m venv "$scratch/user"
"$scratch/user/bin/pip" install -q --disable-pip-version-check "$wheel"
failed=0
run_as_user() {
  env -i HOME="$scratch" PATH="$scratch/user/bin:/usr/local/bin:/usr/bin:/bin" \
    VIRTUAL_ENV="$scratch/user" bash -c "$1"
}
found="$(run_as_user 'command -v carc' || true)"
if [ "$found" = "$scratch/user/bin/carc" ]; then
  echo "PASS wheel: pip put carc on the venv's PATH ($found)"
else
  echo "FAIL wheel: carc on PATH is '${found}', not the venv's"
  failed=1
fi
if run_as_user 'carc check examples'; then
  echo "PASS wheel: carc check examples exits 0"
else
  echo "FAIL wheel: carc check examples failed"
  failed=1
fi
status=0
run_as_user 'carc check tests/data/edge-mismatch.carc' >"$scratch/out.txt" 2>&1 || status=$?
if [ "$status" -eq 1 ] && grep -q "edge-mismatch" "$scratch/out.txt"; then
  echo "PASS wheel: carc check tests/data/edge-mismatch.carc exits 1 with its edge-mismatch error"
else
  echo "FAIL wheel: carc check tests/data/edge-mismatch.carc exited $status:"
  cat "$scratch/out.txt"
  failed=1
fi
exit "$failed"
