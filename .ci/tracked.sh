#!/usr/bin/env bash
# Refuses tracked files that are build outputs: an executable binary (ELF,
# Mach-O, PE or a Go archive) or any file larger than 1 MB. Run by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
bad=0
while IFS= read -r -d '' f; do
	[ -f "$f" ] || continue
	size=$(stat -c %s -- "$f")
	if [ "$size" -gt 1000000 ]; then
		echo "$f: tracked file is larger than 1 MB ($size bytes)" >&2
		bad=1
	fi
	magic=$(head -c 4 -- "$f" | od -An -tx1 | tr -d ' \n')
	case "$magic" in
	7f454c46 | cffaedfe | cefaedfe | feedfacf | feedface | cafebabe | 213c6172)
		echo "$f: tracked file is an executable binary or archive (magic $magic)" >&2
		bad=1
		;;
	4d5a*)
		echo "$f: tracked file is a Windows executable" >&2
		bad=1
		;;
	esac
done < <(git ls-files -z)
exit $bad
