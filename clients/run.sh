#!/usr/bin/env bash
# Tests the client packages against a fresh server, as examples/run.sh does: builds ashtapada,
# serves it on free loopback ports, then installs the Python package into a new venv with pip
# (no package index needed) and runs its tests from outside the source tree, so that they test
# what was installed, builds and tests the TypeScript package, and tests the board package
# (@ashtapada/board) in Chromium against a server of its own. Each plays a game of every
# variant and prints the game log. Exits non-zero when a package fails.
#
# Needs Go, curl, Debian's python3 with python3-venv, mypy (Debian's package: the Python package
# and its tests are type-checked against the generated types), node 20 with npm, and Chromium
# (/usr/bin/chromium, or CHROMIUM) for the board.
#
#   bash clients/run.sh
#
# ASHTAPADA_SEED (default 1) seeds the bots' choices and rolls.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
export ASHTAPADA_SEED="${ASHTAPADA_SEED:-1}"
py="${ASHTAPADA_PYTHON:-/usr/bin/python3}"

work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

for tool in go curl "$py" mypy node npm; do
  command -v "$tool" >/dev/null || { echo "clients: $tool not found" >&2; exit 1; }
done

echo "== build"
(cd "$root" && go build -o "$work/ashtapada" ./cmd/ashtapada)

echo "== serve"
# Port 0: the system picks free ports; the server logs the addresses it listens on.
"$work/ashtapada" serve --grpc-addr 127.0.0.1:0 --http-addr 127.0.0.1:0 >"$work/server.log" 2>&1 &
server_pid=$!
http_addr=""
for _ in $(seq 1 300); do
  line="$(grep -m1 '"serving"' "$work/server.log" || true)"
  if [ -n "$line" ]; then
    http_addr="$(sed -n 's/.*"http_addr":"\([^"]*\)".*/\1/p' <<<"$line")"
    break
  fi
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.1
done
if [ -z "$http_addr" ]; then
  echo "clients: the server did not report its address" >&2
  cat "$work/server.log" >&2
  exit 1
fi
export ASHTAPADA_URL="http://$http_addr"
ready=""
for _ in $(seq 1 100); do
  if curl -sf "$ASHTAPADA_URL/healthz" >/dev/null 2>&1; then
    ready=1
    break
  fi
  sleep 0.1
done
[ -n "$ready" ] || { echo "clients: the server at $ASHTAPADA_URL does not answer" >&2; cat "$work/server.log" >&2; exit 1; }
echo "HTTP $ASHTAPADA_URL, seed $ASHTAPADA_SEED"

passed=0 failed=0
run() {
  local name="$1"
  shift
  echo "== $name"
  local start=$SECONDS
  if "$@"; then
    passed=$((passed + 1))
    echo "$name: ok in $((SECONDS - start))s"
  else
    echo "clients: $name FAILED" >&2
    failed=$((failed + 1))
  fi
}

# (set -e does not apply inside a condition, so each step chains with &&.)
python_types() {
  (cd "$root/clients/python" &&
    mypy --strict --cache-dir "$work/mypy" ashtapada &&
    mypy --check-untyped-defs --cache-dir "$work/mypy" tests)
}
# The README goes beside the tests: tests/test_readme.py runs its examples.
python_client() {
  "$py" -m venv "$work/venv" &&
    "$work/venv/bin/pip" install --quiet --no-index --disable-pip-version-check "$root/clients/python" &&
    mkdir -p "$work/py" && cp -r "$root/clients/python/tests" "$root/clients/python/README.md" "$work/py/" &&
    (cd "$work/py" && "$work/venv/bin/python" -m unittest discover -s tests -t . -v 2>&1)
}
typescript_client() {
  (cd "$root/clients/typescript" &&
    npm ci --no-audit --no-fund --loglevel=error &&
    npm run --silent build &&
    npm test --silent)
}

# The board starts its own server (it must allow the test page's origin) and drives Chromium.
board_package() {
  (cd "$root/clients/board" &&
    npm ci --no-audit --no-fund --loglevel=error &&
    ASHTAPADA_BIN="$work/ashtapada" npm test --silent)
}

run "python types" python_types
run "python client" python_client
run "typescript client" typescript_client
run "board" board_package

echo "== stop"
kill -TERM "$server_pid"
if ! wait "$server_pid"; then
  echo "clients: the server did not stop cleanly" >&2
  tail -n 20 "$work/server.log" >&2
  failed=$((failed + 1))
fi
server_pid=""

echo "clients: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
