#!/usr/bin/env bash
# Builds stripe-mock (Stripe's own mock server: it validates every request against Stripe's
# OpenAPI description) into the ignored tools folder, with its OpenAPI document beside it. The
# billing service's tests send each request the service makes to the billing sandbox through
# it as well, so the sandbox cannot accept a request shape the real API would refuse.
set -euo pipefail
VERSION="${STRIPE_MOCK_VERSION:-v0.203.0}"
source "$(dirname "${BASH_SOURCE[0]}")/tools-lib.sh"
BIN="$TOOLS/bin/stripe-mock"
SPEC="$TOOLS/stripe-mock/spec3.json"
if [[ -x "$BIN" ]] && [[ -f "$SPEC" ]] && [[ "$(cat "$BIN.stamp" 2>/dev/null)" == "$VERSION" ]]; then exit 0; fi
require_go "stripe-mock (checks the billing tests' requests against Stripe's API description) is built with Go, and Go is not installed." \
  "Install Go and run: bash platform/scripts/install-stripe-mock.sh"
echo "Building stripe-mock $VERSION into $TOOLS/bin (first run only, about a minute)..." >&2
mkdir -p "$TOOLS/bin" "$TOOLS/stripe-mock"
# built beside and renamed over: a stripe-mock running the old binary keeps running
GOBIN="$TOOLS/stripe-mock/gobin" go install "github.com/stripe/stripe-mock@$VERSION"
DIR="$(go env GOMODCACHE)/github.com/stripe/stripe-mock@$VERSION"
cp "$DIR/embedded/openapi/spec3.json" "$SPEC.new" && chmod u+w "$SPEC.new" && mv -f "$SPEC.new" "$SPEC"
mv -f "$TOOLS/stripe-mock/gobin/stripe-mock" "$BIN" && rmdir "$TOOLS/stripe-mock/gobin"
echo "$VERSION" > "$BIN.stamp"
echo "stripe-mock installed at $BIN" >&2
