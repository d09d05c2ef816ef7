package analyzer

import (
	"fmt"
	"strings"
	"testing"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/policy"
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
	{"http://example.com/ quux!", false}, // a URL and a word: prose
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

// checkedTests are URI-shaped strings that neither front end checks,
// because they are formats or templates, beside look-alikes that both
// check. The analyzer checks a literal when isURI holds and skipValue
// does not; the audit checks a link unless policy.IsTemplate holds.
var checkedTests = []struct {
	v    string
	want bool
}{
	{"https://%s/api", false},
	{"http://example.com/%q", false},
	{"https://example.com/?q=%v", false},
	{"https://example.com/%[2]d/x", false},
	{"http://localhost:%d/health", false},
	{"https://example.com/{id}", false},
	{"https://example.com/a%2Fb", true}, // percent-encoding, not a verb
	{"https://example.com/%5d", true},   // likewise
	{"https://example.com/%zz", true},   // a malformed URI, checked
}

func TestCandidatesSameInDocumentsTemplates(t *testing.T) {
	for _, tt := range checkedTests {
		if got := isURI(tt.v) && !skipValue(tt.v); got != tt.want {
			t.Errorf("analyzer: checks %q = %v, want %v", tt.v, got, tt.want)
		}
		links := extract.Text([]byte(tt.v))
		doc := len(links) == 1 && links[0].Raw == tt.v && !policy.IsTemplate(links[0].URI)
		if doc != tt.want {
			t.Errorf("audit: checks %q = %v (links %v), want %v", tt.v, doc, links, tt.want)
		}
	}
}

// TestDocFromDocGo: Doc is the "# Analyzer urilint" section of doc.go, so
// "urilint help" and the package documentation say the same.
func TestDocFromDocGo(t *testing.T) {
	if !strings.HasPrefix(Doc, "check that URI literals are well-formed and normalized\n\n") {
		t.Errorf("Doc does not start with the summary line of doc.go:\n%s", Doc)
	}
	for _, want := range []string{"# Candidates", "# Silencing a finding", "//urilint:ignore"} {
		if !strings.Contains(Doc, want) {
			t.Errorf("Doc lacks %q from doc.go", want)
		}
	}
	if strings.Contains(Doc, "package analyzer") || strings.Contains(Doc, "\n//") {
		t.Errorf("Doc holds Go source, not the comment text:\n%s", Doc)
	}
}

func TestExtractDocMissingSection(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Errorf("extractDoc of a comment without the section did not panic")
		}
	}()
	extractDoc("// Package x does y.\npackage x\n", "urilint")
}

// TestCategoryFlags: every category of Go code has a flag whose usage is
// its summary in the category table; the audit's own categories have none.
func TestCategoryFlags(t *testing.T) {
	a := newAnalyzer(&Settings{})
	for _, d := range policy.Categories {
		f := a.Flags.Lookup(string(d.Category))
		if d.Docs {
			if f != nil {
				t.Errorf("flag -%s exists, but the category is the document audit's only", d.Category)
			}
			continue
		}
		if f == nil {
			t.Errorf("no flag -%s", d.Category)
			continue
		}
		if !strings.Contains(f.Usage, d.Summary) {
			t.Errorf("flag -%s usage %q lacks the table's summary %q", d.Category, f.Usage, d.Summary)
		}
		if f.DefValue != fmt.Sprint(d.Default) {
			t.Errorf("flag -%s default %s, table says %v", d.Category, f.DefValue, d.Default)
		}
	}
}
