#!/bin/bash
# bench-remote.sh measures the remote link check against other link
# checkers on a realistic local web (issue 27), on this machine only (not
# CI): accuracy (F1 over the distinct URLs, dead ones being the positive
# class), requests per distinct URL, wall and CPU time.
#
# scripts/bench-remote/web.go serves 25 hosts on 127.0.0.1-25 (latency,
# 404/410, 301/308 chains, loops, 403 to HEAD, 429 with Retry-After, a
# host that always answers 429, a hanging host, a resetting host, a 500
# that recovers, a 20 MB page, a host that wants a browser) and writes a
# tree of 100 Markdown files, 3,030 links over the distinct URLs, one
# URL in 30 files, with the truth about each URL. scripts/bench-remote/
# score.go scores each tool's report against it; the URLs of the hanging
# and resetting hosts count neither way (whether they are dead is a
# matter of policy).
#
# Tools: uriextract -check -remote with its defaults and one configured
# User-Agent (for the browser-only host, in .urilint.yaml), cold then warm
# (the run right after, with the cache of the first); linkinator and
# markdown-link-check from npm, installed into a temporary directory
# (linkinator 6: linkinator 8 does not start on Node 20);
# muffet is not run: the module proxy does not serve it here (403), and it
# crawls an HTML site, not Markdown files.
#
# Usage: scripts/bench-remote.sh
# BENCH_PEERS=none skips the npm tools; BENCH_CAP=SECONDS kills a run that
# takes longer (default 600).
set -euo pipefail
peers=${BENCH_PEERS:-linkinator mlc}
cap=${BENCH_CAP:-600}
cd "$(dirname "$0")/.."
export GOTOOLCHAIN=local

tmp=$(mktemp -d)
srv=
cleanup() {
	if [ -n "$srv" ]; then kill "$srv" 2>/dev/null || true; fi
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

echo "== build"
go build -o "$tmp/web" scripts/bench-remote/web.go
go build -o "$tmp/score" scripts/bench-remote/score.go
go build -o "$tmp/uriextract" ./cmd/uriextract
dir="$tmp/tree"
"$tmp/web" -tree "$dir" -truth "$tmp/truth" -port-file "$tmp/port" &
srv=$!
if [ "$peers" != none ]; then
	echo "== npm install linkinator markdown-link-check"
	(cd "$tmp" && npm install --prefix "$tmp/npm" --no-audit --no-fund --silent linkinator@6 markdown-link-check@3.15.0 >/dev/null)
fi
i=0
while [ ! -s "$tmp/port" ]; do
	i=$((i + 1))
	if [ "$i" -gt 300 ]; then echo "bench-remote.sh: the server did not start" >&2; exit 2; fi
	sleep 0.1
done
port=$(cat "$tmp/port")
stats="http://127.0.0.1:$port/__stats"
cat >"$dir/.urilint.yaml" <<YAML
version: 1
remote:
  hosts:
    - match: "127.0.0.19"
      user-agent: "Mozilla/5.0 (compatible; urilint)"
YAML
urls=$(wc -l <"$tmp/truth")
links=$(cat "$dir"/*.md | grep -c 'http://')
echo "== web: 25 hosts + 3 names that do not exist, $urls distinct URLs ($(grep -c '^dead' "$tmp/truth") dead, $(grep -c '^skip' "$tmp/truth") hanging or reset), $links links in 100 files"
uptime

# run NAME TOOL REPORT CMD...: runs CMD, its stdout to REPORT, then
# prints the score, the requests the web saw, wall and CPU time.
run() {
	name=$1 tool=$2 report=$3
	shift 3
	curl -s "$stats?reset=1" >/dev/null
	TIMEFORMAT='%R %U %S'
	{ time timeout "$cap" "$@" >"$report" 2>"$tmp/err" || true; } 2>"$tmp/time"
	read -r wall user sys <"$tmp/time"
	seen=$(curl -s "$stats")
	requests=$(echo "$seen" | sed 's/.*"requests":\([0-9]*\).*/\1/')
	score=$("$tmp/score" -truth "$tmp/truth" -tool "$tool" "$report" 2>&1 || true)
	distinct=$(echo "$seen" | sed 's/.*"distinct":\([0-9]*\).*/\1/')
	printf '%-28s %s\n    requests %s (%.2f per distinct URL written, %.2f per distinct URL requested), wall %.1f s, CPU %.1f s\n' \
		"$name" "$score" "$requests" "$(echo "$requests $urls" | awk '{print $1/$2}')" "$(echo "$requests $distinct" | awk '{print ($2 ? $1/$2 : 0)}')" \
		"$wall" "$(echo "$user $sys" | awk '{print $1+$2}')"
}

run "uriextract (cold)" uriextract "$tmp/u1.json" \
	"$tmp/uriextract" -check -remote -config "$dir/.urilint.yaml" -cache "$tmp/cache.json" -output json "$dir"
tail -n 3 "$tmp/err" | sed 's/^/    /'
run "uriextract (warm)" uriextract "$tmp/u2.json" \
	"$tmp/uriextract" -check -remote -config "$dir/.urilint.yaml" -cache "$tmp/cache.json" -output json "$dir"
tail -n 1 "$tmp/err" | sed 's/^/    /'
rm -f "$tmp/cache.json"
run "uriextract (no cache)" uriextract "$tmp/u3.json" \
	"$tmp/uriextract" -check -remote -config "$dir/.urilint.yaml" -output json "$dir"
if [[ " $peers " == *" linkinator "* ]]; then
	run "linkinator $("$tmp/npm/node_modules/.bin/linkinator" --version 2>/dev/null || echo)" linkinator "$tmp/l.json" \
		env -C "$dir" "$tmp/npm/node_modules/.bin/linkinator" "**/*.md" --markdown --format json --timeout 10000
fi
if [[ " $peers " == *" mlc "* ]]; then
	run "markdown-link-check 3.15.0" mlc "$tmp/m.txt" "$tmp/npm/node_modules/.bin/markdown-link-check" -q "$dir"
fi
uptime
