# Shared by scripts/lab and scripts/test: create or reuse .venv and install the extra named in $1.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
python="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$python" -m venv .venv
  .venv/bin/python -m pip install --quiet --upgrade pip
fi
stamp=".venv/.installed-$1-$(cat pyproject.toml | sha256sum | cut -c1-16)"
if [ ! -e "$stamp" ]; then
  .venv/bin/python -m pip install --quiet -e ".[$1]"
  touch "$stamp"
fi
export PATH="$root/.venv/bin:$PATH"
