#!/usr/bin/env bash
# Generates the Python protobuf and gRPC stubs of Ashtapada's API into a directory (default:
# examples/python/gen, which git ignores) with Debian's protoc and grpc_python_plugin:
#
#   apt-get install protobuf-compiler protobuf-compiler-grpc python3-grpcio python3-protobuf
#   examples/python/gen_stubs.sh [OUT_DIR]
#
# The stubs match Debian's python3-protobuf and python3-grpcio (run them with /usr/bin/python3).
# Nothing generated is committed: the .proto files are the contract.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${1:-$here/gen}"

for tool in protoc grpc_python_plugin; do
  if ! command -v "$tool" >/dev/null; then
    echo "gen_stubs: $tool not found (apt-get install protobuf-compiler protobuf-compiler-grpc)" >&2
    exit 1
  fi
done

rm -rf "$out"
mkdir -p "$out"
cd "$root"
protoc \
  -I proto -I third_party/googleapis -I "$here/protos" \
  --plugin=protoc-gen-grpc_python="$(command -v grpc_python_plugin)" \
  --python_out="$out" --grpc_python_out="$out" \
  proto/ashtapada/v1/*.proto \
  third_party/googleapis/google/api/*.proto \
  "$here"/protos/google/rpc/*.proto \
  "$here"/protos/grpc_health/v1/health.proto
echo "gen_stubs: $(find "$out" -name '*.py' | wc -l) modules in $out"
