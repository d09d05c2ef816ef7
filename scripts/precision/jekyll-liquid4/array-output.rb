# Liquid 4 (GitHub Pages' Jekyll 3.9) joins a tag's output when its
# render returns an Array; Debian's Liquid 5 appends it to a String and
# fails ("no implicit conversion of Array into String"). A site whose own
# tags return one builds on GitHub Pages; this file, loaded as a plugin
# for such rows only, gives them Liquid 4's behaviour. A tag whose render
# returns nil (Liquid 4 writes nothing; Liquid 5 fails with "no implicit
# conversion of nil into String") is covered by the same to_s.
module Liquid
  class Tag
    def render_to_output_buffer(context, output)
      result = render(context)
      output << (result.is_a?(Array) ? result.join : result.to_s)
      output
    end
  end
end
