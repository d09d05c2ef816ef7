#!/usr/bin/env bash
# Times the offline link audit of uriextract -check on a generated docs
# tree, side by side with remark-validate-links (through remark-cli) and
# markdownlint-cli2 (rule MD051, link fragments, alone), which npm
# installs into a temporary directory. Not part of CI.
#
# Usage: scripts/bench-audit.sh [FILES...]   (default: 1000 10000 30000)
#        RUNS=N scripts/bench-audit.sh ...    (runs of each tool; default 5)
#        BEFORE=BIN scripts/bench-audit.sh ...  (also BIN -check, an older
#                                                uriextract, in the rounds)
#
# Each tree has FILES Markdown files in directories of 100, ten links per
# file (so 10,000 files make 100,000 links): links to other files, to
# headings of other files and of the same file, to directories, to a
# source file's lines, absolute URIs, and one broken link in twenty.
#
# The method: every tool runs once on the tree to warm the file cache,
# then RUNS rounds in which each tool runs once, in turn (uriextract,
# remark, markdownlint, uriextract, ...), so that the load of a shared
# machine falls on all of them alike. The table gives, per tool, the
# median of its RUNS runs of the wall-clock time, of the CPU time (user +
# system, with its lowest and highest) and of the peak memory (maximum
# resident set size); the last column is the median CPU time of
# remark-validate-links over that of uriextract (issue 24 asks for at
# least 20), and the last line gives the load average before and after.
# CPU time depends less on the load than wall-clock time, but on two
# shared cores it still moves by a fifth from run to run: a ratio of
# medians of interleaved runs is what to compare, not one run.
set -euo pipefail
cd "$(dirname "$0")/.."
export GOTOOLCHAIN=local
runs=${RUNS:-5}
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 10000 30000)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== npm install remark-cli remark-validate-links markdownlint-cli2" >&2
npm install --prefix "$tmp/npm" --no-audit --no-fund --silent \
	remark-cli@12 remark-validate-links@13 markdownlint-cli2@0.24 >/dev/null
bin="$tmp/npm/node_modules/.bin"
go build -o "$tmp/uriextract" ./cmd/uriextract

# gen DIR N writes the tree.
gen() {
	local dir=$1 n=$2
	mkdir -p "$dir"
	git -C "$dir" init -q
	printf 'package main\n\nfunc main() {\n}\n' >"$dir/main.go"
	awk -v dir="$dir" -v n="$n" 'BEGIN {
		dirs = int((n + 99) / 100)
		for (d = 0; d < dirs; d++) system("mkdir -p " dir "/d" d)
		for (i = 0; i < n; i++) {
			d = int(i / 100)
			f = dir "/d" d "/f" i ".md"
			j = (i * 7 + 3) % n; dj = int(j / 100)
			k = (i * 13 + 5) % n; dk = int(k / 100)
			s = d * 100 + (i % 100 + 1) % 100
			if (s >= n) s = d * 100
			printf "# File %d\n\nIntro with [a sibling](f%d.md) and [the top](#file-%d).\n\n", i, s, i > f
			printf "## Setup Steps\n\nSee [another file](../d%d/f%d.md), [its setup](../d%d/f%d.md#setup-steps) and [the usage of a third](/d%d/f%d.md#usage).\n\n", dj, j, dj, j, dk, k >> f
			printf "## Usage\n\nThe [directory](../d%d/), [main](/main.go#L3), [same file setup](#setup-steps), <https://example.com/page/%d>\n", dk, i >> f
			printf "and [a reference][ref%d].\n\n", i >> f
			if (i % 2 == 0) printf "[ref%d]: ../d%d/f%d.md#file-%d\n", i, dj, j, j >> f
			else printf "[ref%d]: ../d%d/f%d.md#no-such-heading\n", i, dj, j >> f
			close(f)
		}
	}'
}

# shellcheck source=scripts/bench-lib.sh
. scripts/bench-lib.sh # from the top, where the cd above leads

before=()
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '| files | links | uriextract -check | remark-validate-links | markdownlint-cli2 (MD051) | CPU remark / uriextract |\n|---|---|---|---|---|---|\n'
for n in "${sizes[@]}"; do
	tree="$tmp/tree$n"
	gen "$tree" "$n"
	links=$("$tmp/uriextract" "$tree" | wc -l)
	echo '{"config": {"default": false, "MD051": true}}' >"$tree/.markdownlint-cli2.jsonc"
	# shellcheck disable=SC2034 # read by interleave through a name
	u=("$tmp/uriextract" -check .) r=("$bin/remark" --quiet --frail --no-config --use 'remark-validate-links=repository:false' .) m=("$bin/markdownlint-cli2" '**/*.md')
	b=("${BEFORE:-}" -check .)
	if [ -n "${BEFORE:-}" ]; then
		(cd "$tree" && interleave "$runs" b u r m)
		before+=("$n files: $(summary b), $(echo "$(median 2 r) / $(median 2 b)" | bc -l | xargs printf '%.1f')× less CPU than remark")
	else
		(cd "$tree" && interleave "$runs" u r m)
	fi
	ratio=$(echo "$(median 2 r) / $(median 2 u)" | bc -l)
	printf '| %d | %d | %s | %s | %s | %.1f× |\n' "$n" "$links" "$(summary u)" "$(summary r)" "$(summary m)" "$ratio"
done
for line in "${before[@]}"; do echo "before ($BEFORE -check), $line"; done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg); medians of $runs interleaved runs"
