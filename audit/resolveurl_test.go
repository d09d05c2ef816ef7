package audit

import "testing"

// TestResolveURL: a reference on a page resolves to the decoded URL path
// of its target (RFC 3986 section 5.2), repaired first when it is no
// valid reference, without its fragment or query.
func TestResolveURL(t *testing.T) {
	for _, tt := range []struct {
		base, ref, want string
		ok              bool
	}{
		{"/docs/a/", "b", "/docs/a/b", true},       // 5.2.2 merge
		{"/docs/a", "b", "/docs/b", true},          // 5.2.3: up to the last "/"
		{"/docs/a/", "../x#frag", "/docs/x", true}, // 5.2.4 dot segments; the fragment goes
		{"/docs/a/", "../../../../x", "/x", true},  // 5.2.4: not above the root
		{"/docs/a/", "?q=1", "/docs/a/", true},     // 5.2.2: the base's path
		{"/docs/a/", "", "/docs/a/", true},         // same document
		{"/", "my file.md", "/my file.md", true},   // repaired: "my%20file.md"
		{"/a b/", "c%20d", "/a b/c d", true},       // decoded
		{"/", "//other.example/x", "/x", true},     // network-path reference: its path
		{"/", "https://host.example", "/", true},   // no path: the root
		{"/", "%2E%2E/x", "/../x", true},           // decoded after resolution (callers clean)
		{"/", "x%00y", "/x\x00y", true},
		{"/d/", "%", "/d/%", true},        // repaired: "%25"
		{"/d/", "a#b#c", "/d/a", true},    // repaired: the second "#" escaped, then dropped with the fragment
		{"/d/", "http://[::1", "", false}, // no repair makes it a reference
		{"/d/", "a\x7f", "", false},       // a control character: no repair
		{"/d/", "//[zz]/x", "", false},    // an IP literal that is none
	} {
		got, ok := resolveURL(tt.base, tt.ref)
		if got != tt.want || ok != tt.ok {
			t.Errorf("resolveURL(%q, %q) = %q, %v, want %q, %v", tt.base, tt.ref, got, ok, tt.want, tt.ok)
		}
	}
}
