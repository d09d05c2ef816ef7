#!/usr/bin/env bash
# Checks the GitHub Action: lints action.yml and the example workflows of
# docs/workflows with actionlint (which runs shellcheck on their scripts),
# runs shellcheck on the scripts of the action and of the release, then runs scripts/action.sh as the runner
# would, with GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, GITHUB_PATH and
# GITHUB_WORKSPACE set to temporary files and a workspace holding
# testdata/docs, and checks the outputs, the job summary, the SARIF file
# and the exit status under each "fail" policy.
#
# actionlint comes from the Go module proxy (go run, at a pinned version),
# and the shellcheck command from Debian, installed with apt-get when missing.
#
# Exit status: 0 when everything passes, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
export GOTOOLCHAIN=local
repo=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
actionlint=github.com/rhysd/actionlint/cmd/actionlint@v1.7.12

# shellcheck source=.ci/apt.sh
. .ci/apt.sh
need_apt shellcheck shellcheck

status=0
failed() {
	echo "action.sh: $*" >&2
	status=1
}

echo "== docs/integrations.md shows docs/workflows/*.yml as they are"
for f in docs/workflows/*.yml; do
	# The yaml block after the first line that links the file.
	awk -v link="(workflows/$(basename "$f"))" '
		state == 0 && index($0, link) { state = 1; next }
		state == 1 && $0 == "```yaml" { state = 2; next }
		state == 2 && $0 == "```" { exit }
		state == 2 { print }
	' docs/integrations.md >"$tmp/shown.yml"
	if ! diff -u "$f" "$tmp/shown.yml" >"$tmp/shown.diff"; then
		failed "docs/integrations.md does not show $f as it is:"
		cat "$tmp/shown.diff" >&2
	fi
done

echo "== actionlint docs/workflows/*.yml"
go run "$actionlint" -no-color docs/workflows/*.yml || failed "actionlint found problems in docs/workflows"

# actionlint reads an action's metadata only through a workflow that uses
# it as a local action ("uses: ./"): lint, in a scratch repository, the
# example workflows pointed at this checkout's action.yml, which checks
# action.yml and the inputs the examples give it, and a workflow that
# gives every input and reads every output.
echo "== actionlint action.yml (through workflows that use it)"
lint="$tmp/lint"
mkdir -p "$lint/.git" "$lint/.github/workflows" "$lint/scripts"
cp action.yml "$lint/"
cp scripts/action.sh "$lint/scripts/"
for f in docs/workflows/*.yml; do
	sed 's|uses: urilint/urilint@[^ ]*|uses: ./|' "$f" >"$lint/.github/workflows/$(basename "$f")"
done
cat >"$lint/.github/workflows/every-input.yml" <<'EOF'
name: every input
on: push
permissions:
  contents: read
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v6
      - id: urilint
        uses: ./
        with:
          paths: |
            README.md
            docs
          args: -enable hyphen-break
          remote: false
          cache: .urilint-cache.json
          fail: errors
          sarif: out/urilint.sarif
          summary: true
      - run: echo "$FINDINGS findings, exit $CODE, $SARIF"
        env:
          FINDINGS: ${{ steps.urilint.outputs.findings }}
          CODE: ${{ steps.urilint.outputs.exit-code }}
          SARIF: ${{ steps.urilint.outputs.sarif }}
EOF
(cd "$lint" && go run "$actionlint" -no-color) || failed "actionlint found problems in action.yml or in the inputs given to it"

echo "== shellcheck -x scripts/action.sh .ci/action.sh .ci/apt.sh scripts/goreleaser-snapshot.sh"
shellcheck -x scripts/action.sh .ci/action.sh .ci/apt.sh scripts/goreleaser-snapshot.sh || failed "shellcheck found problems"

# A go in front of the real one ($REAL_GO): after "go install" it puts, in
# front of the uriextract installed, a script that logs each run of it to
# $RUNS (to count the audits), and records the hashes of the commands as
# installed in $INSTALLED.
mkdir -p "$tmp/gowrap"
cat >"$tmp/gowrap/go" <<'EOF'
#!/usr/bin/env bash
"$REAL_GO" "$@" || exit
if [ "$1" = install ] && [ -n "${GOBIN:-}" ] && [ -x "$GOBIN/uriextract" ]; then
	mv "$GOBIN/uriextract" "$GOBIN/uriextract.real"
	{
		echo '#!/bin/sh'
		echo "printf '%s\\n' \"\$*\" >>'$RUNS'"
		echo "exec '$GOBIN/uriextract.real' \"\$@\""
	} >"$GOBIN/uriextract"
	chmod +x "$GOBIN/uriextract"
	(cd "$GOBIN" && sha256sum uriextract uriextract.real urilint) >"$INSTALLED"
fi
EOF
chmod +x "$tmp/gowrap/go"

# run POLICY PATHS...: runs the action's check in a fresh workspace with
# testdata/docs (and a .git, as a checkout has), with fail=POLICY and the
# PATHS input; sets $code and $bin (the commands' directory the action
# put on GITHUB_PATH), and leaves the files in $tmp/run. When $setup
# names a function, it is called with the workspace before the run.
sha=0123456789abcdef0123456789abcdef01234567
run() {
	local policy=$1
	shift
	rm -rf "$tmp/run"
	mkdir -p "$tmp/run/ws/.git" "$tmp/run/ws/testdata" "$tmp/run/runner"
	cp -R testdata/docs "$tmp/run/ws/testdata/"
	printf '# Clean\n\nSee [the guide](testdata/docs/guide.md) and <https://example.com/>.\n' >"$tmp/run/ws/clean.md"
	if [ -n "${setup:-}" ]; then
		"$setup" "$tmp/run/ws"
	fi
	: >"$tmp/run/output"
	: >"$tmp/run/summary"
	: >"$tmp/run/path"
	: >"$tmp/run/runs"
	set +e
	env PATH="$tmp/gowrap:$PATH" REAL_GO="$(command -v go)" RUNS="$tmp/run/runs" INSTALLED="$tmp/run/installed.sha" \
		GITHUB_OUTPUT="$tmp/run/output" GITHUB_STEP_SUMMARY="$tmp/run/summary" GITHUB_PATH="$tmp/run/path" \
		GITHUB_WORKSPACE="$tmp/run/ws" RUNNER_TEMP="$tmp/run/runner" \
		GITHUB_REPOSITORY=octo/docs GITHUB_SHA=$sha GITHUB_SERVER_URL=https://github.com GITHUB_ACTION_REF=v9.8.7 \
		INPUT_PATHS="$*" INPUT_ARGS="${INPUT_ARGS_RUN:-}" INPUT_REMOTE="${INPUT_REMOTE_RUN:-false}" INPUT_FAIL="$policy" \
		INPUT_SARIF=out/urilint.sarif INPUT_SUMMARY=true \
		bash "$repo/scripts/action.sh" check >"$tmp/run/log" 2>&1
	code=$?
	set -e
	bin=$(head -n1 "$tmp/run/path")
}
output() { sed -n "s/^$1=//p" "$tmp/run/output"; }

echo "== scripts/action.sh check on testdata/docs"
run findings testdata/docs
# The findings the action reports are those of uriextract -check.
want=$("$bin/uriextract.real" -check "$repo/testdata/docs" 2>/dev/null | wc -l || true)
if [ "$code" -ne 1 ]; then
	failed "fail=findings with findings: exit $code, want 1"
	cat "$tmp/run/log" >&2
fi
[ "$want" -gt 0 ] || failed "uriextract -check testdata/docs found nothing: the test needs findings"
[ "$(output findings)" = "$want" ] || failed "output findings=$(output findings), want $want"
[ "$(output exit-code)" = 1 ] || failed "output exit-code=$(output exit-code), want 1"
[ "$(output sarif)" = out/urilint.sarif ] || failed "output sarif=$(output sarif), want out/urilint.sarif"
[[ "$bin" == "$tmp/run/runner/urilint-action."* ]] || failed "GITHUB_PATH names \"$bin\", want a fresh directory of the run under RUNNER_TEMP"
# One audit per invocation: the only other run of uriextract is -version.
audits=$(grep -c -- '-check' "$tmp/run/runs" || true)
[ "$audits" = 1 ] || failed "the action ran the audit $audits times, want once: $(cat "$tmp/run/runs")"
for cmd in urilint uriextract.real; do
	v=$("$bin/$cmd" -version || true)
	[[ "$v" == "${cmd%.real} version v9.8.7 go"* ]] || failed "$cmd -version printed \"$v\", want the tag of the action's ref, v9.8.7"
done
# The log annotates each finding's line.
[ "$(grep -c '^::error file=testdata/docs/guide.md,line=' "$tmp/run/log")" = "$want" ] ||
	failed "the log does not annotate the $want findings:$(cat "$tmp/run/log")"
# The summary: the count, and a link to the line of each finding.
if [ "$want" = 1 ]; then heading="1 finding"; else heading="$want findings"; fi
grep -q "^## urilint: $heading$" "$tmp/run/summary" || failed "the summary lacks its heading: $(head -3 "$tmp/run/summary")"
links=$(grep -c "^- \[line [0-9]*\](https://github.com/octo/docs/blob/$sha/testdata/docs/guide.md#L[0-9]*)" "$tmp/run/summary" || true)
[ "$links" = "$want" ] || failed "the summary links $links findings to their lines, want $want"
# The SARIF log: version 2.1.0, one result per finding, paths relative to the workspace.
sarif="$tmp/run/ws/out/urilint.sarif"
if [ ! -s "$sarif" ]; then
	failed "no SARIF file written"
else
	grep -q '"version": "2.1.0"' "$sarif" || failed "the SARIF file is not SARIF 2.1.0"
	[ "$(grep -c '"ruleId"' "$sarif")" = "$want" ] || failed "the SARIF file has $(grep -c '"ruleId"' "$sarif") results, want $want"
	grep -q '"uri": "testdata/docs/guide.md"' "$sarif" || failed "the SARIF file does not name testdata/docs/guide.md relative to the workspace"
fi

echo "== the fail policies"
run errors testdata/docs
[ "$code" -eq 0 ] || failed "fail=errors with findings: exit $code, want 0"
run never testdata/docs
[ "$code" -eq 0 ] || failed "fail=never with findings: exit $code, want 0"
run errors testdata/docs missing.md
if [ "$code" -ne 1 ] || [ "$(output exit-code)" != 2 ]; then
	failed "fail=errors with a missing file: exit $code and exit-code=$(output exit-code), want 1 and 2"
fi
run never missing.md
[ "$code" -eq 0 ] || failed "fail=never with a missing file: exit $code, want 0"
run findings clean.md
if [ "$code" -ne 0 ] || [ "$(output findings)" != 0 ]; then
	failed "a clean document: exit $code, findings=$(output findings); want 0 and 0"
fi
grep -q '^## urilint: no findings$' "$tmp/run/summary" || failed "a clean document: the summary says $(head -1 "$tmp/run/summary")"
INPUT_ARGS_RUN="-exclude fixtures --fix" run findings clean.md
if [ "$code" -ne 2 ] || ! grep -q 'input args: --fix is the action' "$tmp/run/log"; then
	failed "args with -fix: exit $code, want 2 and a message; log: $(cat "$tmp/run/log")"
fi
run findings clean.md missing.md
if [ "$(output exit-code)" != 2 ] || ! grep -q '^::error title=urilint::uriextract could not check everything (exit 2): .*missing.md' "$tmp/run/log"; then
	failed "a missing path: exit-code=$(output exit-code), want 2 and an annotation; log: $(cat "$tmp/run/log")"
fi
# A word of args that is no flag ends the flags; the action's own come
# first, so that they stay flags: the word is an input, reported missing.
INPUT_ARGS_RUN="-enable hyphen-break word" run findings clean.md
if [ "$(output exit-code)" != 2 ] || ! grep -q '^::error title=urilint::uriextract could not check everything (exit 2): .*word' "$tmp/run/log"; then
	failed "args with a word: exit-code=$(output exit-code), want 2 and an annotation naming it; log: $(cat "$tmp/run/log")"
fi
if grep -q -- 'json=' "$tmp/run/log"; then
	failed "args with a word: the action's -output became a file name; log: $(cat "$tmp/run/log")"
fi
INPUT_ARGS_RUN="-cache x.json" run findings clean.md
if [ "$code" -ne 2 ] || ! grep -q 'input args: -cache is the action' "$tmp/run/log"; then
	failed "args with -cache: exit $code, want 2 and a message; log: $(cat "$tmp/run/log")"
fi
run sometimes clean.md
if [ "$code" -ne 2 ] || ! grep -q 'input fail: "sometimes" is not findings, errors or never' "$tmp/run/log"; then
	failed "fail=sometimes: exit $code, want 2 and a message; log: $(cat "$tmp/run/log")"
fi

echo "== a hostile workspace cannot turn the action against its runner"
# A local server that answers 200 to everything, and logs what it is asked.
python3 - "$tmp/server" <<'EOF' &
import http.server, os, sys
class Handler(http.server.BaseHTTPRequestHandler):
    def answer(self):
        with open(sys.argv[1] + ".hits", "a") as f:
            f.write(self.path + "\n")
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", "0")
        self.end_headers()
    do_GET = do_HEAD = answer
    def log_message(self, *args):
        pass
server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
with open(sys.argv[1] + ".tmp", "w") as f:
    f.write(str(server.server_port))
os.rename(sys.argv[1] + ".tmp", sys.argv[1] + ".port")
server.serve_forever()
EOF
server=$!
trap 'kill "$server" 2>/dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 100); do
	[ -s "$tmp/server.port" ] && break
	sleep 0.05
done
port=$(cat "$tmp/server.port")
# Where the action installed uriextract before it used a fresh directory
# per run.
named="$tmp/run/runner/urilint-action/bin/uriextract"

# hostile WS: what a pull request can commit. A .urilint.yaml that turns
# the remote checks on and points their cache at the installed
# uriextract (at $named), or, with $cache_in_ws, at a file of the
# workspace; links whose
# path is "$(./x)" and an executable ./x that would leave a marker; file
# names that forge a workflow command or drive a terminal.
# shellcheck disable=SC2317 # called through $setup
hostile() {
	local ws=$1 cache=$named
	if [ -n "${cache_in_ws:-}" ]; then
		cache=.cache/links.json
	fi
	printf '#!/bin/sh\ntouch "%s"\n' "$tmp/marker" >"$ws/x"
	chmod +x "$ws/x"
	printf 'version: 1\nremote:\n  enabled: true\n  cache: %s\n' "$cache" >"$ws/.urilint.yaml"
	# shellcheck disable=SC2016 # the $(./x) is the point
	printf '# Links\n\nSee <http://127.0.0.1:%s/$(./x)> and [a](http://127.0.0.1:%s/a;$(./x)).\n' "$port" "$port" >"$ws/links.md"
	ln -s nowhere "$ws/"$'b\n::error file=README.md,line=1::FORGED'
	ln -s nowhere "$ws/"$'b\n::error file=README.md,line=1::FORGED.md'
	ln -s nowhere "$ws/"$'c\e[2J\e[31mred.md'
	printf '[x](<c\e[2J\e[31mred.md>) ##[error]forged\n' >"$ws/"$'d\e]0;title\a.md'
}
allowed='^::(group::.*|endgroup::|error file=[^:]*,line=[0-9]+,col=[0-9]+,title=urilint [a-z0-9-]+::.*|error title=urilint( action)?::.*|stop-commands::[0-9a-f]{32}|[0-9a-f]{32}::)$'
setup=hostile
for cache_in_ws in "" yes; do
	for remote in false true; do
		rm -f "$tmp/marker" "$tmp/server.hits"
		what="remote=$remote, the cache on the commands"
		[ -z "$cache_in_ws" ] || what="remote=$remote, the cache in the workspace"
		INPUT_REMOTE_RUN=$remote run never .
		[ ! -e "$tmp/marker" ] || failed "$what: ./x ran"
		if [ -e "$named" ] && [ "$bin" != "$(dirname "$named")" ]; then
			failed "$what: the cache .urilint.yaml names was written"
		fi
		[ ! -e "$tmp/run/ws/.cache" ] || failed "$what: the cache .urilint.yaml names was written"
		if [ -z "$bin" ] || ! (cd "$bin" && sha256sum --check --quiet "$tmp/run/installed.sha"); then
			failed "$what: the installed commands are not as built (GITHUB_PATH: \"$bin\"); log: $(cat "$tmp/run/log")"
		fi
		if [ "$remote" = false ] && [ -s "$tmp/server.hits" ]; then
			failed "$what: links were fetched: $(cat "$tmp/server.hits")"
		fi
		audits=$(grep -c -- '-check' "$tmp/run/runs" || true)
		[ "$audits" = 1 ] || failed "$what: the action ran the audit $audits times, want once"
		# No line of the log starts a workflow command but the action's
		# own, and nothing it wrote holds a raw ESC.
		forged=$(sed 's/^[[:space:]]*//' "$tmp/run/log" | grep '^::' | grep -vE "$allowed" || true)
		[ -z "$forged" ] || failed "$what: the log has workflow commands the action did not write: $forged"
		[ "$(output exit-code)" != "" ] || failed "$what: no exit-code output; log: $(cat "$tmp/run/log")"
		if LC_ALL=C grep -l $'\e' "$tmp/run/log" "$tmp/run/summary" "$tmp/run/output" "$tmp/run/ws/out/urilint.sarif" 2>/dev/null; then
			failed "$what: a raw ESC reached the files above"
		fi
		# A cache outside the workspace makes the configuration an error
		# (exit 2) before any document is read; the one in the workspace
		# is accepted, and the audit reads the forging names.
		if [ -n "$cache_in_ws" ] && ! grep -q 'FORGED' "$tmp/run/log"; then
			failed "$what: the forging name shows nowhere in the log: the test tests nothing"
		fi
	done
done
setup=

# A committed symbolic link on the SARIF file's path points outside: the
# action refuses the path and writes nothing there.
# shellcheck disable=SC2317 # called through $setup
sarif_link() { ln -s "$tmp/elsewhere" "$1/out"; }
setup=sarif_link
mkdir -p "$tmp/elsewhere"
run findings clean.md
if [ "$code" -ne 2 ] || ! grep -q 'input sarif: "out/urilint.sarif" passes through a symbolic link' "$tmp/run/log"; then
	failed "a symbolic link on the SARIF path: exit $code, want 2 and a message; log: $(cat "$tmp/run/log")"
fi
[ -z "$(ls -A "$tmp/elsewhere")" ] || failed "a symbolic link on the SARIF path: the action wrote $(ls "$tmp/elsewhere") through it"
setup=

if [ "$status" -eq 0 ]; then
	echo "ok: action.yml, docs/workflows and scripts/action.sh"
fi
exit $status
