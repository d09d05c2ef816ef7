# A stand-in for the jekyll-octicons gem, which Debian does not package:
# the {% octicon name %} tag renders an empty span (an icon, no link and
# no id), so that sites using it build here.
module PrecisionStubs
  class OcticonTag < Liquid::Tag
    def render(_context)
      '<span class="octicon"></span>'
    end
  end
end

Liquid::Template.register_tag("octicon", PrecisionStubs::OcticonTag)
