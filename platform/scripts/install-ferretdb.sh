#!/usr/bin/env bash
# Builds FerretDB v1 (MongoDB wire protocol over SQLite) into the ignored tools folder.
# `go install ...@v1.24.2` cannot be used as-is: the module zip lacks the generated
# build/version/version.txt (the binary panics at start) and the proxy refuses the
# module's version list (deprecation lookup). So: download the module, add the
# version file to a local copy, and build it through a tiny wrapper module.
#
# Local patches (platform/scripts/ferretdb/*.patch, applied in name order): the SQLite handler indexes _id as
# sjson->"_id" but queried it as sjson->'$._id', an expression SQLite cannot match to the
# index, so every lookup by _id scanned the whole collection (slow on a large one, and every
# serialised write waited behind it). The patch queries the indexed
# expression, and also uses it when the filter has other fields beside a plain _id (the
# handlers filter every document again in full, so this only narrows the candidates).
# sqlite-where-pushdown.patch narrows the other filters in SQLite (arrays always pass): equality
# and $in of strings, ObjectIDs and booleans, $lte/$lt of a date, $ne: null, and an $or whose
# branches all narrow; the lookup is by the index of the first equality, so a user's posts or
# the due schedules are read from an index instead of decoding the whole collection in Go
# (the scheduler's pass over 10,000 pending schedules: 27 ms instead of about 500).
# resource-tracking-debug-only.patch: FerretDB's leak detector (a stack and a finalizer for
# every iterator) runs in its debug builds only; it was 6 % of the database's CPU under load.
set -euo pipefail
VERSION="${FERRETDB_VERSION:-v1.24.2}"
source "$(dirname "${BASH_SOURCE[0]}")/tools-lib.sh"
BIN="$TOOLS/bin/ferretdb"
PATCHES="$ROOT/platform/scripts/ferretdb"
# the build is redone when the version or the patches change
STAMP="$VERSION $(cat "$PATCHES"/*.patch | sha256sum | cut -c1-16)"
if [[ -x "$BIN" ]] && [[ "$(cat "$BIN.stamp" 2>/dev/null)" == "$STAMP" ]] && "$BIN" --version >/dev/null 2>&1; then exit 0; fi
require_go "FerretDB is needed because MONGO_URL is not set, and Go is not installed to build it." \
  "Either install Go, or run MongoDB yourself and set MONGO_URL (README, \"Servers for npm start\")"
echo "Building FerretDB $VERSION into $TOOLS/bin (first run only, about 2 minutes)..." >&2
export GOFLAGS=-mod=mod
WORK="$TOOLS/ferretdb-build"
rm -rf "$WORK" && mkdir -p "$WORK/wrapper" "$TOOLS/bin"
DIR=$(cd "$WORK/wrapper" && go mod init ferretdb-wrapper >/dev/null 2>&1 && go mod download -json "github.com/FerretDB/FerretDB@$VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
[[ -n "$DIR" ]] || { echo "could not download github.com/FerretDB/FerretDB@$VERSION" >&2; exit 1; }
cp -r "$DIR" "$WORK/src" && chmod -R u+w "$WORK/src"
echo "$VERSION" > "$WORK/src/build/version/version.txt"
for p in "$PATCHES"/*.patch; do patch -s -p1 -d "$WORK/src" < "$p"; done
cd "$WORK/wrapper"
cat > go.mod <<MOD
module ferretdb-wrapper

go 1.22

require github.com/FerretDB/FerretDB $VERSION

replace github.com/FerretDB/FerretDB => ../src
MOD
printf '//go:build tools\n\npackage tools\n\nimport _ "github.com/FerretDB/FerretDB/cmd/ferretdb"\n' > tools.go
go mod tidy >/dev/null 2>&1 || true
# built beside and renamed over: a FerretDB running the old binary keeps running
go build -o "$BIN.new" github.com/FerretDB/FerretDB/cmd/ferretdb
rm -rf "$WORK"
"$BIN.new" --version >/dev/null
mv -f "$BIN.new" "$BIN"
echo "$STAMP" > "$BIN.stamp"
echo "FerretDB installed at $BIN" >&2
