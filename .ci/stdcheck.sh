#!/usr/bin/env bash
# stdcheck.sh: the standard library's non-test code is mature, so urilint
# with default settings must report nothing there. Fails if it reports
# anything (or fails to run).
#
#   .ci/stdcheck.sh          the check
#   .ci/stdcheck.sh -bench   also time urilint against a no-op analyzer
#                            under the same driver (hyperfine if installed,
#                            else repeated runs), and print the overhead
#   RUNS=10 .ci/stdcheck.sh -bench
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT

cd "$root"
go build -o "$bin/urilint" ./cmd/urilint

goroot=$(go env GOROOT)
cd "$goroot/src"

echo "urilint -test=false std (from $goroot/src)"
status=0
out=$("$bin/urilint" -test=false std 2>&1) || status=$?
if [[ $status -ne 0 || -n $out ]]; then
	printf '%s\n' "$out"
	echo "stdcheck: urilint reported on the standard library (exit $status); each report there is noise" >&2
	exit 1
fi
echo "stdcheck: ok, nothing reported"

[[ ${1:-} == -bench ]] || exit 0

(cd "$root" && go build -o "$bin/noop" ./analyzer/internal/noop)
runs=${RUNS:-5}
echo "timing $runs runs each over std (-test=false), noop first"
if command -v hyperfine >/dev/null; then
	hyperfine --warmup 1 --runs "$runs" --export-json "$bin/times.json" \
		"$bin/noop -test=false std" "$bin/urilint -test=false std"
	python3 - "$bin/times.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
noop, uri = r[0]["median"], r[1]["median"]
print(f"wall, median: noop {noop:.2f}s, urilint {uri:.2f}s, overhead {100 * (uri - noop) / noop:+.1f}%")
noop, uri = r[0]["user"] + r[0]["system"], r[1]["user"] + r[1]["system"]
print(f"cpu (user+system), mean: noop {noop:.2f}s, urilint {uri:.2f}s, overhead {100 * (uri - noop) / noop:+.1f}%")
EOF
	exit 0
fi

# Without hyperfine: alternate the two, take the medians of wall time.
median() { sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
"$bin/noop" -test=false std # warm the build cache
for _ in $(seq "$runs"); do
	for tool in noop urilint; do
		start=$(date +%s.%N)
		"$bin/$tool" -test=false std >/dev/null 2>&1 || true
		end=$(date +%s.%N)
		echo "$end - $start" | bc >>"$bin/$tool.times"
	done
done
noop=$(median <"$bin/noop.times")
uri=$(median <"$bin/urilint.times")
echo "median: noop ${noop}s, urilint ${uri}s, overhead $(echo "scale=1; 100 * ($uri - $noop) / $noop" | bc)%"
