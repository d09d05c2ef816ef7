#!/usr/bin/env bash
# The logic of the GitHub Action (action.yml at the repository root),
# kept here so that .ci/action.sh can run it as the runner does.
#
#   action.sh go      writes found=true to $GITHUB_OUTPUT when the Go on
#                     PATH can build this module (action.yml then skips
#                     actions/setup-go), found=false otherwise
#   action.sh check   installs urilint and uriextract from this checkout,
#                     runs "uriextract -check" in $GITHUB_WORKSPACE, and
#                     writes the outputs, the job summary and the SARIF file
#
# check reads the action's inputs from the environment: INPUT_PATHS (files
# and directories, white-space separated; default "."), INPUT_ARGS (more
# flags, white-space separated, not quoted), INPUT_REMOTE ("true" adds
# -remote), INPUT_FAIL ("findings", the default, "errors" or "never"),
# INPUT_SARIF (a file to write SARIF to) and INPUT_SUMMARY ("true", the
# default, appends -output markdown to $GITHUB_STEP_SUMMARY). It writes
# findings=N, exit-code=0|1|2 and sarif=FILE to $GITHUB_OUTPUT, and adds
# the commands' directory to $GITHUB_PATH for the steps that follow.
#
# The findings show in the log as annotations of their lines
# (-output github). The summary and the SARIF file come from runs of their
# own; with -remote those reuse the links found fine by the first run
# through a -cache file, unless the arguments name a -cache already.
#
# Exit status of check: by INPUT_FAIL, from uriextract's 0 (nothing
# found), 1 (findings) or 2 (an error): "findings" passes it on, "errors"
# exits 1 for 2 only, "never" exits 0. A bad input exits 2.
set -euo pipefail
action=$(cd "$(dirname "$0")/.." && pwd)

fail() {
	echo "::error title=urilint action::$*"
	exit 2
}

case "${1:-}" in
go)
	: "${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}"
	want=$(awk '$1 == "go" { print $2; exit }' "$action/go.mod")
	have=$(go env GOVERSION 2>/dev/null || true)
	have=${have#go}
	found=false
	# A Go at least as new as go.mod's go line (sort -V orders versions).
	if [ -n "$have" ] && [ "$(printf '%s\n%s\n' "$want" "$have" | sort -V | head -n1)" = "$want" ]; then
		found=true
	fi
	echo "Go ${have:-missing}, the module needs $want: found=$found"
	echo "found=$found" >>"$GITHUB_OUTPUT"
	exit 0
	;;
check) ;;
*)
	echo "usage: action.sh go|check" >&2
	exit 2
	;;
esac

: "${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}"
: "${GITHUB_WORKSPACE:?GITHUB_WORKSPACE is not set}"
policy=${INPUT_FAIL:-findings}
case "$policy" in
findings | errors | never) ;;
*) fail "input fail: \"$policy\" is not findings, errors or never" ;;
esac
case "${INPUT_REMOTE:-false}" in
true | false) ;;
*) fail "input remote: \"$INPUT_REMOTE\" is not true or false" ;;
esac
case "${INPUT_SUMMARY:-true}" in
true | false) ;;
*) fail "input summary: \"$INPUT_SUMMARY\" is not true or false" ;;
esac

tmp="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/urilint-action"
mkdir -p "$tmp"
bin="$tmp/bin"
# The commands report the tag named in "uses: urilint/urilint@TAG" as
# their version: an action's checkout has no version control data.
ldflags=()
if [[ "${GITHUB_ACTION_REF:-}" =~ ^v[0-9]+\.[0-9]+\.[0-9]+[-+.0-9A-Za-z]*$ ]]; then
	ldflags=(-ldflags "-X github.com/urilint/urilint/internal/version.Tag=$GITHUB_ACTION_REF")
fi
echo "::group::go install ./cmd/urilint ./cmd/uriextract"
(cd "$action" && GOBIN="$bin" GOFLAGS=-mod=readonly GOWORK=off go install ${ldflags[@]+"${ldflags[@]}"} ./cmd/urilint ./cmd/uriextract)
"$bin/uriextract" -version
echo "::endgroup::"
if [ -n "${GITHUB_PATH:-}" ]; then
	echo "$bin" >>"$GITHUB_PATH"
fi

# White-space separated lists, split without glob expansion.
set -f
# shellcheck disable=SC2206 # splitting is the point
paths=(${INPUT_PATHS:-.})
# shellcheck disable=SC2206
args=(${INPUT_ARGS:-})
set +f
if [ ${#paths[@]} -eq 0 ]; then
	paths=(.)
fi
for a in ${args[@]+"${args[@]}"}; do
	# The action picks the outputs itself, and never writes the checkout.
	case "$a" in
	-output | -output=* | --output | --output=* | -json | -json=* | --json | --json=* | \
		-fix | -fix=* | --fix | --fix=* | -diff | -diff=* | --diff | --diff=*)
		fail "input args: $a is the action's to set (see the inputs sarif and summary)"
		;;
	esac
done
flags=(-check)
if [ "${INPUT_REMOTE:-false}" = true ]; then
	flags+=(-remote)
	cache=false
	for a in ${args[@]+"${args[@]}"}; do
		case "$a" in
		-cache | -cache=* | --cache | --cache=*) cache=true ;;
		esac
	done
	if [ "$cache" = false ]; then
		flags+=(-cache "$tmp/remote-cache.json")
	fi
fi
flags+=(${args[@]+"${args[@]}"})

cd "$GITHUB_WORKSPACE"
uriextract() {
	"$bin/uriextract" "${flags[@]}" "$@" -- "${paths[@]}"
}

# The check: findings as annotations in the log, the summary line saved.
set +e
uriextract -output github 2>"$tmp/stderr"
code=$?
set -e
cat "$tmp/stderr" >&2
findings=$(sed -n 's/^uriextract: .*, \([0-9][0-9]*\) findings\{0,1\}:.*/\1/p' "$tmp/stderr" | tail -n1)
findings=${findings:-0}

if [ "${INPUT_SUMMARY:-true}" = true ] && [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
	uriextract -output markdown >>"$GITHUB_STEP_SUMMARY" 2>/dev/null || true
fi
sarif=${INPUT_SARIF:-}
if [ -n "$sarif" ]; then
	mkdir -p "$(dirname "$sarif")"
	uriextract -output sarif >"$sarif" 2>/dev/null || true
	if [ ! -s "$sarif" ]; then
		fail "could not write the SARIF file \"$sarif\""
	fi
fi

{
	echo "findings=$findings"
	echo "exit-code=$code"
	echo "sarif=$sarif"
} >>"$GITHUB_OUTPUT"

case "$policy" in
findings) exit "$code" ;;
errors) [ "$code" -ne 2 ] || exit 1 ;;
esac
exit 0
