#!/usr/bin/env bash
# Tests of the tree-sitter grammar (grammar/tree-sitter-carc), with the tree-sitter CLI:
#  1. src/ is what `tree-sitter generate --abi 14` makes of grammar.js (regenerated in a
#     scratch folder and compared; the tree is not touched);
#  2. `tree-sitter test`: the corpus (test/corpus) and the highlight tests (test/highlight);
#  3. the highlight queries (the grammar's, Helix's, Neovim's) compile against the grammar;
#  4. the parser built with `tree-sitter build` loads in Neovim (0.7+) and highlights there;
#  5. test/equivalence.py: tree-sitter and the pest grammar accept the same lines, every
#     example parses without ERROR nodes.
# Prints `== step` lines and fails on the first failing step.
#
# usage: grammar/tree-sitter-carc/test/run.sh
#   $TREE_SITTER: the CLI (default `tree-sitter` on PATH; .ci/run builds it with cargo install)
#   $CARC_GRAMMAR_ACCEPTS: the pest tool (default: `cargo run -p carc-notation --example
#   grammar_accepts`)
set -euo pipefail
grammar="$(cd "$(dirname "$0")/.." && pwd)"
repo="$(cd "$grammar/../.." && pwd)"
ts="${TREE_SITTER:-tree-sitter}"
cd "$grammar"
echo "     $("$ts" --version)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# The CLI's configuration and compiled parsers stay in the scratch folder (not ~/.config or
# ~/.cache); its grammar search path is this repository's grammar/ folder.
export TREE_SITTER_DIR="$scratch/config" TREE_SITTER_LIBDIR="$scratch/lib"
mkdir -p "$TREE_SITTER_DIR" "$TREE_SITTER_LIBDIR"
printf '{"parser-directories": ["%s"]}\n' "$repo/grammar" >"$TREE_SITTER_DIR/config.json"

echo "== tree-sitter: the checked-in parser is generated from grammar.js"
cp grammar.js tree-sitter.json "$scratch/"
(cd "$scratch" && "$ts" generate --abi 14)
if ! diff -r "$scratch/src" src >"$scratch/generate.diff"; then
  head -20 "$scratch/generate.diff"
  echo "FAIL tree-sitter: src/ differs from what grammar.js generates;" \
    "run \`tree-sitter generate --abi 14\` in grammar/tree-sitter-carc and commit src/"
  exit 1
fi
echo "PASS tree-sitter: src/ is up to date"

echo "== tree-sitter test (corpus and highlight tests)"
"$ts" test

echo "== tree-sitter: the highlight queries compile against the grammar"
for query in queries/highlights.scm "$repo/editors/helix/queries/carc/highlights.scm" \
  "$repo/editors/nvim/queries/carc/highlights.scm"; do
  "$ts" query -p "$grammar" --quiet "$query" "$repo/examples/coat-of-arms.carc" >/dev/null
  echo "PASS tree-sitter: ${query#"$repo/"}"
done

echo "== tree-sitter: the parser in Neovim, without nvim-treesitter (editors/nvim/test/treesitter.lua)"
if command -v nvim >/dev/null; then
  "$ts" build -o "$scratch/carc.so" .
  CARC_NVIM="$repo/editors/nvim" CARC_PARSER="$scratch/carc.so" \
  CARC_FILE="$repo/examples/coat-of-arms.carc" XDG_STATE_HOME="$scratch/state" \
    timeout 60 nvim --headless -n -i NONE -u NONE \
    -c "luafile $repo/editors/nvim/test/treesitter.lua" </dev/null
elif [ -n "${CI:-}" ]; then
  echo "FAIL tree-sitter: no nvim (CI installs Debian's neovim before this step)"
  exit 1
else
  echo "SKIP tree-sitter: no nvim on PATH"
fi

echo "== tree-sitter and pest accept the same lines"
pest_args=()
if [ -n "${CARC_GRAMMAR_ACCEPTS:-}" ]; then pest_args=(--pest "$CARC_GRAMMAR_ACCEPTS"); fi
python3 test/equivalence.py --tree-sitter "$ts" "${pest_args[@]}"
