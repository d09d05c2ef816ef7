package policy

import "testing"

func TestPlausibleOpaqueShapes(t *testing.T) {
	for _, tt := range []struct {
		scheme, rest string
		want         bool
	}{
		{"file", "line", false},               // key:value prose
		{"file", "v1", false},                 // one word
		{"file", "///etc/hosts", true},        // RFC 8089
		{"file", "C:/x", false},               // file needs "/"
		{"mailto", "joe@example.com", true},   // RFC 6068 addr-spec
		{"mailto", "?subject=hi", true},       // header fields alone
		{"mailto", "joe", false},              // no address
		{"news", "comp.lang.go", true},        // RFC 5538 newsgroup
		{"data", "text/plain,hi", true},       // RFC 2397 needs ","
		{"data", "selected", false},           // one word
		{"tel", "+1-201-555-0123", true},      // RFC 3966
		{"tel", "abc-def", false},             // no "+" or digit
		{"urn", "isbn:0451450523", true},      // RFC 8141 NID ":" NSS
		{"urn", "isbn", false},                // no NSS
		{"sip", "alice@example.com", true},    // any other scheme: more than one word
		{"sip", " alice@example.com", false},  // space after the colon: prose
		{"sip", "", false},                    // nothing after the colon
		{"MailTo", "joe@example.com", true},   // likewise
		{"mailto", "joe%40example.com", true}, // "%40" is "@"
	} {
		if got := PlausibleOpaque(tt.scheme, tt.rest); got != tt.want {
			t.Errorf("PlausibleOpaque(%q, %q) = %v, want %v", tt.scheme, tt.rest, got, tt.want)
		}
		if got := PlausibleOpaque([]byte(tt.scheme), []byte(tt.rest)); got != tt.want {
			t.Errorf("PlausibleOpaque([]byte(%q), []byte(%q)) = %v, want %v", tt.scheme, tt.rest, got, tt.want)
		}
	}
}

func TestIsTemplatePlaceholders(t *testing.T) {
	for s, want := range map[string]bool{
		"https://api.example.com/users/{id}": true,  // RFC 6570
		"https://{{.Host}}/x":                true,  // template action
		"https://$HOST/api":                  true,  // shell variable
		"https://${HOST}/api":                true,  // likewise
		"https://<host>/api":                 true,  // angle-bracket placeholder
		"/users/:id":                         true,  // route parameter
		"https://sts.UNIVERSE_DOMAIN/":       true,  // capitals with "_"
		"http://HOST:PORT/":                  true,  // capital port
		"https://example.com/a%20b":          false, // percent-encoding
		"https://EXAMPLE.COM/":               false, // capitals alone are a host-case finding
		"https://example.com/$":              false, // "$" alone
		"mailto:a@b.example":                 false,
	} {
		if got := IsTemplate(s); got != want {
			t.Errorf("IsTemplate(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestRegistered(t *testing.T) {
	for s, want := range map[string]bool{
		"mailto": true, "MAILTO": true, "sip": true, "urn": true, "http": true,
		"go":  false, // "go:generate" is a directive; go:// still counts with "//"
		"foo": false,
		"":    false,
		"x-very-long-scheme-name-that-no-registry-holds-whatsoever-at-all-really": false,
	} {
		if got := Registered(s); got != want {
			t.Errorf("Registered(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestCandidate(t *testing.T) {
	for s, want := range map[string]bool{
		"https://example.com/":   true,
		"http:/example.com/path": true, // path.Join's one slash
		"sip:alice@example.com":  true,
		"foo://bar":              true,
		"https://":               false, // bare scheme
		"mailto:":                false,
		"foo:bar/baz":            false, // unregistered without "//"
		"go:generate":            false,
		"10:30":                  false,
		"":                       false,
	} {
		if got := Candidate(s); got != want {
			t.Errorf("Candidate(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestBareScheme(t *testing.T) {
	for rest, want := range map[string]bool{"": true, "//": true, "/": false, "//x": false, "x": false} {
		if got := BareScheme(rest); got != want {
			t.Errorf("BareScheme(%q) = %v, want %v", rest, got, want)
		}
	}
}
