#!/bin/sh
# bench-remote-429.sh times the remote link check of issue 10 against
# markdown-link-check on the same tree, on this machine only (not CI).
#
# A local server (scripts/bench-remote/server.go) answers every request
# after 50 ms. The tree has 100 Markdown files holding 2,000 links over
# 200 distinct URLs (20 distinct links a file, each URL in 10 files). It
# is checked twice by each tool: with the 200 URLs on one host
# (127.0.0.1), and spread over 20 hosts (127.0.0.1 to 127.0.0.20, the
# same server). urilint's side is uriextract -check -remote, with the
# defaults of audit/remote; markdown-link-check is installed from npm
# into a temporary directory. The server counts the requests and the distinct
# URLs among them ("first requests"): urilint's side must send exactly
# 200 requests, one per URL.
#
# Then rate limiting (issue 19, item 12), urilint's side only:
#   - the 200 URLs on one host, ten of them answering 429 with
#     "Retry-After: 2" for two seconds, then 200;
#   - 50 URLs on a host that always answers 429 (no Retry-After);
#   - 5 URLs that answer 429 with "Retry-After: 999999".
# Each must end well within -max-time, however the host behaves.
#
# Usage: scripts/bench-remote-429.sh [markdown-link-check version]
# BENCH_PEER=none skips markdown-link-check (and its npm install);
# BENCH_CAP=SECONDS kills a run that takes longer (default 900).
set -eu
mlc_version=${1:-3.15.0}
peer=${BENCH_PEER:-mlc}
cap=${BENCH_CAP:-900}
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
go build -o "$tmp/server" scripts/bench-remote/server.go
go build -o "$tmp/uriextract" ./cmd/uriextract
"$tmp/server" -latency 50ms -hosts 20 -port-file "$tmp/port" &
srv=$!

if [ "$peer" != none ]; then
	echo "== npm install markdown-link-check@$mlc_version"
	(cd "$tmp" && npm install --prefix "$tmp/npm" --no-audit --no-fund --silent "markdown-link-check@$mlc_version" >/dev/null)
	mlc="$tmp/npm/node_modules/.bin/markdown-link-check"
	"$mlc" --version
fi

i=0
while [ ! -s "$tmp/port" ]; do
	i=$((i + 1))
	if [ "$i" -gt 100 ]; then echo "bench-remote-429.sh: the server did not start" >&2; exit 2; fi
	sleep 0.1
done
port=$(cat "$tmp/port")
stats="http://127.0.0.1:$port/__stats?reset=1"

# gen DIR HOSTS [URLS [PATH [LIMITED [LPATH]]]] writes the tree: link j of
# file i is URL (20i+j) mod URLS (default 200), on host 127.0.0.(1 + URL
# mod HOSTS), under PATH (default /pages); with LIMITED, every URL that is
# a multiple of LIMITED is under LPATH instead.
gen() {
	mkdir -p "$1"
	awk -v dir="$1" -v hosts="$2" -v urls="${3:-200}" -v path="${4:-/pages}" \
		-v limited="${5:-0}" -v lpath="${6:-}" -v port="$port" 'BEGIN {
		for (i = 0; i < 100; i++) {
			f = sprintf("%s/doc-%03d.md", dir, i)
			printf "# Document %d\n\nLinks of this document:\n\n", i > f
			for (j = 0; j < 20 && j < urls; j++) {
				u = (20 * i + j) % urls
				p = path
				if (limited > 0 && u % limited == 0) p = lpath
				printf "- [page %d](http://127.0.0.%d:%d%s/%03d.html) with some text\n", u, 1 + u % hosts, port, p, u > f
			}
			close(f)
		}
	}'
}

now_ms() { date +%s%3N; }

# run NAME CMD...: times CMD, then prints what the server saw.
run() {
	name=$1
	shift
	curl -s "$stats" >/dev/null
	t0=$(now_ms)
	timeout "$cap" "$@" >"$tmp/out" 2>"$tmp/err" || echo "exit $?" >>"$tmp/err"
	t1=$(now_ms)
	seen=$(curl -s "$stats")
	printf '%-34s %7d ms   server: %s\n' "$name" $((t1 - t0)) "$seen"
	if grep -q . "$tmp/err"; then sed 's/^/    /' "$tmp/err" | tail -n 2; fi
	echo "$seen" >"$tmp/seen"
}

status=0
for hosts in 1 20; do
	dir="$tmp/tree-$hosts"
	gen "$dir" "$hosts"
	echo "== 100 files, $(cat "$dir"/*.md | grep -c 'http://') links, 200 URLs on $hosts host(s)"
	run "uriextract -check -remote" "$tmp/uriextract" -check -remote "$dir"
	if ! grep -q '"first":200,' "$tmp/seen" || ! grep -q '"requests":200}' "$tmp/seen"; then
		echo "bench-remote-429.sh: urilint's side did not send exactly one request per URL" >&2
		status=1
	fi
	if [ "$peer" != none ]; then run "markdown-link-check $mlc_version" "$mlc" -q "$dir"; fi
done

dir="$tmp/tree-r429"
gen "$dir" 1 200 /pages 20 /r429/2
echo "== 200 URLs on 1 host, 10 of them 429 with Retry-After: 2 for 2 s"
run "uriextract -check -remote" "$tmp/uriextract" -check -remote "$dir"

dir="$tmp/tree-always429"
gen "$dir" 1 50 /always429
echo "== 50 URLs on 1 host that always answers 429"
run "uriextract -check -remote" "$tmp/uriextract" -check -remote "$dir"

dir="$tmp/tree-hold"
gen "$dir" 1 5 /hold
echo "== 5 URLs that answer 429 with Retry-After: 999999"
run "uriextract -check -remote" "$tmp/uriextract" -check -remote "$dir"
exit $status
