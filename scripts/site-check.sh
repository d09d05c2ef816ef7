#!/usr/bin/env bash
# site-check.sh builds each fixture site of audit/testdata/site with its
# real generator and compares, link by link, what the audit's model says
# resolves with what exists in the built output (scripts/cmd/sitecheck):
# for a generator G, the fixtures G.txtar and G-*.txtar, but those whose
# "site-check" section says "nobuild: why" (a plugin Debian lacks, a
# build folder the fixture brings). Where model and build disagree, the
# build is right: the audit takes a build as the truth when there is one
# (site.built), and a disagreement says what the model should learn.
#
#   scripts/site-check.sh              hugo and mkdocs (what CI runs)
#   scripts/site-check.sh all          also jekyll, docusaurus, docusaurus1, vitepress
#   scripts/site-check.sh hugo ...     the generators named
#   scripts/site-check.sh jekyll-ial   one fixture, by its name
#
# It installs what it needs: hugo, mkdocs, jekyll and the Jekyll plugins
# GitHub Pages uses from Debian (apt-get, as root), Docusaurus and
# VitePress from npm into a scratch
# folder. mdBook is not installable here: its model follows its
# documentation only. Each build is bounded by a timeout; hugo and mkdocs
# together take about 5 s once installed (installing them takes a
# minute), jekyll about 2 s, vitepress about 25 s and docusaurus about
# 6 minutes with their npm installs. Exit status 1 when model and build
# disagree on a link, 2 when a fixture cannot be read.
set -euo pipefail
cd "$(dirname "$0")/.."

gens=("$@")
if [ ${#gens[@]} -eq 0 ]; then gens=(hugo mkdocs); fi
if [ "${gens[0]}" = all ]; then gens=(hugo mkdocs jekyll docusaurus docusaurus1 vitepress); fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd scripts/cmd && go build -o "$work/sitecheck" ./sitecheck)

# shellcheck source=.ci/apt.sh
. .ci/apt.sh

status=0
for g in "${gens[@]}"; do
	fixtures=(audit/testdata/site/"$g".txtar audit/testdata/site/"$g"-*.txtar)
	case $g in *-*) fixtures=(audit/testdata/site/"$g".txtar) g=${g%%-*} ;; esac
	[ -f "${fixtures[0]}" ] || { echo "site-check: no fixture audit/testdata/site/$g.txtar" >&2; status=1; continue; }
	for fixture in "${fixtures[@]}"; do
	[ -f "$fixture" ] || continue
	name=$(basename "$fixture" .txtar)
	# A fixture may need a newer generator than the one here ("needs
	# 0.146: why" in its site-check section); only Hugo's is asked.
	version=
	if [ "$g" = hugo ] && command -v hugo >/dev/null; then
		version=$(hugo version | sed -n 's/^hugo v\([0-9.]*\).*/\1/p')
	fi
	if why=$("$work/sitecheck" nobuild "$fixture" $version); then
		echo "== $name: not built: $why"
		continue
	fi
	src=$work/$name/src out=$work/$name/out
	mkdir -p "$src"
	"$work/sitecheck" extract "$fixture" "$src"
	start=$SECONDS
	case $g in
	hugo)
		need_apt hugo hugo
		# The site's folder is the shallowest that holds hugo.* (a
		# fixture may keep its site below the repository's top).
		hroot=$(find "$src" -maxdepth 2 -name 'hugo.*' -printf '%d %h\n' | sort -n | head -1 | cut -d' ' -f2-)
		timeout 120 hugo --source "${hroot:-$src}" --destination "$out" --quiet ;;
	mkdocs)
		need_apt mkdocs mkdocs
		# The site's folder is the shallowest that holds mkdocs.yml.
		mroot=$(find "$src" -maxdepth 2 -name mkdocs.yml -printf '%d %h\n' | sort -n | head -1 | cut -d' ' -f2-)
		(cd "${mroot:-$src}" && timeout 120 mkdocs build -q -d "$out") ;;
	jekyll)
		need_apt jekyll jekyll ruby-jekyll-redirect-from ruby-jekyll-optional-front-matter ruby-jekyll-readme-index \
			ruby-jekyll-relative-links ruby-jekyll-seo-tag ruby-jekyll-titles-from-headings ruby-jekyll-default-layout
		timeout 300 jekyll build -q -s "$src" -d "$out" ;;
	docusaurus)
		# The site's folder is the one that holds docusaurus.config.*.
		droot=$(dirname "$(find "$src" -maxdepth 3 -name 'docusaurus.config.*' -not -path '*/node_modules/*' | head -1)")
		(cd "$droot" && timeout 600 npm install --silent --no-audit --no-fund @docusaurus/core@3 @docusaurus/preset-classic@3 react@18 react-dom@18 >/dev/null &&
			timeout 600 npx docusaurus build --out-dir "$out" >/dev/null) ;;
	docusaurus1)
		# Docusaurus 1: the site's folder holds siteConfig.js; the build
		# is written to build/PROJECT/. Install scripts are skipped (its
		# image tools download binaries); React 16 is its peer.
		droot=$(dirname "$(find "$src" -maxdepth 3 -name siteConfig.js -not -path '*/node_modules/*' | head -1)")
		(cd "$droot" && timeout 600 npm install --silent --no-audit --no-fund --legacy-peer-deps --ignore-scripts \
			docusaurus@1 react@16 react-dom@16 >/dev/null &&
			timeout 600 npx docusaurus-build >/dev/null && mv build/*/ "$out") ;;
	vitepress)
		# The project root is the folder that holds .vitepress.
		vroot=$(dirname "$(find "$src" -maxdepth 3 -type d -name .vitepress | head -1)")
		# A fixture's package.json may pin the version (VitePress 2).
		vver=1
		if [ -f "$src/package.json" ]; then
			vver=$(sed -n 's/.*"vitepress": *"\([^"]*\)".*/\1/p' "$src/package.json" | head -1)
			vver=${vver:-1}
		fi
		(cd "$src" && timeout 600 npm install --silent --no-audit --no-fund "vitepress@$vver" >/dev/null &&
			timeout 600 npx vitepress build "$vroot" --outDir "$out" >/dev/null &&
			# VitePress 0.x has no --outDir: it writes .vitepress/dist.
			if [ ! -d "$out" ]; then mv "$vroot/.vitepress/dist" "$out"; fi) ;;
	*) echo "site-check: no build for $g" >&2; status=1; continue ;;
	esac
	echo "== $name ($((SECONDS - start)) s to build)"
	"$work/sitecheck" compare "$fixture" "$src" "$out" || status=1
	done
done
exit $status
