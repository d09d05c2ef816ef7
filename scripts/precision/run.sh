#!/usr/bin/env bash
# run.sh measures a uriextract binary against the precision corpus: it
# audits each repository from its top with default settings and judges
# each finding by the repository's real build (scripts/cmd/precision).
#
#   scripts/precision/run.sh CORPUS URIEXTRACT LABEL [-built]
#
# CORPUS is the folder that scripts/precision/fetch.sh and build.sh
# filled; URIEXTRACT the binary to measure; LABEL names the results
# (before, after...). With -built the audit is also given the build
# (uriextract -built OUT), which needs a binary that has that flag.
#
# It writes CORPUS/results/LABEL-tune.md (tables) with, under
# CORPUS/results/LABEL-tune/, every finding of each tune repository with
# its verdict, the build's broken links and the ones the audit missed;
# and CORPUS/results/LABEL-holdout.md, the holdout tables alone (no
# per-finding lists: nobody tunes on the holdout). SPLITS names the
# splits to measure (default "tune holdout"); a split whose name begins
# with "tune" (tune2, the second round's new repositories) is reported
# as tune is, finding by finding.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
corpus=$(cd "${1:?usage: run.sh CORPUS URIEXTRACT LABEL [-built]}" && pwd)
bin=$(cd "$(dirname "${2:?usage: run.sh CORPUS URIEXTRACT LABEL [-built]}")" && pwd)/$(basename "$2")
label=${3:?usage: run.sh CORPUS URIEXTRACT LABEL [-built]}
shift 3
mkdir -p "$corpus/results" "$corpus/bin"
# A judge of this run's own: others may measure from another work tree
# at the same time, with their version of the judge.
judge=$(mktemp "$corpus/bin/precision.XXXXXX")
trap 'rm -f "$judge"' EXIT
(cd "$here/../cmd" && go build -o "$judge" ./precision)
for split in ${SPLITS:-tune holdout}; do
	detail=()
	case $split in tune*)
		rm -rf "$corpus/results/$label-$split"
		detail=(-detail "$corpus/results/$label-$split") ;;
	esac
	{
		echo "# $label, $split ($("$bin" -version 2>&1 | head -1); $(date -u +%Y-%m-%dT%H:%MZ))"
		echo
		"$judge" -corpus "$corpus" -manifest "$here/corpus.tsv" -uriextract "$bin" -split "$split" "${detail[@]}" "$@"
	} > "$corpus/results/$label-$split.md"
	echo "== $corpus/results/$label-$split.md"
done
