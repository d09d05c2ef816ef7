#!/usr/bin/env bash
# stdcheck.sh: the standard library's non-test code is mature, so urilint
# with default settings must report nothing there. Fails if it reports
# anything (or fails to run).
#
#   .ci/stdcheck.sh               the check
#   .ci/stdcheck.sh -bench        also measure urilint's cost over std: in
#                                 memory against loading and type-checking
#                                 (scripts/cmd/stdcost), then end to end
#                                 against a no-op analyzer under the same
#                                 driver (hyperfine if installed)
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

# noop: the driver alone (loading, parsing, type-checking), against which
# urilint's cost is measured.
runs=${RUNS:-5}
# In memory, best of $runs: robust to a busy machine.
# scripts/cmd is a module of its own (see its go.mod): build from there.
(cd "$root/scripts/cmd" && go run ./stdcost -runs "$runs")

# End to end, under the driver: closer to what users see, noisier.
(cd "$root/scripts/cmd" && go build -o "$bin/noop" ./noop)
echo "timing $runs runs each over std (-test=false)"
if command -v hyperfine >/dev/null; then
	hyperfine --warmup 1 --runs "$runs" --export-json "$bin/times.json" \
		-n noop "$bin/noop -test=false std" \
		-n urilint "$bin/urilint -test=false std"
	python3 - "$bin/times.json" <<'PY'
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
def show(what, f):
    n, u = (f(r[c]) for c in ("noop", "urilint"))
    print(f"{what}: noop {n:.2f}s, urilint {u:.2f}s; urilint vs noop {100 * (u - n) / n:+.1f}%")
show("wall, median", lambda x: x["median"])
show("wall, min", lambda x: x["min"])
show("cpu (user+system), mean", lambda x: x["user"] + x["system"])
PY
	exit 0
fi

# Without hyperfine: alternate the runs, take the medians of wall time.
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
echo "wall, median: noop ${noop}s, urilint ${uri}s, overhead $(echo "scale=1; 100 * ($uri - $noop) / $noop" | bc)%"
