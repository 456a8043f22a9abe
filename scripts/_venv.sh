# Shared by scripts/serve and scripts/test: make ./.venv (idempotent) and install treachery into it.
# Usage: . scripts/_venv.sh EXTRAS   (EXTRAS like "" or "[dev]")
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PYTHON=${PYTHON:-python3}
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "treachery needs Python 3.11 or newer as '$PYTHON' (set PYTHON=... to choose another)" >&2
  exit 1
fi
if [ ! -x .venv/bin/python ]; then
  if ! "$PYTHON" -m venv .venv 2>/dev/null; then
    rm -rf .venv
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
      "$PYTHON" -m venv .venv
    else
      echo "cannot create a virtual environment: install python3-venv (sudo apt-get install python3-venv)" >&2
      exit 1
    fi
  fi
fi
stamp=".venv/.installed$1"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  .venv/bin/python -m pip install -q --upgrade pip >/dev/null
  .venv/bin/python -m pip install -q -e ".$1"
  touch "$stamp"
fi
