#!/usr/bin/env bash
# The logic of the GitHub Action (action.yml at the repository root),
# kept here so that .ci/action.sh can run it as the runner does.
#
#   action.sh go      writes found=true to $GITHUB_OUTPUT when the Go on
#                     PATH can build this module (action.yml then skips
#                     actions/setup-go), found=false otherwise
#   action.sh check   installs urilint and uriextract from this checkout,
#                     runs "uriextract -check" once in $GITHUB_WORKSPACE,
#                     and writes the outputs, the job summary and the SARIF
#                     file from that one run
#
# check reads the action's inputs from the environment: INPUT_PATHS (files
# and directories, white-space separated; default "."), INPUT_ARGS (more
# flags, white-space separated, not quoted), INPUT_REMOTE ("true" adds
# -remote), INPUT_CACHE (the -cache file, relative to the workspace; by
# default one in the run's directory), INPUT_FAIL ("findings", the default, "errors" or "never"),
# INPUT_SARIF (a file to write SARIF to) and INPUT_SUMMARY ("true", the
# default, appends the Markdown summary to $GITHUB_STEP_SUMMARY);
# URILINT_BUILD_CACHE, when set, is where Go keeps its build and module
# caches (action.yml restores and saves it with actions/cache). It writes
# findings=N, exit-code=0|1|2 and sarif=FILE to $GITHUB_OUTPUT, and adds
# the commands' directory to $GITHUB_PATH for the steps that follow.
#
# The workspace is a pull request's content: nothing in it may steer the
# action (docs/security.md, "The GitHub Action and what is printed").
#   - The commands are built into a fresh directory of this run under
#     $RUNNER_TEMP (mktemp), which no file of the workspace names, and
#     their hashes are checked after the audit: a changed binary fails
#     the step, and is not put on $GITHUB_PATH.
#   - The remote settings that write or fetch are the action's own:
#     -remote=true|false and -cache from the inputs (by default a file of
#     the run's directory), whatever .urilint.yaml says; args may not set
#     them.
#   - The audit runs once: its findings go to the log as annotations
#     (-output github), to the JSON file the counts are read from, to the
#     job summary (markdown) and to the SARIF file, all from that run.
#   - What the audit prints on standard error is relayed with its control
#     characters replaced, every line behind "| ", between
#     ::stop-commands:: and a random token: it cannot start a workflow
#     command. Annotation lines are relayed only in the shape uriextract
#     writes them.
#
# Exit status of check: by INPUT_FAIL, from uriextract's 0 (nothing
# found), 1 (findings) or 2 (an error): "findings" passes it on, "errors"
# exits 1 for 2 only, "never" exits 0. A bad input exits 2. An error of
# the audit (exit 2) is also an annotation.
set -euo pipefail
action=$(cd "$(dirname "$0")/.." && pwd)

# ghdata escapes text as the message of a workflow command.
ghdata() {
	local s=${1//%/%25}
	s=${s//$'\r'/%0D}
	printf '%s' "${s//$'\n'/%0A}"
}

fail() {
	echo "::error title=urilint action::$(ghdata "$*")"
	exit 2
}

case "${1:-}" in
go)
	: "${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}"
	want=$(awk '$1 == "go" { print $2; exit }' "$action/go.mod")
	# In the action's own directory: a go.mod or go.work of the workspace
	# must not choose the toolchain.
	have=$( (cd "$action" && GOTOOLCHAIN=local GOWORK=off go env GOVERSION) 2>/dev/null || true)
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

# The run's own directory: a fresh name, so that nothing the workspace
# holds (a .urilint.yaml, a symbolic link) can name it beforehand.
run=$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/urilint-action.XXXXXXXXXX")
bin="$run/bin"
# The commands report the tag named in "uses: urilint/urilint@TAG" as
# their version: an action's checkout has no version control data.
ldflags=()
if [[ "${GITHUB_ACTION_REF:-}" =~ ^v[0-9]+\.[0-9]+\.[0-9]+[-+.0-9A-Za-z]*$ ]]; then
	ldflags=(-ldflags "-X github.com/urilint/urilint/internal/version.Tag=$GITHUB_ACTION_REF")
fi
goenv=(GOBIN="$bin" GOFLAGS=-mod=readonly GOWORK=off)
if [ -n "${URILINT_BUILD_CACHE:-}" ]; then
	goenv+=(GOCACHE="$URILINT_BUILD_CACHE/build" GOMODCACHE="$URILINT_BUILD_CACHE/mod")
fi
echo "::group::go install ./cmd/urilint ./cmd/uriextract"
(cd "$action" && env "${goenv[@]}" go install ${ldflags[@]+"${ldflags[@]}"} ./cmd/urilint ./cmd/uriextract)
chmod a-w "$bin/urilint" "$bin/uriextract"
sums=$(cd "$bin" && sha256sum urilint uriextract)
"$bin/uriextract" -version
echo "::endgroup::"

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
	# The action picks the outputs, the remote settings and the cache
	# itself, and never writes the checkout.
	case "${a#-}" in
	-output | -output=* | output | output=* | -json | -json=* | json | json=* | \
		-fix | -fix=* | fix | fix=* | -diff | -diff=* | diff | diff=*)
		fail "input args: $a is the action's to set (see the inputs sarif and summary)"
		;;
	-remote | -remote=* | remote | remote=* | -cache | -cache=* | cache | cache=*)
		fail "input args: $a is the action's to set (see the inputs remote and cache)"
		;;
	esac
