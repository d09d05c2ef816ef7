#!/usr/bin/env bash
# Times the built-folder mode of the offline link audit (uriextract
# -check -built DIR) on a generated Hugo site of N pages built with the
# real Hugo (Debian's, installed with apt-get when missing), side by side
# with the same audit of the same source without the build. Not part of
# CI.
#
# Usage: scripts/bench-built.sh [PAGES...]   (default: 10000)
#
# The site has PAGES Markdown pages in sections of 100, each of eight
# headings over about 8 KB of prose, and 15 links: a sibling page,
# headings of the same page, headings of pages in other sections (root-
# relative and relative), a relref to another page's heading, a section,
# an absolute URI; one page in twenty links to a heading no page has.
# The layout gives every page what a documentation theme does: a head
# with inline style and script, an inline SVG sprite, a menu of the
# sections, a sidebar listing the pages of its
# section, the table of contents and a footer, so a built page is about
# 30 KB and most of it is not the page's own text. Hugo writes the build
# outside the source (as -built may name it), so the audit without
# -built does not find it at public/ by itself.
#
# Each audit runs once to warm the file cache, then three times; the
# table gives the best wall-clock time of the three, the CPU time (user +
# system) of that run, which depends less on what else the machine runs,
# and the median of the three peak memories (maximum resident set size);
# then the findings of each (the same, when model and build agree) and
# the load average.
set -euo pipefail
cd "$(dirname "$0")/.."
export GOTOOLCHAIN=local
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000)
tmp=$(mktemp -d)
# KEEP=1 keeps the generated sites and builds, to look at them.
if [ -z "${KEEP:-}" ]; then trap 'rm -rf "$tmp"' EXIT; else echo "== keeping $tmp" >&2; fi

# shellcheck source=.ci/apt.sh
. .ci/apt.sh
need_apt hugo hugo
go build -o "$tmp/uriextract" ./cmd/uriextract

# gen DIR N writes the Hugo source of N pages to DIR.
gen() {
	local dir=$1 n=$2
	mkdir -p "$dir/content" "$dir/layouts/_default"
	cat >"$dir/hugo.toml" <<-'EOF'
		baseURL = "https://docs.example.org/"
		title = "Bench"
		disableKinds = ["taxonomy", "term", "RSS", "sitemap"]
		[markup.tableOfContents]
		startLevel = 2
		endLevel = 3
	EOF
	# One layout for single pages and sections: a head with inline style
	# and script, a sidebar of the section's pages, the table of contents.
	local page
	page=$(
		cat <<-'EOF'
			<!doctype html>
			<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }} | {{ .Site.Title }}</title>
			<meta name="viewport" content="width=device-width, initial-scale=1">
			<style>body{font:16px/1.5 system-ui,sans-serif;margin:0}nav.side{width:16rem;float:left}nav.side a[aria-current]{font-weight:700}
			main{margin-left:17rem;max-width:48rem}h2,h3{scroll-margin-top:4rem}.toc ul{list-style:none;padding-left:1rem}pre{overflow:auto}</style>
			<script>document.documentElement.className='js';window.addEventListener('DOMContentLoaded',function(){var q=document.querySelectorAll('main h2[id],main h3[id]');for(var i=0;i<q.length;i++){var a=document.createElement('a');a.href='#'+q[i].id;a.className='hl';a.textContent='#';if(q[i].id.length>0&&i<1e4)q[i].appendChild(a)}});</script>
			</head><body>
			<svg xmlns="http://www.w3.org/2000/svg" style="display:none">{{ range seq 24 }}<symbol id="icon-{{ . }}" viewBox="0 0 24 24"><path d="M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8zm-1-13h2v6h-2zm0 8h2v2h-2z M{{ . }} {{ . }}l3 3-3 3z"/><path d="M3 {{ . }}h18v2H3z M3 6h18v2H3z M3 16h18v2H3z"/></symbol>{{ end }}</svg>
