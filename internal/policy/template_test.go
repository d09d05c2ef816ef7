package policy

import "testing"

var isTemplateTests = []struct {
	in   string
	want bool
}{
	{"https://example.com/users/{id}", true},
	{"https://{{.Host}}/a", true},
	{"https://$HOST/a", true},
	{"https://example.com/users/:id", true},
	{"https://sts.UNIVERSE_DOMAIN/v1/token", true},
	{"http://HOST:PORT/metrics", true},
	{"https://host:port", true},
	{"ssh://host:port/path/to/repo", true},
	{"ssh://[user@]host.xz/path", true},
	{"scheme://[user:pass@]proxy.server:port", true},
	{"tcp://[host]:[port][path]", true},
	{"unix://[/path/to/socket]", true},
	{"http://[hostname]/", true},
	{"http://[vF.x]/", false},
	{"http://[::1]:8080/", false},
	{"http://[fe80::1/", false},
	{"https://example.com:8080/", false},
	{"http://[2001:db8::1]:80/", false},
	{"http://[v1.fe80::a+en1]/", false},
	{"https://user@example.com/", false},
	{"https://example.com/a?b=c", false},
}

func TestIsTemplate(t *testing.T) {
	for _, tt := range isTemplateTests {
		if got := IsTemplate(tt.in); got != tt.want {
			t.Errorf("IsTemplate(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestPrintfVerbsAreTemplates: a printf verb makes a format string, never
// a URI, in Go code and documents alike; percent-encodings are no verbs.
func TestPrintfVerbsAreTemplates(t *testing.T) {
	for s, want := range map[string]bool{
		"https://%s/api":                true,
		"http://example.com/%q":         true,
		"https://example.com/?q=%v":     true,
		"https://example.com/%[1]s/x":   true,
		"http://localhost:%d/":          true,
		"https://example.com/100%%":     true,
		"https://example.com/a%2Fb":     false, // percent-encoding
		"https://example.com/%5d":       false, // hex digits, not a verb
		"https://example.com/50%":       false, // a lone "%": malformed, not a verb
		"https://example.com/%zz":       false,
		"https://example.com/a%20b%3Fc": false,
	} {
		if got := IsTemplate(s); got != want {
			t.Errorf("IsTemplate(%q) = %v, want %v", s, got, want)
		}
	}
}
