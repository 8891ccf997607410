# syntax=docker/dockerfile:1

# Build on the builder's own platform and cross-compile: the binary is pure Go.
FROM --platform=$BUILDPLATFORM golang:1.26.8-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN --mount=type=cache,target=/go/pkg/mod go mod download
COPY . .
ARG TARGETOS TARGETARCH
ARG VERSION=dev
# deploy/check.sh runs this same build line, as no Docker engine is at hand there.
RUN --mount=type=cache,target=/go/pkg/mod --mount=type=cache,target=/root/.cache/go-build \
    CGO_ENABLED=0 GOOS=$TARGETOS GOARCH=$TARGETARCH \
    go build -trimpath -ldflags="-s -w -X main.version=${VERSION}" -o /out/ashtapada ./cmd/ashtapada

# Static binary, no shell: distroless static with its nonroot user (65532).
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/ashtapada /ashtapada
USER 65532:65532
# gRPC (with grpc.health.v1 for probes), then HTTP/JSON.
EXPOSE 50051 8080
ENTRYPOINT ["/ashtapada", "serve"]