done
# A path that starts with "-" would read as a flag; "--" is not used, so
# that a word of args that is no flag cannot make the action's own flags,
# which come first, into file names.
for i in "${!paths[@]}"; do
	case "${paths[$i]}" in
	-*) paths[i]="./${paths[$i]}" ;;
	esac
done

# The SARIF file is written by the action, into the workspace: a relative
# path must not pass through a symbolic link there, which a pull request
# could point anywhere.
sarif=${INPUT_SARIF:-}
if [ -n "$sarif" ] && [[ "$sarif" != /* ]]; then
	p=$GITHUB_WORKSPACE
	IFS=/ read -r -a parts <<<"$sarif"
	for part in "${parts[@]}"; do
		[ -n "$part" ] || continue
		p="$p/$part"
		if [ -L "$p" ]; then
			fail "input sarif: \"$sarif\" passes through a symbolic link of the workspace"
		fi
	done
fi

outputs="github,json=$run/findings.json,markdown=$run/summary.md,sarif=$run/urilint.sarif"
remote=false
if [ "${INPUT_REMOTE:-false}" = true ]; then
	remote=true
fi

cache=${INPUT_CACHE:-$run/remote-cache.json}

cd "$GITHUB_WORKSPACE"
set +e
"$bin/uriextract" -check -remote="$remote" -cache "$cache" -output "$outputs" \
	${args[@]+"${args[@]}"} "${paths[@]}" >"$run/annotations" 2>"$run/stderr"
code=$?
set -e

# The binaries are as built, or the step fails and they are not used.
if ! (cd "$bin" && printf '%s\n' "$sums" | sha256sum --check --quiet >/dev/null 2>&1); then
	rm -rf "$bin"
	fail "the installed commands changed during the audit: they are removed"
fi
if [ -n "${GITHUB_PATH:-}" ]; then
	echo "$bin" >>"$GITHUB_PATH"
fi

# The annotations, in the one shape uriextract writes them (properties
# and message escaped); any other line is relayed as the errors are.
annotation='^::(error|warning) file=[^:]*,line=[0-9]+,col=[0-9]+,title=urilint [a-z0-9-]+::[^[:cntrl:]]*$'
grep -E "$annotation" "$run/annotations" || true
grep -vE "$annotation" "$run/annotations" >>"$run/stderr" || true
# Standard error: control characters replaced, each line behind "| ",
# workflow commands off until a token the audit cannot know.
token=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
echo "::stop-commands::$token"
LC_ALL=C sed 's/[[:cntrl:]]/?/g; s/^/| /' "$run/stderr" >&2
echo "::$token::"

# The counts, from the JSON output: one finding a line; those with a
# "verdict" key (unconfirmed, unchecked: remote checks that fail nothing)
# are not counted. Inside a JSON string a quote is escaped, so the
# unescaped "verdict":" can only be the key.
findings=$(grep '^{' "$run/findings.json" 2>/dev/null | grep -vc '"verdict":"' || true)
findings=${findings:-0}
if [ "$code" -eq 2 ]; then
	# A failure that is no finding: a missing path, a bad flag in args.
	first=$(LC_ALL=C sed -n 's/[[:cntrl:]]/?/g; s/^uriextract: //; p; q' "$run/stderr")
	echo "::error title=urilint::$(ghdata "uriextract could not check everything (exit 2): ${first:-see the log}")"
fi

if [ "${INPUT_SUMMARY:-true}" = true ] && [ -n "${GITHUB_STEP_SUMMARY:-}" ] && [ -s "$run/summary.md" ]; then
	cat "$run/summary.md" >>"$GITHUB_STEP_SUMMARY"
fi
if [ -n "$sarif" ] && [ ! -s "$run/urilint.sarif" ]; then
	# An audit that could not start (a bad flag, a bad configuration)
	# writes no output: its error is annotated above, and the outputs say
	# exit-code=2 and no SARIF file.
	[ "$code" -eq 2 ] || fail "could not write the SARIF file \"$sarif\""
	sarif=
fi
if [ -n "$sarif" ]; then
	mkdir -p "$(dirname "$sarif")"
	rm -f "$sarif"
	cp "$run/urilint.sarif" "$sarif"
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
