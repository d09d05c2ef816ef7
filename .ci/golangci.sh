#!/usr/bin/env bash
# Builds golangci-lint v2 with the urilint plugin compiled in (the nested
# module cmd/custom-gcl; everything comes from the Go module proxy) and runs
# it on the repository (the root module and the nested module scripts/cmd)
# with .golangci.yml, which must report nothing.
#
# Exit status: 0 when the repository is clean, 1 when there are findings,
# other values when the build or the run fails.
set -euo pipefail
cd "$(dirname "$0")/.."
export GOTOOLCHAIN=local

if ! command -v go >/dev/null; then
	echo "golangci.sh: go is not on PATH" >&2
	exit 2
fi

# cmd/custom-gcl replaces this module with ../.., so a dependency added to
# the root go.mod must reach cmd/custom-gcl/go.mod and go.sum too.
if ! diff=$(cd cmd/custom-gcl && go mod tidy -diff); then
	echo "golangci.sh: cmd/custom-gcl/go.mod or go.sum is out of date; run (cd cmd/custom-gcl && go mod tidy) and commit:" >&2
	echo "$diff" >&2
	exit 2
fi

echo "== build bin/custom-gcl (golangci-lint $(sed -n 's/^\tgithub.com\/golangci\/golangci-lint\/v2 //p' cmd/custom-gcl/go.mod) with the urilint plugin)"
start=$SECONDS
(cd cmd/custom-gcl && go build -o ../../bin/custom-gcl .)
echo "built in $((SECONDS - start))s"
bin/custom-gcl version

echo "== bin/custom-gcl run ./..."
bin/custom-gcl run ./...

# scripts/cmd is a module of its own, outside the root's ./...: lint it
# from its directory, with the same .golangci.yml (golangci-lint looks for
# its configuration in the parent directories too).
echo "== bin/custom-gcl run ./... (scripts/cmd)"
(cd scripts/cmd && ../../bin/custom-gcl run ./...)
