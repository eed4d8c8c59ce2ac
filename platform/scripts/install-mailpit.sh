#!/usr/bin/env bash
# Builds Mailpit (an SMTP server that keeps every email it receives and shows them through its
# API) into the ignored tools folder: `npm start` sends the product's emails to it, and the test
# kit reads them back from it (platform/src/testing/mailpit.ts).
#
# The Go module holds no built web UI: Mailpit's release images build its pages with npm from
# their Vue sources, and the npm registry reachable here lacks versions they pin (sass-embedded
# 1.108.1, rapidoc 12). So this binary serves the API and SMTP but its inbox page stays blank; the
# axllent/mailpit image of compose and the sandbox overlay has the whole UI.
set -euo pipefail
VERSION="${MAILPIT_VERSION:-v1.33.1}"
source "$(dirname "${BASH_SOURCE[0]}")/tools-lib.sh"
BIN="$TOOLS/bin/mailpit"
if [[ -x "$BIN" ]] && [[ "$(cat "$BIN.stamp" 2>/dev/null)" == "$VERSION" ]]; then exit 0; fi
require_go "Mailpit (the local SMTP server that catches the product's emails) is built with Go, and Go is not installed." \
  "Install Go, or set SMTP_URL to an SMTP server of your own (docs/configuration.md)"
echo "Building Mailpit $VERSION into $TOOLS/bin (first run only, under a minute)..." >&2
GOBIN_DIR="$TOOLS/mailpit-build"
rm -rf "$GOBIN_DIR" && mkdir -p "$GOBIN_DIR" "$TOOLS/bin"
# the version is stamped in as its release builds do, so its API (/api/v1/info) reports it
GOBIN="$GOBIN_DIR" go install -ldflags "-s -w -X github.com/axllent/mailpit/config.Version=$VERSION" "github.com/axllent/mailpit@$VERSION"
"$GOBIN_DIR/mailpit" --help >/dev/null
# built beside and renamed over: a Mailpit running the old binary keeps running
mv -f "$GOBIN_DIR/mailpit" "$BIN" && rmdir "$GOBIN_DIR"
echo "$VERSION" > "$BIN.stamp"
echo "Mailpit installed at $BIN" >&2
