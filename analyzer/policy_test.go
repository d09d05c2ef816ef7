package analyzer

import (
	"testing"

	"github.com/urilint/urilint/extract"
)

// candidateTests are strings on the edge of being URIs. Go code and
// documents must agree on each: the analyzer takes the whole string as a
// URI exactly when uriextract finds one URI spanning all of it in text.
var candidateTests = []struct {
	v    string
	want bool
}{
	{"https://example.com/", true},
	{"http:/example.com/path", true}, // one slash: path.Join's typo
	{"sip:alice@example.com", true},
	{"mailto:joe@example.com", true},
	{"urn:isbn:0451450523", true},
	{"tel:+1-201-555-0123", true},
	{"file:///etc/hosts", true},
	{"data:text/plain,hi", true},
	{"news:comp.lang.go", true},
	{"xmpp:alice@example.com", true},
	{"https://", false},        // a bare scheme
	{"mailto:", false},         // likewise
	{"file:line", false},       // key:value
	{"tag:latest", false},      // key:value
	{"file:v1", false},         // one word
	{"go:generate", false},     // a directive
	{"foo:bar/baz", false},     // not a registered scheme, no "//"
	{"C:/path/to/file", false}, // a drive letter, no scheme
	{"localhost:8080", false},  // host and port
	{"mailto:nobody", false},   // mailto without an address
	{"tel:abc-def", false},     // tel needs "+" or a digit
	{"urn:isbn", false},        // urn needs its namespace's ":"
	{"foo://bar", true},        // any scheme with "//"
	{"git+ssh://host/repo.git", true},
}

func TestCandidatesSameInDocuments(t *testing.T) {
	for _, tt := range candidateTests {
		if got := isURI(tt.v); got != tt.want {
			t.Errorf("analyzer: isURI(%q) = %v, want %v", tt.v, got, tt.want)
		}
		links := extract.Text([]byte(tt.v))
		doc := len(links) == 1 && links[0].Raw == tt.v
		if doc != tt.want {
			t.Errorf("extract.Text(%q) = %d links (%v), want whole-string URI %v", tt.v, len(links), links, tt.want)
		}
	}
}
