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
