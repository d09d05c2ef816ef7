# A stand-in for the jekyll_image_encode gem, which Debian does not
# package: {% base64 path %} writes an image's bytes as base64 (for a
# data: URL); here it writes nothing, which is no link and no id.
require "liquid"

module PrecisionStubs
  class Base64Tag < Liquid::Tag
    def render(_context)
      ""
    end
  end
end

Liquid::Template.register_tag("base64", PrecisionStubs::Base64Tag)
