#!/usr/bin/env bash
# Runs the example clients against a fresh server: builds ashtapada, starts `ashtapada serve` on
# free loopback ports, waits until it answers, plays the Python JSON client (every variant), the
# Python gRPC client (the same games, which must come out the same) and the TypeScript client
# generated from the OpenAPI document (every variant), then stops the server. Exits non-zero when
# a client fails: each one checks every answer it gets.
#
# Needs Go, curl, Debian's python3 with grpcio and protobuf, protoc with the gRPC Python plugin,
# and node 20 with npm:
#
#   apt-get install -y curl protobuf-compiler protobuf-compiler-grpc python3-grpcio python3-protobuf
#   bash examples/run.sh
#
# ASHTAPADA_EXAMPLES_SEED (default 1) seeds the clients' choices and rolls: the same seed plays
# the same games.
#
# ASHTAPADA_BUILD_TAGS are Go build tags for the server, ASHTAPADA_EXAMPLES_VARIANTS (names
# separated by spaces) the only variants the clients play (each must be served and played to its
# end), and ASHTAPADA_EXAMPLES_CLIENTS the clients that play (default: python_json python_grpc
# typescript). make examples-test also runs, in seconds, the test game that only a build with
# -tags testgame serves, with the Python clients:
#
#   ASHTAPADA_BUILD_TAGS=testgame ASHTAPADA_EXAMPLES_VARIANTS=hexapawn \
#     ASHTAPADA_EXAMPLES_CLIENTS="python_json python_grpc" bash examples/run.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seed="${ASHTAPADA_EXAMPLES_SEED:-1}"
tags="${ASHTAPADA_BUILD_TAGS:-}"
clients=" ${ASHTAPADA_EXAMPLES_CLIENTS:-python_json python_grpc typescript} "
only=()
for v in ${ASHTAPADA_EXAMPLES_VARIANTS:-}; do only+=(--variant "$v"); done
# Debian's interpreter, which has python3-grpcio and python3-protobuf (a python3 earlier in PATH,
# such as a pyenv one, may not).
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

for tool in go curl "$py" protoc grpc_python_plugin node npm; do
  command -v "$tool" >/dev/null || { echo "examples: $tool not found" >&2; exit 1; }
done

echo "== build"
(cd "$root" && go build ${tags:+-tags "$tags"} -o "$work/ashtapada" ./cmd/ashtapada)

echo "== serve"
# Port 0: the system picks free ports; the server logs the addresses it listens on.
"$work/ashtapada" serve --grpc-addr 127.0.0.1:0 --http-addr 127.0.0.1:0 >"$work/server.log" 2>&1 &
server_pid=$!
grpc_addr="" http_addr=""
for _ in $(seq 1 300); do
  line="$(grep -m1 '"serving"' "$work/server.log" || true)"
  if [ -n "$line" ]; then
    grpc_addr="$(sed -n 's/.*"grpc_addr":"\([^"]*\)".*/\1/p' <<<"$line")"
    http_addr="$(sed -n 's/.*"http_addr":"\([^"]*\)".*/\1/p' <<<"$line")"
    break
  fi
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.1
done
if [ -z "$grpc_addr" ] || [ -z "$http_addr" ]; then
  echo "examples: the server did not report its addresses" >&2
  cat "$work/server.log" >&2
  exit 1
fi
url="http://$http_addr"
# Ready when the health endpoint, or failing that a plain call through the gateway, answers.
ready=""
for _ in $(seq 1 100); do
  if curl -sf "$url/healthz" >/dev/null 2>&1 || curl -sf "$url/v1/variants" >/dev/null 2>&1; then
    ready=1
    break
  fi
  sleep 0.1
done
[ -n "$ready" ] || { echo "examples: the server at $url does not answer" >&2; cat "$work/server.log" >&2; exit 1; }
echo "gRPC $grpc_addr, HTTP $url, seed $seed${tags:+, tags $tags}${ASHTAPADA_EXAMPLES_VARIANTS:+, variants $ASHTAPADA_EXAMPLES_VARIANTS}"

passed=0 failed=0
run() {
  local name="$1"
  shift
  echo "== $name"
  if "$@"; then
    passed=$((passed + 1))
  else
    echo "examples: $name FAILED" >&2
    failed=$((failed + 1))
  fi
}

# (set -e does not apply inside a condition, so each client chains its steps with &&.)
python_json() {
  "$py" "$root/examples/python/play_json.py" --url "$url" --seed "$seed" "${only[@]}" | tee "$work/json.out" &&
    played_every
}
# Every variant asked for was played to its end: play_json prints a line for each finished game.
played_every() {
  for v in ${ASHTAPADA_EXAMPLES_VARIANTS:-}; do
    grep -q "^$v: .* actions" "$work/json.out" || { echo "examples: no finished game of $v" >&2; return 1; }
  done
}
python_grpc() {
  "$root/examples/python/gen_stubs.sh" "$work/gen" &&
    ASHTAPADA_PY_GEN="$work/gen" "$py" "$root/examples/python/play_grpc.py" --target "$grpc_addr" --seed "$seed" "${only[@]}" |
    tee "$work/grpc.out"
}
# The two Python clients draw from the same seed in the same way, so over JSON and over gRPC they
# must have played the very same games.
same_games() {
  grep -v '^play_' "$work/json.out" >"$work/json.games" &&
    grep -v '^play_' "$work/grpc.out" >"$work/grpc.games" &&
    [ -s "$work/json.games" ] &&
    diff "$work/json.games" "$work/grpc.games" &&
    echo "the same $(wc -l <"$work/json.games") games over JSON and gRPC"
}
typescript() {
  (cd "$root/examples/typescript" &&
    npm ci --no-audit --no-fund --loglevel=error &&
    npx --no-install tsc -p . &&
    node dist/play.js --url "$url" --seed "$seed" "${only[@]}")
}

[[ "$clients" == *" python_json "* ]] && run "python JSON client" python_json
[[ "$clients" == *" python_grpc "* ]] && run "python gRPC client" python_grpc
[[ "$clients" == *" python_json "* && "$clients" == *" python_grpc "* ]] && run "JSON and gRPC agree" same_games
[[ "$clients" == *" typescript "* ]] && run "typescript client" typescript
[ $((passed + failed)) -gt 0 ] || { echo "examples: no client in ASHTAPADA_EXAMPLES_CLIENTS=$clients" >&2; failed=1; }

echo "== stop"
kill -TERM "$server_pid"
if ! wait "$server_pid"; then
  echo "examples: the server did not stop cleanly" >&2
  tail -n 20 "$work/server.log" >&2
  failed=$((failed + 1))
fi
server_pid=""

echo "examples: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
