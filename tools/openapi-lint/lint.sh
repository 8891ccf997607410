#!/usr/bin/env bash
# Lints the OpenAPI document the server serves (`ashtapada openapi` prints it) with redocly and the
# repository's redocly.yaml, whose rule set turns every warning into an error: the document must
# come out clean. Needs Go and `npm ci` in this folder.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$root" && go run ./cmd/ashtapada openapi) >"$work/openapi.json"
# No usage reports or update checks: they would reach beyond the package registry.
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_NOTIFICATIONS=true
"$here/node_modules/.bin/redocly" lint --config "$root/redocly.yaml" "$work/openapi.json"
