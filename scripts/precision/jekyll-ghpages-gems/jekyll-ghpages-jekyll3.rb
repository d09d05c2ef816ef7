# Jekyll 3, which GitHub Pages builds with, keeps a collection's static
# files (its files without front matter) out of site.static_files;
# Jekyll 4.3 (Debian's) puts them there (jekyll/jekyll#8961), where
# jekyll-optional-front-matter makes pages of their Markdown. This
# takes them out again after reading, as GitHub Pages has it: they are
# still written, from the collection's files. Loaded by name by
# jekyll-offline.sh's GITHUB_PAGES=1.
require "jekyll"

Jekyll::Hooks.register :site, :post_read do |site|
  files = site.collections.values.flat_map(&:files)
  site.static_files.reject! { |f| files.include?(f) } unless files.empty?
end
