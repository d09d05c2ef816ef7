# A stand-in for Jekyll 3's Redcarpet converter, which Jekyll 4 (Debian's)
# dropped: a site whose configuration says "markdown: redcarpet" (built
# with Jekyll 3) is built here with "markdown: RedcarpetParser", the
# custom-processor name Jekyll 4 looks up under
# Jekyll::Converters::Markdown. As Jekyll 3.9 did: the configuration's
# redcarpet extensions are Redcarpet's options (with_toc_data gives
# headings ids, none without it), fenced code blocks on unless
# no_fenced_code_blocks, SmartyPants with smart; code blocks are escaped
# text (no highlighter: the links of a code block are no links anyway).
require "cgi"
require "redcarpet"

module Jekyll
  module Converters
    class Markdown
      class RedcarpetParser
        def initialize(config)
          names = (config["redcarpet"] || {})["extensions"] || []
          @extensions = names.each_with_object({}) { |n, h| h[n.to_sym] = true }
          @extensions[:fenced_code_blocks] = !@extensions[:no_fenced_code_blocks]
          @renderer = Class.new(Redcarpet::Render::HTML) do
            def block_code(code, lang)
              cls = lang ? %( class="language-#{CGI.escapeHTML(lang)}") : ""
              %(<pre><code#{cls}>#{CGI.escapeHTML(code)}</code></pre>)
            end
          end
          @renderer.send(:include, Redcarpet::Render::SmartyPants) if @extensions[:smart]
        end

        def convert(content)
          Redcarpet::Markdown.new(@renderer.new(@extensions), @extensions).render(content)
        end
      end
    end
  end
end
