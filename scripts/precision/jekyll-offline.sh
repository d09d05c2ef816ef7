#!/usr/bin/env bash
# jekyll-offline.sh CONFIG COPY PLUGINS: writes a copy of a Jekyll
# configuration that Debian's Jekyll 4.3 reads (Psych 4 refuses a bare
# ":title" as a Ruby symbol, which Jekyll 4.4 reads as a string: such
# values are quoted), and PLUGINS, a configuration to read after it
# (jekyll build --config COPY,PLUGINS) whose plugins are those of CONFIG
# that Ruby can load here (Debian's ruby-jekyll-* packages). It says on
# stderr what it left out. Jekyll skips files whose name starts with
# ".", so both may sit in the site's folder under such a name.
#
# With GITHUB_PAGES=1 the copy is the configuration GitHub Pages builds
# with (the github-pages gem, lib/github-pages/configuration.rb and
# plugins.rb, which Debian does not package): its defaults under the
# site's values (kramdown GFM, future, the jekyll-theme-primer theme
# unless the site names one), its overrides over them (safe, rouge,
# kramdown's math engine and highlighter, lsi), its default plugins
# added to the site's and the site's limited to its whitelist. A theme
# or remote_theme that is not installed here is left out (the pages are
# built without its layouts), as are jekyll-github-metadata (GitHub's
# API) and what Debian lacks (jekyll-coffeescript,
# jekyll-commonmark-ghpages). Safe mode loads no plugin folder: the
# stand-ins of jekyll-stubs/ are then loaded by name from
# jekyll-ghpages-gems/ (put it on RUBYLIB), as is
# jekyll-ghpages-jekyll3, which keeps a collection's static files out of
# site.static_files as Jekyll 3 does (no page of their Markdown).
set -euo pipefail
config=$1 copy=$2 out=$3
sed -E 's/^([[:space:]]*[A-Za-z_]+:[[:space:]]+)(:[^"#]*[^"#[:space:]])[[:space:]]*$/\1"\2"/' "$config" > "$copy"
if [ "${GITHUB_PAGES:-}" = 1 ]; then
	ruby -ryaml -rdate -e '
	  def merge(a, b)
	    a.merge(b) { |_, x, y| x.is_a?(Hash) && y.is_a?(Hash) ? merge(x, y) : y }
	  end
	  user = YAML.safe_load(File.read(ARGV[0]), aliases: true, permitted_classes: [Date, Time]) || {}
	  defaults = { "future" => true, "theme" => "jekyll-theme-primer", "markdown" => "kramdown",
	    "kramdown" => { "input" => "GFM", "hard_wrap" => false, "gfm_quirks" => "paragraph_end",
	      "syntax_highlighter_opts" => { "default_lang" => "plaintext" } } }
	  overrides = { "lsi" => false, "safe" => true, "highlighter" => "rouge",
	    "kramdown" => { "template" => "", "math_engine" => "mathjax", "syntax_highlighter" => "rouge" },
	    "gist" => { "noscript" => false } }
	  c = merge(merge(defaults, user), overrides)
	  c["theme"] = user["theme"] if user.key?("theme")
	  c["markdown"] = "kramdown" unless %w(kramdown gfm commonmarkghpages).include?(c["markdown"].to_s.downcase)
	  if c["theme"]
	    begin
	      Gem::Specification.find_by_name(c["theme"].to_s)
	    rescue Gem::MissingSpecError
	      warn "jekyll-offline: theme #{c["theme"]} is not installed here: left out"
	      c.delete("theme")
	    end
	  end
	  if c.key?("remote_theme")
	    warn "jekyll-offline: remote_theme #{c["remote_theme"]} cannot be fetched here: left out"
	    c.delete("remote_theme")
	  end
	  whitelist = %w(jekyll-coffeescript jekyll-commonmark-ghpages jekyll-feed jekyll-gist jekyll-github-metadata
	    jekyll-paginate jekyll-redirect-from jekyll-seo-tag jekyll-sitemap jekyll-avatar jemoji jekyll-mentions
	    jekyll-relative-links jekyll-optional-front-matter jekyll-readme-index jekyll-default-layout
	    jekyll-titles-from-headings jekyll-include-cache jekyll-octicons jekyll-remote-theme)
	  defaults_on = %w(jekyll-coffeescript jekyll-commonmark-ghpages jekyll-gist jekyll-github-metadata
	    jekyll-paginate jekyll-relative-links jekyll-optional-front-matter jekyll-readme-index
	    jekyll-default-layout jekyll-titles-from-headings)
	  asked = Array(c["plugins"] || c["gems"]).map(&:to_s) - ["github-pages"]
	  asked.each { |p| warn "jekyll-offline: plugin #{p} is not on GitHub Pages whitelist: left out" unless whitelist.include?(p) }
	  c["plugins"] = (asked & whitelist) | defaults_on | ["jekyll-ghpages-jekyll3"]
	  c.delete("gems")
	  c["whitelist"] = whitelist + ["jekyll-ghpages-jekyll3"]
	  File.write(ARGV[0], YAML.dump(c))
	' "$copy"
fi
plugins=$(ruby -ryaml -rdate -e 'c = YAML.safe_load(File.read(ARGV[0]), aliases: true, permitted_classes: [Date, Time]) || {}; puts((c["plugins"] || c["gems"] || []))' "$copy")
{
	# An empty list, not a bare key: Jekyll refuses "plugins:" (nil).
	loaded=()
	for p in $plugins; do
		if [ "${GITHUB_PAGES:-}" = 1 ] && [ "$p" = jekyll-github-metadata ]; then
			echo "jekyll-offline: plugin $p needs GitHub's API: left out" >&2
		elif ruby ${GITHUB_PAGES:+-I "$(dirname "$0")/jekyll-ghpages-gems"} -e "require 'jekyll'; require '$p'" 2>/dev/null; then
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
