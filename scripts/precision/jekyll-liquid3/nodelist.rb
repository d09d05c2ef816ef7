# Liquid 3 (Jekyll 2 and 3.0) gave a block tag its parsed body as
# @nodelist; Liquid 4 and 5 keep it in @body. A site's own block tag that
# still reads @nodelist (and fails on nil with Debian's Liquid 5) built
# with the Jekyll its maintainers ran; this file, loaded as a plugin for
# such rows only, sets @nodelist as Liquid 3 did.
module Liquid
  class Block
    liquid_parse = instance_method(:parse)
    define_method(:parse) do |tokens|
      result = liquid_parse.bind(self).call(tokens)
      @nodelist = @body.nodelist if @body.respond_to?(:nodelist)
      result
    end
  end
end

# Such a tag renders each node of that list with render(context), which
# Liquid 5's raw tag, its body a string, answers with Block#render (a
# string has no render): it gives the output Liquid 3 gave.
module Liquid
  class Raw
    def render(context)
      render_to_output_buffer(context, +"")
    end
  end
end
