#!/usr/bin/env bash
# Static checks of the deployment files, for CI:
#  - kubeconform -strict on deploy/k8s against JSON schemas made from the OpenAPI documents of
#    pinned Kubernetes releases (the k8s.io/kubernetes Go module), and every manifest in
#    deploy/testdata/invalid must fail, for the reason its "# expect:" line gives;
#  - the Dockerfile's build line, run here as no Docker engine is at hand, gives a static binary;
#  - a Dockerfile lint (dockerfile-utils from npm), when npx is there.
# Needs only the Go module proxy, and the npm registry for the lint.
set -euo pipefail
cd "$(dirname "$0")/.."

# The oldest and the newest Kubernetes minor releases the manifests are for (native gRPC probes
# need 1.27; the PodDisruptionBudget's unhealthyPodEvictionPolicy 1.31).
KUBE_VERSIONS=(1.34.4 1.36.3)
DOCKERFILE_UTILS=dockerfile-utils@0.16.3

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
fail() {
  echo "FAIL: $*"
  failed=1
}

kubeconform() {
  go tool -modfile=tools/go.mod kubeconform -strict -summary \
    -schema-location "$work/schemas/{{ .NormalizedKubernetesVersion }}-standalone{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json" \
    "$@"
}

echo "== kubernetes schemas"
for v in "${KUBE_VERSIONS[@]}"; do
  go run ./deploy/kubeschema -kubernetes-version "$v" -out "$work/schemas"
done

echo "== kubeconform deploy/k8s deploy/api-keys"
for v in "${KUBE_VERSIONS[@]}"; do
  echo "-- Kubernetes $v"
  # kustomization.yaml is kustomize's, not the API server's.
  kubeconform -kubernetes-version "$v" -skip Kustomization deploy/k8s deploy/api-keys || fail "deploy/k8s or deploy/api-keys is not valid for Kubernetes $v"
done

echo "== kubeconform refuses the broken manifests"
for f in deploy/testdata/invalid/*.yaml; do
  expect=$(sed -n 's/^# expect: //p' "$f")
  if [ -z "$expect" ]; then
    fail "$f has no '# expect:' line"
    continue
  fi
  for v in "${KUBE_VERSIONS[@]}"; do
    if out=$(kubeconform -kubernetes-version "$v" "$f" 2>&1); then
      fail "$f passed for Kubernetes $v"
    elif ! grep -qF -- "$expect" <<<"$out"; then
      fail "$f failed for Kubernetes $v, but not with \"$expect\": $out"
    fi
  done
  echo "ok   $f: $expect"
done

echo "== the Dockerfile's build"
# The same line as the Dockerfile's; if one changes, so must the other.
build_line='go build -trimpath -ldflags="-s -w -X main.version=${VERSION}" -o /out/ashtapada ./cmd/ashtapada'
grep -qF -- "$build_line" Dockerfile || fail "the Dockerfile no longer runs: $build_line"
grep -qF 'CGO_ENABLED=0' Dockerfile || fail "the Dockerfile does not build with CGO_ENABLED=0"
VERSION=v0.0.0-check
CGO_ENABLED=0 GOOS=linux go build -trimpath -ldflags="-s -w -X main.version=${VERSION}" -o "$work/ashtapada" ./cmd/ashtapada
info=$(go version -m "$work/ashtapada")
grep -q 'CGO_ENABLED=0' <<<"$info" || fail "binary not built with CGO_ENABLED=0"
grep -q -- '-trimpath=true' <<<"$info" || fail "binary not built with -trimpath"
# A static binary has no program interpreter (dynamic loader) to run it.
if command -v readelf >/dev/null; then
  if readelf -l "$work/ashtapada" | grep -q INTERP; then fail "binary is dynamically linked"; fi
fi
# The version given at link time is the one the binary reports.
if ! out=$("$work/ashtapada" version 2>&1) || ! grep -qF -- "$VERSION" <<<"$out"; then
  fail "ashtapada version does not report $VERSION: $out"
fi
echo "ok   static binary, $(du -h "$work/ashtapada" | cut -f1): $out"

echo "== Dockerfile lint"
if command -v npx >/dev/null; then
  lint=$(npx --yes "$DOCKERFILE_UTILS" lint Dockerfile 2>&1 | grep -v '^npm warn' || true)
  if [ -n "$lint" ]; then fail "dockerfile-utils lint: $lint"; else echo "ok   Dockerfile"; fi
else
  echo "skip: no npx"
fi

if [ "$failed" != 0 ]; then
  echo "deploy/check.sh: FAILED"
  exit 1
fi
echo "deploy/check.sh: ok"
