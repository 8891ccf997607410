# make test: every test of the project, from a fresh clone. It installs what is missing first
# (make deps): Debian's chromium (the playground's browser tests), nginx (the scale-out test),
# fairy-stockfish (the UCI bot's tests), protoc with the gRPC Python plugin and python3-grpcio and
# python3-protobuf (the Python gRPC example), curl and jq (the documents' examples, which go test
# ./docs runs), python3-venv and mypy (the Python client package installs into a venv and is
# type-checked), and the npm packages of web/, the TypeScript example, the TypeScript client
# package and the OpenAPI lint. Then it runs the Go tests, the OpenAPI lint, the browser tests, the
# example clients and the client packages.
#
#   make test      everything (what .ci/run runs after its lint and generation checks)
#   make deps      only the installation
#   make go-test   only the Go tests
#   make openapi-lint   only redocly lint of the OpenAPI document
#   make clients-test   only the client packages (clients/), against a server it starts

.PHONY: test deps go-test openapi-lint web-test examples-test clients-test

test: deps go-test openapi-lint web-test examples-test clients-test

# Debian packages are installed with apt-get, as root or through sudo, only when missing.
DEBIAN_NEEDS = $(shell \
	[ -x /usr/bin/chromium ] || echo chromium; \
	[ -x /usr/sbin/nginx ] || echo nginx; \
	[ -x "$${ASHTAPADA_FAIRY:-/usr/games/fairy-stockfish}" ] || echo fairy-stockfish; \
	command -v curl >/dev/null || echo curl; \
	command -v jq >/dev/null || echo jq; \
	command -v grpc_python_plugin >/dev/null || echo protobuf-compiler protobuf-compiler-grpc; \
	/usr/bin/python3 -c 'import grpc, google.protobuf' 2>/dev/null || echo python3-grpcio python3-protobuf; \
	/usr/bin/python3 -c 'import venv, ensurepip' 2>/dev/null || echo python3-venv; \
	command -v mypy >/dev/null || echo mypy)
SUDO = $(shell [ "$$(id -u)" = 0 ] || echo sudo)

deps:
	@if [ -n "$(strip $(DEBIAN_NEEDS))" ]; then \
		echo "installing $(strip $(DEBIAN_NEEDS))"; \
		$(SUDO) apt-get update -qq >/dev/null && $(SUDO) apt-get install -y -qq $(DEBIAN_NEEDS) >/dev/null; \
	fi
	@command -v node >/dev/null && command -v npm >/dev/null || { echo "make test needs Node.js 20 with npm" >&2; exit 1; }
	cd web && npm ci --no-audit --no-fund --loglevel=error
	cd tools/openapi-lint && npm ci --no-audit --no-fund --loglevel=error
	cd examples/typescript && npm ci --no-audit --no-fund --loglevel=error
	cd clients/typescript && npm ci --no-audit --no-fund --loglevel=error

go-test:
	ASHTAPADA_REQUIRE_NGINX=1 go test -count=1 ./...

# redocly lint of the OpenAPI document, every recommended rule, warnings as errors (redocly.yaml).
openapi-lint:
	cd tools/openapi-lint && npm run --silent lint:openapi

web-test:
	cd web && npm test

# The example clients play every variant; then the test game (engine/enginetest/hexapawn), which
# only a server built with -tags testgame serves, is played to its end by the Python clients: a new
# game needs no edit of the examples. The second run takes a few seconds (no drain at its stop).
examples-test:
	bash examples/run.sh
	ASHTAPADA_BUILD_TAGS=testgame ASHTAPADA_EXAMPLES_VARIANTS=hexapawn ASHTAPADA_EXAMPLES_CLIENTS="python_json python_grpc" \
		ASHTAPADA_SHUTDOWN_DRAIN=0 bash examples/run.sh

clients-test:
	bash clients/run.sh
