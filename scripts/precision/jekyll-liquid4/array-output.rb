# Liquid 4 (GitHub Pages' Jekyll 3.9) joins a tag's output when its
# render returns an Array; Debian's Liquid 5 appends it to a String and
# fails ("no implicit conversion of Array into String"). A site whose own
# tags return one builds on GitHub Pages; this file, loaded as a plugin
# for such rows only, gives them Liquid 4's behaviour.
module Liquid
  class Tag
    def render_to_output_buffer(context, output)
      result = render(context)
      output << (result.is_a?(Array) ? result.join : result.to_s)
      output
    end
  end
end
