# Sourced by the install-*.sh scripts: where the tools go, and the refusal when Go is missing.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
TOOLS="${POSTWRIGHT_TOOLS_DIR:-$ROOT/.tools}"

# require_go WHAT HINT: exits with both lines said when Go is not installed.
require_go() {
  command -v go >/dev/null 2>&1 && return 0
  echo "$1" >&2
  echo "$2" >&2
  exit 1
}
