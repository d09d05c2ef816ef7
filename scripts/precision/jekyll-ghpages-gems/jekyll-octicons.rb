# The stand-in of jekyll-stubs/octicons.rb loaded by name (require
# "jekyll-octicons"), as GitHub Pages' safe mode loads no plugin folder:
# see jekyll-offline.sh.
require "jekyll"
require_relative "../jekyll-stubs/octicons"
