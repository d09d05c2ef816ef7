package site

import "testing"

// TestDocusaurusMadeBy checks that a configuration a package's function
// makes is told from one the model reads (an object literal, a
// constant set to one, an async function of the file's own, a helper
// of the site's own code).
func TestDocusaurusMadeBy(t *testing.T) {
	for _, c := range []struct {
		src, fn, mod string
	}{
		{"const {getDocusaurusConfig} = require('@vis.gl/docusaurus-website');\nconst config = getDocusaurusConfig({a: 1});\nmodule.exports = config;\n", "getDocusaurusConfig", "@vis.gl/docusaurus-website"},
		{"import makeConfig from 'kit';\nexport default makeConfig({title: 'x'});\n", "makeConfig", "kit"},
		{"import * as kit from 'kit';\nexport default kit.config({title: 'x'});\n", "kit", "kit"},
		{"const config = {title: 'x', presets: []};\nmodule.exports = config;\n", "", ""},
		{"module.exports = {title: 'x'};\n", "", ""},
		{"export default async function createConfig() { return {title: 'x'}; }\n", "", ""},
		{"module.exports = async function () { return {}; };\n", "", ""},
		{"const config = {title: 'x'};\nexport default config satisfies Config;\n", "", ""},
		{"const base = require('./base');\nmodule.exports = base({title: 'x'});\n", "", ""},
		{"module.exports = require('./other.config');\n", "", ""},
		{"module.exports = undefinedFn({});\n", "", ""},
	} {
		fn, mod := docusaurusMadeBy([]byte(c.src))
		if fn != c.fn || mod != c.mod {
			t.Errorf("docusaurusMadeBy(%q) = %q, %q, want %q, %q", c.src, fn, mod, c.fn, c.mod)
		}
	}
}
