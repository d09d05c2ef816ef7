# shellcheck shell=bash
# Shared by the benchmark scripts (bench-audit.sh, bench-built.sh), which
# source it after setting tmp, a scratch folder.
# shellcheck disable=SC2154 # tmp is set by the script that sources this

best() { # "wall cpu mem": the best wall-clock seconds of three runs of
	# "$@", after one warm-up run, the CPU seconds (user + system) of that
	# run, and the median peak resident memory of the three
	"$@" >/dev/null 2>&1 || true
	local b="" c="" mems=()
	for _ in 1 2 3; do
		/usr/bin/time -o "$tmp/time" -f '%e %U %S %M' "$@" >/dev/null 2>&1 || true
		read -r wall user sys mem < <(tail -1 "$tmp/time")
		mems+=("$mem")
		if [ -z "$b" ] || [ "$(echo "$wall < $b" | bc)" = 1 ]; then
			b=$wall
			c=$(echo "$user + $sys" | bc)
		fi
	done
	local m
	m=$(printf '%s\n' "${mems[@]}" | sort -n | sed -n 2p)
	printf '%.2f s (CPU %.2f s, %d MiB)' "$b" "$c" "$((m / 1024))"
}
