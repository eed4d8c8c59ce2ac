#!/usr/bin/env bash
# Stops the servers `npm test`, the e2e journeys and `npm run bench` start detached and leave
# running for the next run: the embedded FerretDB with its write serializer, and the tests'
# Mailpit (ports 1125 and 8125). Those of this checkout only; a running `npm start` keeps its
# own (they are its children and stop with it).
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
stopped=0
stop() {
  local pid parent
  for pid in $(pgrep -f "$1" 2>/dev/null); do
    parent="$(ps -o args= -p "$(ps -o ppid= -p "$pid" | tr -d ' ')" 2>/dev/null || true)"
    [[ "$parent" == *"stack/start.js"* ]] && continue
    kill "$pid" 2>/dev/null && stopped=$((stopped + 1)) && echo "stopped $2 (pid $pid)"
  done
}
stop "$ROOT/platform/dist/stack/write-serializer.main.js" "the FerretDB write serializer"
stop "$ROOT/.tools/bin/ferretdb" "FerretDB"
stop "$ROOT/.tools/bin/mailpit .*mailpit-test" "the tests' Mailpit"
[[ $stopped -gt 0 ]] || echo "none of the test servers was running"
exit 0
