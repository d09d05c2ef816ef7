#!/usr/bin/env bash
# Proves the pre-commit hooks of .pre-commit-hooks.yaml with the real
# pre-commit: in a scratch git repository whose .pre-commit-config.yaml
# points at this checkout at HEAD, commits with a malformed URI in a Go file
# and in a README fail with the findings shown, the fixed versions commit,
# and urilint-fix rewrites a fixable literal of a staged file, fails the
# commit, and leaves an untracked file alone.
#
# pre-commit is installed with apt-get (Debian package "pre-commit") when it
# is missing; only when apt-get is not available either is the proof skipped,
# with a message. The hooks are what HEAD holds: commit before running this.
#
# Exit status: 0 when every step behaved as expected (or the proof was
# skipped), 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=$(pwd)
export GOTOOLCHAIN=local # pre-commit's golang hooks use the system Go; never download another

if ! command -v pre-commit >/dev/null; then
	if ! command -v apt-get >/dev/null; then
		echo "precommit.sh: SKIPPED: pre-commit is not installed and apt-get is not available to install it"
		exit 0
	fi
	sudo=()
	if [ "$(id -u)" != 0 ]; then
		sudo=(sudo)
	fi
	echo "== apt-get install pre-commit"
	"${sudo[@]}" apt-get update -qq
	DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq pre-commit >/dev/null
fi
echo "== $(pre-commit --version), $(go version)"

rev=$(git rev-parse HEAD)
echo "hooks from $checkout at $rev"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# A private pre-commit cache, so the hooks are installed from the checkout
# by this run, as a user's first commit would.
export PRE_COMMIT_HOME=$scratch/cache
repo=$scratch/repo
mkdir -p "$repo"
cd "$repo"
git init -q
git config user.name "precommit.sh"
git config user.email "precommit@example.com"
git config commit.gpgsign false

cat >.pre-commit-config.yaml <<YAML
repos:
  - repo: $checkout
    rev: $rev
    hooks:
      - id: urilint
      - id: uriextract
YAML
cat >go.mod <<'GO'
module example.com/precommit

go 1.26
GO
git add .pre-commit-config.yaml go.mod
git commit -q -m "scratch module" --no-verify
pre-commit install
echo "== pre-commit install-hooks (go install of cmd/urilint and cmd/uriextract at $rev)"
start=$SECONDS
pre-commit install-hooks
echo "installed in $((SECONDS - start))s"
# language_version: system: the environment must use the Go on PATH, with
# no toolchain of its own (pre-commit would put it in golangenv-*/.go).
envs=$(find "$PRE_COMMIT_HOME" -maxdepth 2 -type d -name 'golangenv-*')
if [ "$(basename "$envs")" != golangenv-system ] || [ -e "$envs/.go" ]; then
	echo "FAIL: pre-commit did not install the hooks with the system Go: $envs"
	exit 1
fi
echo "hooks installed with the system Go in $envs: $(ls "$envs/bin" | tr '\n' ' ')"

failures=0
# commit_expect STATUS MESSAGE PATTERN...: runs git commit, checks that it
# passes (STATUS 0) or fails (STATUS 1), and that its output has each pattern.
commit_expect() {
	local want=$1 msg=$2
	shift 2
	local out status=0
	out=$(git commit -m "$msg" 2>&1) || status=$?
	printf '%s\n' "$out" | sed 's/^/    /'
	if { [ "$want" = 0 ] && [ "$status" != 0 ]; } || { [ "$want" != 0 ] && [ "$status" = 0 ]; }; then
		echo "FAIL: git commit -m \"$msg\" exited $status, want $([ "$want" = 0 ] && echo 0 || echo "non-zero")"
		failures=$((failures + 1))
	fi
	local p
	for p in "$@"; do
		if ! grep -qF -- "$p" <<<"$out"; then
			echo "FAIL: the output of git commit -m \"$msg\" does not show: $p"
			failures=$((failures + 1))
		fi
	done
}

echo "== a Go file and a README with malformed URIs: the commit must fail"
cat >client.go <<'GO'
package precommit

import "net/url"

// Admin parses the admin console's address.
func Admin() (*url.URL, error) {
	return url.Parse("http://[::1/admin")
}
GO
cat >README.md <<'MD'
# precommit

The [admin console](http://[::1/admin) is for operators.
MD
git add client.go README.md
commit_expect 1 "malformed URIs" \
	'client.go:7:31: "http://[::1/admin" is not a valid URI reference: invalid IP literal in host (missing "]")' \
	'README.md:3:32: "http://[::1/admin" is not a valid URI reference: invalid IP literal in host (missing "]")'

echo "== the fixed versions: the commit must pass"
sed -i 's#http://\[::1/admin#http://[::1]/admin#' client.go README.md
git add client.go README.md
commit_expect 0 "fixed URIs" "urilint" "uriextract -check"

echo "== urilint-fix rewrites a fixable literal: the commit fails, the fixed file commits"
cat >.pre-commit-config.yaml <<YAML
repos:
  - repo: $checkout
    rev: $rev
    hooks:
      - id: urilint-fix
      - id: urilint
YAML
cat >status.go <<'GO'
package precommit

// StatusURL is the status page.
const StatusURL = "HTTP://Status.Example.COM/v1/./status"
GO
# An untracked file with a fixable literal: not part of the commit, so
# urilint-fix must leave it alone.
cat >draft.go <<'GO'
package precommit

// DraftURL is not committed yet.
const DraftURL = "HTTP://Draft.Example.COM/"
GO
cp draft.go "$scratch/draft.go"
git add .pre-commit-config.yaml status.go
commit_expect 1 "unnormalized URI" "files were modified by this hook" "exit code: 3" "status.go: fixed 3 finding(s)"
if ! grep -qF 'const StatusURL = "http://status.example.com/v1/status"' status.go; then
	echo "FAIL: urilint-fix left status.go as:"
	cat status.go
	failures=$((failures + 1))
fi
if ! cmp -s draft.go "$scratch/draft.go"; then
	echo "FAIL: urilint-fix rewrote draft.go, which is not part of the commit:"
	cat draft.go
	failures=$((failures + 1))
fi
rm draft.go # urilint, which checks the whole module, would report it
git add status.go
commit_expect 0 "normalized URI"

if [ "$failures" != 0 ]; then
	echo "precommit.sh: $failures check(s) failed"
	exit 1
fi
echo "precommit.sh: ok"