<header id="top"><a href="/" class="brand">{{ .Site.Title }}</a> <input id="search" type="search" placeholder="Search">
<nav class="sections" id="sections"><ul>{{ range .Site.Sections }}<li><a href="{{ .RelPermalink }}"><svg class="i"><use href="#icon-1"></use></svg>{{ .Title }}</a></li>{{ end }}</ul></nav></header>
			<nav class="side" id="sidebar"><ul>
			{{ range .CurrentSection.Pages }}<li><a href="{{ .RelPermalink }}"{{ if eq .RelPermalink $.RelPermalink }} aria-current="page"{{ end }}>{{ .Title }}</a></li>
			{{ end }}</ul></nav>
			<main id="content"><h1 id="title">{{ .Title }}</h1>
			<aside class="toc" id="toc">{{ .TableOfContents }}</aside>
			{{ .Content }}
			</main>
			<footer id="footer"><a href="/">Home</a> · <a href="https://example.com/edit/{{ .File.Path }}">Edit this page</a></footer>
			</body></html>
		EOF
	)
	printf '%s\n' "$page" >"$dir/layouts/_default/single.html"
	printf '%s\n' "$page" >"$dir/layouts/_default/list.html"
	printf '%s\n' "$page" >"$dir/layouts/index.html"
	printf -- '---\ntitle: Home\n---\n\nStart at [the first page](/d0/f0/).\n' >"$dir/content/_index.md"
	awk -v dir="$dir/content" -v n="$n" 'BEGIN {
		split("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo consequat", w, " ")
		nw = length(w)
		dirs = int((n + 99) / 100)
		for (d = 0; d < dirs; d++) {
			system("mkdir -p " dir "/d" d)
			f = dir "/d" d "/_index.md"
			printf "---\ntitle: Section %d\n---\n\nThe pages of section %d.\n", d, d > f
			close(f)
		}
		split("Overview|Setup Steps|Configuration|Usage|Examples|Troubleshooting|Reference|See Also", h, "|")
		for (i = 0; i < n; i++) {
			d = int(i / 100)
			f = dir "/d" d "/f" i ".md"
			j = (i * 7 + 3) % n; dj = int(j / 100)
			k = (i * 13 + 5) % n; dk = int(k / 100)
			m = (i * 31 + 11) % n; dm = int(m / 100)
			s = d * 100 + (i % 100 + 1) % 100
			if (s >= n) s = d * 100
			printf "---\ntitle: Page %d\nweight: %d\n---\n\n", i, i % 100 > f
			for (x = 1; x <= 8; x++) {
				printf "## %s\n\n", h[x] >> f
				# Three paragraphs of prose, with inline code and emphasis.
				for (p = 0; p < 3; p++) {
					line = ""
					for (t = 0; t < 45; t++) {
						word = w[(i * 3 + x * 7 + p * 11 + t) % nw + 1]
						if (t % 17 == 5) word = "`" word "`"
						else if (t % 23 == 9) word = "*" word "*"
						line = line word " "
					}
					printf "%s.\n\n", line >> f
				}
				if (x == 1) printf "Read [the next page](../f%d/) and [the setup below](#setup-steps), then [the usage](#usage).\n\n", s >> f
				if (x == 2) printf "See [another page](/d%d/f%d/), [its setup](/d%d/f%d/#setup-steps) and [the usage of a third](/d%d/f%d/#usage).\n\n", dj, j, dj, j, dk, k >> f
				if (x == 3) printf "The [configuration of page %d]({{< relref \"/d%d/f%d.md#configuration\" >}}) and [its examples](../../d%d/f%d/#examples).\n\n", m, dm, m, dm, m >> f
				if (x == 4) printf "The [section](/d%d/), [the top](#overview), <https://example.com/page/%d> and [troubleshooting](/d%d/f%d/#troubleshooting).\n\n", dk, i, dm, m >> f
				if (x == 5) printf "```sh\nbench --page %d --section %d\n```\n\n", i, d >> f
				if (x == 6 && i % 20 == 0) printf "This [heading is gone](/d%d/f%d/#no-such-heading).\n\n", dj, j >> f
				else if (x == 6) printf "This [reference](/d%d/f%d/#reference) holds.\n\n", dj, j >> f
				if (x == 7) printf "- [see also](#see-also)\n- [overview of %d](/d%d/f%d/#overview)\n- [examples of %d](/d%d/f%d/#examples)\n\n", k, dk, k, j, dj, j >> f
			}
			close(f)
		}
	}'
}

# shellcheck source=scripts/bench-lib.sh
. scripts/bench-lib.sh # from the top, where the cd above leads

findings() { # the number of findings of "$@", from its summary line
	local sum
	sum=$("$@" 2>&1 >/dev/null) || true
	sed -n 's/.*, \([0-9]*\) findings.*/\1/p' <<<"$sum"
}

printf '| pages | links | HTML | hugo build | uriextract -check | uriextract -check -built | findings (model / build) |\n|---|---|---|---|---|---|---|\n'
for n in "${sizes[@]}"; do
	src="$tmp/site$n" out="$tmp/built$n"
	gen "$src" "$n"
	start=$(date +%s.%N)
	hugo --source "$src" --destination "$out" --quiet
	build=$(echo "$(date +%s.%N) - $start" | bc)
	pages=$(find "$out" -name '*.html' | wc -l)
	html=$(du -sm --apparent-size "$out" | cut -f1)
	links=$("$tmp/uriextract" "$src/content" | wc -l)
	model=$(cd "$src" && best "$tmp/uriextract" -check .)
	built=$(cd "$src" && best "$tmp/uriextract" -check -built "$out" .)
	fm=$(cd "$src" && findings "$tmp/uriextract" -check .)
	fb=$(cd "$src" && findings "$tmp/uriextract" -check -built "$out" .)
	printf '| %d | %d | %d MiB | %.0f s | %s | %s | %s / %s |\n' "$pages" "$links" "$html" "$build" "$model" "$built" "$fm" "$fb"
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
