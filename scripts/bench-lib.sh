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

interleave() { # RUNS NAME... : each NAME is an array holding a command;
	# runs them all once to warm the file cache, then RUNS rounds of one
	# run of each, in turn, so that what else the machine does falls on
	# every command alike, and writes, per NAME, the file
	# "$tmp/runs.NAME" with one line "wall cpu mem" a run (seconds,
	# user + system seconds, peak resident KiB)
	local runs=$1 name i
	shift
	for name in "$@"; do
		local -n cmd=$name
		"${cmd[@]}" >/dev/null 2>&1 || true
		: >"$tmp/runs.$name"
		unset -n cmd
	done
	for ((i = 0; i < runs; i++)); do
		for name in "$@"; do
			local -n cmd=$name
			/usr/bin/time -o "$tmp/time" -f '%e %U %S %M' "${cmd[@]}" >/dev/null 2>&1 || true
			tail -1 "$tmp/time" | awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' >>"$tmp/runs.$name"
			unset -n cmd
		done
	done
}

median() { # COLUMN NAME: the median of column COLUMN (1 wall, 2 cpu,
	# 3 mem) of "$tmp/runs.NAME"; of an even number of runs, the mean of
	# the middle two
	sort -g -k"$1,$1" "$tmp/runs.$2" | awk -v c="$1" '{ v[NR] = $c }
		END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

spread() { # COLUMN NAME: "lowest-highest" of column COLUMN of "$tmp/runs.NAME"
	sort -g -k"$1,$1" "$tmp/runs.$2" | awk -v c="$1" 'NR == 1 { lo = $c } { hi = $c } END { print lo "-" hi }'
}

summary() { # NAME: "wall s, CPU cpu s (lo-hi), mem MiB": the medians of
	# the runs of NAME that interleave wrote, and the spread of its CPU
	printf '%.2f s, CPU %.2f s (%s), %d MiB' "$(median 1 "$1")" "$(median 2 "$1")" "$(spread 2 "$1")" \
		"$(($(median 3 "$1" | cut -d. -f1) / 1024))"
}
