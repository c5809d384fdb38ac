#!/usr/bin/env bash
# The wheel without extras in a fresh virtual environment, as a user installs it from the index: the terminal game
# (scripted: quit at once), the browser game's server (--help), the rules in German (copied from docs/ by the build).
# Run from anywhere but the checkout, so that nothing is read from it.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
python -m pip wheel -q --no-deps --disable-pip-version-check -w "$tmp/dist" .
python3 -m venv "$tmp/venv"
"$tmp/venv/bin/pip" install -q --disable-pip-version-check "$tmp"/dist/footcanasta-*.whl
cd "$tmp"
export HOME="$tmp"  # the game's replay lands here, not in the runner's home
printf 'quit\n' | venv/bin/footcanasta play --seed 1 > play.txt
grep -q "South" play.txt || { cat play.txt; echo "fresh wheel: footcanasta play showed no table" >&2; exit 1; }
venv/bin/footcanasta serve --help | grep -- "--trusted-proxies" >/dev/null  # grep reads all: no broken pipe under pipefail
venv/bin/footcanasta rules --lang de | grep "^## 4\. Den Ablagestapel nehmen" >/dev/null
test ! -e venv/lib/python3*/site-packages/torch  # no extras: nothing of training came along
echo "fresh wheel: play, serve --help and rules --lang de work without extras"
