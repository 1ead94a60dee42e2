# Shared by scripts/lab, scripts/test and scripts/test_latest: create or reuse a virtual
# environment and install the extra named in $1, every package at the version constraints.txt
# pins (scripts/lock.py refreshes it), so every machine gets the same stack.
#   VENV=path      the environment (default .venv in the checkout)
#   UNPINNED=1     install the newest releases instead, ignoring constraints.txt
#                  (scripts/test_latest does, in a throwaway environment)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
python="${PYTHON:-python3}"
venv="${VENV:-.venv}"
pinned=(-c constraints.txt)
[ "${UNPINNED:-0}" = 1 ] && pinned=(--upgrade --upgrade-strategy eager)
wanted="$(sed -n 's/^PYTHON = "\(.*\)".*/\1/p' scripts/lock.py)"
have="$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
if [ "$have" != "$wanted" ] && [ "${UNPINNED:-0}" != 1 ]; then
  echo "note: constraints.txt is resolved for Python $wanted; $python is $have (a pin may not" \
    "install; set PYTHON=python$wanted)" >&2
fi
if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
fi
# The stamp names what was installed: the extra, pyproject.toml and the pins. A change to
# either file installs again (pip then moves each package to its pinned version).
stamp="$venv/.installed-$1-$(cat pyproject.toml constraints.txt | sha256sum | cut -c1-16)"
[ "${UNPINNED:-0}" = 1 ] && stamp="$venv/.installed-$1-latest"
if [ ! -e "$stamp" ]; then
  "$venv/bin/python" -m pip install --quiet "${pinned[@]}" pip
  "$venv/bin/python" -m pip install --quiet "${pinned[@]}" -e ".[$1]"
  rm -f "$venv"/.installed-"$1"-*
  touch "$stamp"
fi
export PATH="$(cd "$venv" && pwd)/bin:$PATH"
