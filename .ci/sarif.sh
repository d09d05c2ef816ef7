#!/usr/bin/env bash
# Validates the SARIF 2.1.0 that "uriextract -check -output sarif" writes,
# with Microsoft's SARIF Multitool: on every audit tree of
# cmd/uriextract/testdata (findings of each category, fixes, non-ASCII
# columns). The Multitool comes from npm (@microsoft/sarif-multitool, whose
# package ships the tool itself), installed into a temporary directory.
#
# Exit status: 0 when every log validates with no error and no warning,
# 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
export GOTOOLCHAIN=local
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# shellcheck source=.ci/apt.sh
. .ci/apt.sh
need_apt npm nodejs npm
echo "== npm install @microsoft/sarif-multitool"
npm install --prefix "$tmp/npm" --no-audit --no-fund --silent @microsoft/sarif-multitool@5 >/dev/null
multitool="$tmp/npm/node_modules/.bin/sarif-multitool"

go build -o "$tmp/uriextract" ./cmd/uriextract
status=0
for archive in cmd/uriextract/testdata/audit-*.txtar; do
	name=$(basename "$archive" .txtar)
	mkdir "$tmp/$name"
	# Write the archive's files (not its expected output) into the tree.
	awk -v dir="$tmp/$name" '
		/^-- .* --$/ {
			if (file != "") close(file)
			name = substr($0, 4, length($0) - 6)
			file = ""
			if (name == "stdout" || name == "stderr" || name == "stdin" || name ~ /^want\//) next
			file = dir "/" name
			if (sub(/\/[^\/]*$/, "", name)) system("mkdir -p \"" dir "/" name "\"")
			printf "" > file
			next
		}
		file != "" { print >> file }
	' "$archive"
	set +e
	(cd "$tmp/$name" && "$tmp/uriextract" -check -output sarif . >"$tmp/$name.sarif" 2>/dev/null)
	code=$?
	set -e
	if [ "$code" -gt 1 ] && [ ! -s "$tmp/$name.sarif" ]; then
		echo "sarif.sh: uriextract failed on $archive (exit $code)" >&2
		status=1
		continue
	fi
	out=$("$multitool" validate "$tmp/$name.sarif" 2>&1 || true)
	results=$(grep -c '"ruleId"' "$tmp/$name.sarif" || true)
	if grep -Eq ': (error|warning) ' <<<"$out" || ! grep -q 'Analysis completed successfully' <<<"$out"; then
		echo "sarif.sh: $name: the SARIF log does not validate:" >&2
		echo "$out" >&2
		status=1
	else
		echo "ok $name ($results results)"
	fi
done
exit $status
