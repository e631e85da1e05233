#!/usr/bin/env bash
# The real-VS-Code test (e2e.js) of a packaged carc extension:
#   editors/vscode/test/e2e/run.sh VSIX [ARTIFACT_DIR]
# Installs code-server and playwright-core with `npm ci` from this folder's package-lock.json
# (code-server installs its VS Code's dependencies from its own npm-shrinkwrap.json), then runs
# e2e.js, which prints where its screenshots are. Needs node 20 and, from Debian: chromium,
# ripgrep, and build tools for code-server's native modules (build-essential python3
# libkrb5-dev libsecret-1-dev); .ci/run installs them.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
vsix="$(realpath "${1:?usage: run.sh VSIX [ARTIFACT_DIR]}")"
artifacts="${2:-}"
cd "$here"

# @vscode/ripgrep's postinstall (inside code-server's VS Code) would download a ripgrep build;
# it first looks in its download cache, $TMPDIR/vscode-ripgrep-cache-PACKAGE_VERSION/, for
# ripgrep-RELEASE-TARGET.tar.gz: put Debian's rg there. The versions are those pinned by
# code-server 4.100.3 (lib/vscode/npm-shrinkwrap.json) and @vscode/ripgrep 1.15.11
# (lib/postinstall.js).
rg_package=1.15.11
rg_release=v13.0.0-10
case "$(uname -m)" in
  x86_64) rg_target=x86_64-unknown-linux-musl ;;
  aarch64) rg_target=aarch64-unknown-linux-musl ;;
  *) echo "run.sh: no ripgrep target for $(uname -m)" >&2; exit 2 ;;
esac
stamp="node_modules/.carc-e2e-installed"
lock_sum="$(sha256sum package-lock.json | cut -d' ' -f1)"
if [ "$(cat "$stamp" 2>/dev/null)" != "$lock_sum" ]; then
  rg_bin="$(command -v rg)" || { echo "run.sh: needs Debian's ripgrep (apt-get install ripgrep)" >&2; exit 2; }
  cache_tmp="$(mktemp -d)"
  trap 'rm -rf "$cache_tmp"' EXIT
  mkdir "$cache_tmp/vscode-ripgrep-cache-$rg_package"
  tar czf "$cache_tmp/vscode-ripgrep-cache-$rg_package/ripgrep-$rg_release-$rg_target.tar.gz" \
    -C "$(dirname "$rg_bin")" rg
  # As root without a terminal: code-server's postinstall wants unsafe-perm, node-pty's runs
  # `npx node-gyp` (yes), and native modules are built here rather than downloaded, against
  # the headers installed with node (node-gyp would otherwise download them).
  node_prefix="$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")"
  if [ -f "$node_prefix/include/node/node.h" ]; then export npm_config_nodedir="$node_prefix"; fi
  TMPDIR="$cache_tmp" npm_config_unsafe_perm=true npm_config_yes=true \
    npm_config_build_from_source=true npm ci --no-audit --no-fund --loglevel=error
  cmp -s "$rg_bin" node_modules/code-server/lib/vscode/node_modules/@vscode/ripgrep/bin/rg \
    || { echo "run.sh: code-server's ripgrep is not Debian's rg" >&2; exit 1; }
  echo "$lock_sum" >"$stamp"
fi
node e2e.js "$vsix" ${artifacts:+"$artifacts"}
