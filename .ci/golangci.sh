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

# Issue 25 item 6: golangci-lint keys its analysis cache on its version,
# its settings and go.mod, not on .urilint.yaml; custom-gcl folds the
# file's digest into its version, so an edit of .urilint.yaml alone takes
# effect on the next run (with the same cache), and a broken one is
# reported, not ignored.
echo "== custom-gcl: an edit of .urilint.yaml alone takes effect on the next run"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/.git"
printf 'module example.com/m\n\ngo 1.26\n' >"$scratch/go.mod"
printf 'package m\n\n// Home is the home page.\nconst Home = "HTTP://example.com/"\n' >"$scratch/m.go"
cat >"$scratch/.golangci.yml" <<'YAML'
version: "2"
linters:
  default: none
  enable: [urilint]
  settings:
    custom:
      urilint:
        type: module
        original-url: github.com/urilint/urilint
YAML
export GOLANGCI_LINT_CACHE="$scratch/cache"
gcl=$PWD/bin/custom-gcl
lint() { (cd "$scratch" && "$gcl" run ./... 2>&1); }
printf 'version: 1\ndisable: [scheme-case]\n' >"$scratch/.urilint.yaml"
if ! out=$(lint) || [[ $out == *scheme* ]]; then
	echo "with scheme-case disabled in .urilint.yaml, custom-gcl reported:"; echo "$out"; exit 1
fi
printf 'version: 1\n' >"$scratch/.urilint.yaml"
if out=$(lint) || [[ $out != *'should be lowercase "http"'* ]]; then
	echo "after enabling scheme-case in .urilint.yaml (cache kept), custom-gcl reported:"; echo "$out"; exit 1
fi
printf 'version: 1\nnot-a-key: true\n' >"$scratch/.urilint.yaml"
if out=$(lint) || [[ $out != *not-a-key* ]]; then
	echo "with a broken .urilint.yaml, custom-gcl reported:"; echo "$out"; exit 1
fi
echo "ok: each edit of .urilint.yaml changed the next run"
