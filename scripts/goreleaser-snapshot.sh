#!/usr/bin/env bash
# Checks .goreleaser.yaml with "goreleaser check" and builds a snapshot
# release of the committed tree with "goreleaser build --snapshot": both
# commands for linux, darwin and windows on amd64 and arm64. Then it runs
# the host's two binaries with -version, which must print the snapshot's
# version (the tag, in a real release), and counts the twelve binaries.
#
# Not part of .ci/run: GoReleaser itself takes minutes to compile the
# first time, and the twelve builds take minutes more on two cores (see
# docs/integrations.md, "Releases").
#
# The build runs in a clone of HEAD, so that it sees what a tag would
# (committed files only) and has an "origin" for GoReleaser's git checks;
# nothing is fetched or pushed. The binaries are left in dist/.
#
# Usage: scripts/goreleaser-snapshot.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export GOTOOLCHAIN=local
# The version GoReleaser is run at: a v2 release that the module proxy
# serves and that builds with this repository's Go.
goreleaser=github.com/goreleaser/goreleaser/v2@v2.15.1

repo=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== go build goreleaser ($goreleaser)"
GOBIN="$tmp/bin" go install "$goreleaser"
gr="$tmp/bin/goreleaser"

echo "== goreleaser check"
"$gr" check

echo "== goreleaser build --snapshot (in a clone of HEAD)"
git clone -q --no-hardlinks "$repo" "$tmp/src"
git -C "$tmp/src" remote set-url origin https://github.com/urilint/urilint.git
(cd "$tmp/src" && "$gr" build --snapshot --clean)

status=0
count=$(find "$tmp/src/dist" -type f \( -name urilint -o -name uriextract -o -name urilint.exe -o -name uriextract.exe \) | wc -l)
if [ "$count" -ne 12 ]; then
	echo "goreleaser-snapshot.sh: built $count binaries, want 12 (2 commands x 3 systems x 2 architectures)" >&2
	status=1
fi
host="$(go env GOOS)_$(go env GOARCH)"
commit=$(git -C "$tmp/src" rev-parse --short HEAD)
for cmd in urilint uriextract; do
	bin=$(find "$tmp/src/dist" -path "*/${cmd}_${host}*/$cmd" -type f | head -1)
	if [ -z "$bin" ]; then
		echo "goreleaser-snapshot.sh: no $cmd built for $host" >&2
		status=1
		continue
	fi
	line=$("$bin" -version)
	echo "$line"
	if ! grep -Eq "^$cmd version v[0-9]+\.[0-9]+\.[0-9]+-snapshot\+$commit go" <<<"$line"; then
		echo "goreleaser-snapshot.sh: $cmd -version printed \"$line\", want the snapshot version with commit $commit" >&2
		status=1
	fi
done

rm -rf "$repo/dist"
mv "$tmp/src/dist" "$repo/dist"
echo "== the binaries are in dist/"
exit $status
