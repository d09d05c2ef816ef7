#!/usr/bin/env bash
# build.sh builds the sites of the precision corpus with their real
# generators, as scripts/precision/corpus.tsv says (one row a repository:
# the folder the build runs in, the command, the output folder).
#
#   scripts/precision/build.sh CORPUS [NAME...]
#
# CORPUS holds SPLIT/OWNER+NAME for each split (tune, holdout, holdout2:
# the copies, see scripts/precision/fetch.sh); NAME limits the builds to those
# repositories (owner/name). The build command runs in the site folder
# with OUT set to CORPUS/built/SPLIT/OWNER+NAME; its log goes to
# CORPUS/logs/OWNER+NAME.build.log and its result (ok, failed or no
# build) to CORPUS/built/SPLIT/OWNER+NAME.status. CORPUS/bin comes first
# in PATH, so a hugo installed there (a newer one than Debian's) is used.
# PRECISION is this folder (for its helpers, mkdocs-offline.py).
# pnpm, for the VitePress workspaces, is installed with npm install -g pnpm@10.
# Each build is bounded by a timeout (BUILD_TIMEOUT, 1200 s).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
corpus=$(cd "${1:?usage: build.sh CORPUS [owner/name...]}" && pwd)
shift
export PATH="$corpus/bin:$PATH" PRECISION=$here
mkdir -p "$corpus/built" "$corpus/logs"

tail -n +2 "$here/corpus.tsv" | while IFS=$'\t' read -r repo commit gen split site base cmd out note; do
	if [ $# -gt 0 ]; then
		want=no
		for n in "$@"; do [ "$n" = "$repo" ] && want=yes; done
		[ $want = yes ] || continue
	fi
	name=${repo/\//+}
	status=$corpus/built/$split/$name.status
	mkdir -p "$corpus/built/$split"
	if [ "$cmd" = - ]; then
		printf '%s\tno build\t0\t%s\n' "$repo" "$note" > "$status"
		continue
	fi
	dir=$corpus/$split/$name/$site
	export OUT=$corpus/$out
	rm -rf "$OUT"
	log=$corpus/logs/$name.build.log
	start=$SECONDS
	echo "== $repo: $cmd"
	if (cd "$dir" && timeout "${BUILD_TIMEOUT:-1200}" bash -c "$cmd") > "$log" 2>&1 && [ -d "$OUT" ]; then
		res=ok
	else
		res=failed
	fi
	echo "   $res in $((SECONDS - start)) s (log $log)"
	printf '%s\t%s\t%s\t%s\n' "$repo" "$res" "$((SECONDS - start))" "$note" > "$status"
done
