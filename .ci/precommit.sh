#!/usr/bin/env bash
# Proves the pre-commit hooks of .pre-commit-hooks.yaml with the real
# pre-commit: in a scratch git repository whose .pre-commit-config.yaml
# points at this checkout's working tree, commits with a malformed URI in a
# Go file and in a README fail with the findings shown, the fixed versions
# commit, and urilint-fix rewrites a fixable literal of a staged file (the
# normalization fixes the repository asks for in .urilint.yaml), fails
# the commit, and leaves an untracked file alone.
#
# pre-commit installs hooks from a git repository at a revision, so the
# files of the working tree that git would see (tracked, modified or not,
# and untracked but not ignored: git ls-files -co --exclude-standard) are
# copied into a second scratch repository and committed there; the hooks
# come from that commit, not from a HEAD that may be stale.
#
# pre-commit is installed with apt-get (Debian package "pre-commit") when it
# is missing. When it cannot be installed the proof cannot be made, and
# this script fails.
#
# Exit status: 0 when every step behaved as expected, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=$(pwd)
export GOTOOLCHAIN=local # pre-commit's golang hooks use the system Go; never download another

# fail MESSAGE: the proof cannot go on.
fail() {
	echo "precommit.sh: FAIL: $1" >&2
	exit 1
}

# shellcheck source=.ci/apt.sh
. .ci/apt.sh
need_apt pre-commit pre-commit || fail "pre-commit is not installed and could not be installed (see above); see https://pre-commit.com/#install"
echo "== $(pre-commit --version), $(go version)"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# scratch_repo DIR: git init DIR, with a committer of its own and no
# signing, whatever the user's configuration says.
scratch_repo() {
	git -c init.defaultBranch=main init -q "$1"
	git -C "$1" config user.name "precommit.sh"
	git -C "$1" config user.email "precommit@example.com"
	git -C "$1" config commit.gpgsign false
}

# The hooks: the working tree, committed in a scratch repository. Files
# deleted from the working tree but still tracked are left out.
hooks=$scratch/hooks
scratch_repo "$hooks"
git ls-files -z -co --exclude-standard |
	while IFS= read -r -d '' f; do
		if [ -e "$f" ] || [ -L "$f" ]; then
			printf '%s\0' "$f"
		fi
	done |
	tar --null -T - -cf - | tar -C "$hooks" -xf -
git -C "$hooks" add --all --force .
git -C "$hooks" commit -q --no-verify -m "working tree of $checkout"
rev=$(git -C "$hooks" rev-parse HEAD)
echo "hooks from the working tree of $checkout ($(git -C "$hooks" ls-files | wc -l) files), committed in $hooks at $rev"

# A private pre-commit cache, so the hooks are installed from the hooks
# repository by this run, as a user's first commit would.
export PRE_COMMIT_HOME=$scratch/cache
repo=$scratch/repo
scratch_repo "$repo"
cd "$repo"

cat >.pre-commit-config.yaml <<YAML
repos:
  - repo: $hooks
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
echo "== pre-commit install-hooks (go install ./... of the hooks repository at $rev)"
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
installed=$(ls "$envs/bin" | tr '\n' ' ')
echo "hooks installed with the system Go in $envs: $installed"
# go install ./... installs every main package of the root module: the
# programs of CI and benchmarks live in the nested module scripts/cmd.
if [ "$installed" != "uriextract urilint " ]; then
	echo "FAIL: pre-commit installed $installed, want uriextract and urilint alone"
	exit 1
fi

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
  - repo: $hooks
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
# The fixes of normalization can change a string compared as text, so
# -fix makes them only when the repository asks (go.fixes, docs/checks.md).
cat >.urilint.yaml <<'YAML'
version: 1
go:
  fixes: [scheme-case, host-case, dot-segments]
YAML
git add .pre-commit-config.yaml .urilint.yaml status.go
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
