#!/usr/bin/env bash
# Builds deploy-check (deploy/check: docker-compose.yml through compose-go, the Kustomize
# overlays through krusty, the Kubernetes API types, the operators' CRDs and the API server's
# rules) into the ignored tools folder. The
# machine has no Docker engine and no cluster, so these libraries are how CI checks the
# deployment files as `docker compose` and `kubectl apply -k` would.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/tools-lib.sh"
BIN="$TOOLS/bin/deploy-check"
SRC="$ROOT/deploy/check"
# the build is redone when any of its files changes: the sources, the pinned modules, the
# embedded CRDs (each file's name counts too, so a rename or a new file rebuilds)
STAMP="$(cd "$SRC" && find . -type f \( -name '*.go' -o -name '*.yaml' -o -name go.mod -o -name go.sum \) | LC_ALL=C sort | while read -r f; do echo "$f"; cat "$f"; done | sha256sum | cut -c1-16)"
if [[ -x "$BIN" ]] && [[ "$(cat "$BIN.stamp" 2>/dev/null)" == "$STAMP" ]]; then exit 0; fi
require_go "deploy-check (validates docker-compose.yml and the Kustomize overlays) is built with Go, and Go is not installed." \
  "Install Go (the version in deploy/check/go.mod or newer) and run: bash platform/scripts/install-deploy-check.sh"
echo "Building deploy-check into $TOOLS/bin (first run only, a few minutes)..." >&2
mkdir -p "$TOOLS/bin"
cd "$SRC"
# -mod=readonly: go.mod and go.sum are used as committed, never rewritten by the build;
# -trimpath -buildvcs=false: the binary depends on the sources only, not on the checkout's
# path or git state. Built beside and renamed over: a run using the old binary goes on.
go build -mod=readonly -trimpath -buildvcs=false -o "$BIN.new" .
"$BIN.new" --help >/dev/null
mv -f "$BIN.new" "$BIN"
echo "$STAMP" > "$BIN.stamp"
echo "deploy-check installed at $BIN" >&2
