#!/usr/bin/env bash
# jekyll-offline.sh CONFIG COPY PLUGINS: writes a copy of a Jekyll
# configuration that Debian's Jekyll 4.3 reads (Psych 4 refuses a bare
# ":title" as a Ruby symbol, which Jekyll 4.4 reads as a string: such
# values are quoted), and PLUGINS, a configuration to read after it
# (jekyll build --config COPY,PLUGINS) whose plugins are those of CONFIG
# that Ruby can load here (Debian's ruby-jekyll-* packages). It says on
# stderr what it left out. Jekyll skips files whose name starts with
# ".", so both may sit in the site's folder under such a name.
set -euo pipefail
config=$1 copy=$2 out=$3
sed -E 's/^([[:space:]]*[A-Za-z_]+:[[:space:]]+)(:[^"#]*[^"#[:space:]])[[:space:]]*$/\1"\2"/' "$config" > "$copy"
plugins=$(ruby -ryaml -rdate -e 'c = YAML.safe_load(File.read(ARGV[0]), aliases: true, permitted_classes: [Date, Time]) || {}; puts((c["plugins"] || c["gems"] || []))' "$copy")
{
	# An empty list, not a bare key: Jekyll refuses "plugins:" (nil).
	loaded=()
	for p in $plugins; do
		if ruby -e "require 'jekyll'; require '$p'" 2>/dev/null; then
			loaded+=("$p")
		else
			echo "jekyll-offline: plugin $p does not load here: left out" >&2
		fi
	done
	if [ ${#loaded[@]} -eq 0 ]; then
		echo "plugins: []"
	else
		echo "plugins:"
		printf '  - %s\n' "${loaded[@]}"
	fi
	excludes=$(ruby -ryaml -rdate -e 'c = YAML.safe_load(File.read(ARGV[0]), aliases: true, permitted_classes: [Date, Time]) || {}; (c["exclude"] || []).each { |e| puts "  - " + e.to_s.inspect }' "$copy")
	for f in $(grep -rl --include='*.scss' -m1 '^---' . 2>/dev/null | grep -v '/_' | sed 's#^\./##'); do
		excludes+=$'\n'"  - \"$f\""
		echo "jekyll-offline: stylesheet $f left out" >&2
	done
	if [ -n "${excludes//[$'\n ']/}" ]; then
		echo "exclude:"
		printf '%s\n' "$excludes" | sed '/^$/d'
	fi
} > "$out"
