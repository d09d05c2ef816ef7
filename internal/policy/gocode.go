package policy

import (
	"strings"

	"github.com/urilint/urilint/internal/abnf"
	"github.com/urilint/urilint/uri"
)

// The categories that only the Go analyzer reports: what a URI means in Go
// code, which its bytes alone do not say.
const (
	// CategorySurroundingSpace: white space before or after the one URI
	// of a string ("https://example.com/\n"), which url.Parse rejects or
	// keeps in the path.
	CategorySurroundingSpace uri.Category = "surrounding-space"
	// CategorySchemeTypo: a scheme one edit from http or https ("htps://")
	// or http and https without their colon ("https//example.com/").
	CategorySchemeTypo uri.Category = "scheme-typo"
	// CategoryMissingScheme: a reference without a scheme where an
	// absolute URL is required (http.Get("example.com/api")), given directly
	// or to url.Parse whose result the function uses as a request URL.
	CategoryMissingScheme uri.Category = "missing-scheme"
	// CategoryURLField: a field of a url.URL literal that holds the
	// syntax of another part (Scheme: "https://", Host: "example.com/api",
	// RawQuery: "?a=1") or a RawPath that is no encoding of Path.
	CategoryURLField uri.Category = "url-field"
	// CategoryIgnoreDirective: a //urilint:ignore (or a document's
	// urilint-disable directive) without a reason, or one that silences
	// no finding. Both front ends report it.
	CategoryIgnoreDirective uri.Category = "ignore-directive"
)

// GoExample is the example of a category of Go code alone: a line of Go
// and the message the analyzer reports for it (the analyzer's tests check
// that it does).
type GoExample struct {
	Code, Message string
}

// GoExamples holds the example of each category that only the analyzer
// reports.
var GoExamples = map[uri.Category]GoExample{
	CategorySurroundingSpace: {`const api = " https://example.com/api"`,
		`" https://example.com/api" has white space before the URI, which url.Parse rejects`},
	CategorySchemeTypo: {`resp, err := http.Get("htps://example.com/")`,
		`"htps://example.com/" has the scheme "htps", one letter from "https"`},
	CategoryMissingScheme: {`resp, err := http.Get("example.com/api")`,
		`"example.com/api" has no scheme, but http.Get needs an absolute URL ("https://example.com/api"?)`},
	CategoryIgnoreDirective: {`var home = "https://example.com/" //urilint:ignore the old host`,
		`//urilint:ignore silences no finding: remove it`},
	CategoryURLField: {`u := url.URL{Scheme: "https://", Host: "example.com"}`,
		`url.URL field Scheme "https://" holds "://": URL.String writes the delimiters itself ("https://://host")`},
}

// FixChange says, for each category whose fix -fix does not apply unless
// asked (Settings.Fixes, "-fixes"), what the fix changes besides the
// bytes of the literal: normalization leaves a URI equivalent, but a Go
// program compares URIs as strings (an OAuth redirect URI is matched
// exactly, RFC 6749 §3.1.2.3), caches them, signs them, and sends the
// host as written in the Host header. The categories not listed here
// repair a defect: what their fix changes is the defect.
var FixChange = map[uri.Category]string{
	uri.CategoryIRI:               "the string compared as text, and the bytes a server that reads UTF-8 paths sees",
	uri.CategorySchemeCase:        "the string compared as text (url.Parse lowercases the scheme itself)",
	uri.CategoryHostCase:          "the string compared as text and the Host header sent (DNS and HTTP servers ignore the case of host names)",
	uri.CategoryPercentCase:       "the string compared or signed as text, and the path a server that does not decode it sees",
	uri.CategoryPercentUnreserved: "the string compared or signed as text, URL.RawPath, and the path a server that does not decode it sees",
	uri.CategoryDotSegments:       "the path the server receives (net/http sends it as written; most servers, not all, remove the segments)",
	uri.CategoryEmptyPort:         "the string compared as text and the Host header sent",
	uri.CategoryDefaultPort:       "the string compared as text (a redirect URI registered with its port) and the Host header sent",
	uri.CategoryEmptyPath:         `the string compared as text and what concatenation makes of it ("https://example.com/" + "/api")`,
	uri.CategoryNotNFC:            "the bytes of the path, which a server compares as they are",
}

// FixByDefault reports whether -fix applies the fixes of category c unless
// asked otherwise: those that repair a defect (not in FixChange).
func FixByDefault(c uri.Category) bool {
	d, ok := Lookup(c)
	if !ok || !d.Fixable {
		return false
	}
	_, changes := FixChange[c]
	return !changes
}

// dnsHostSchemes are the schemes whose host is a DNS name or an IP
// address, compared without regard to case (RFC 3986 section 6.2.2.1,
// RFC 4343): the registered schemes with a server authority, and the
// database and queue URIs whose drivers resolve the host with the
// resolver. A custom scheme's "host" may be a name compared exactly: a
// bucket ("s3://MyBucket/key"), a token ("discord://Token@Channel").
var dnsHostSchemes = map[string]bool{
	"http": true, "https": true, "ws": true, "wss": true, "ftp": true, "ftps": true,
	"sftp": true, "ssh": true, "git": true, "telnet": true, "gopher": true,
	"ldap": true, "ldaps": true, "imap": true, "imaps": true, "pop": true, "pop3": true,
	"smtp": true, "smtps": true, "nntp": true, "news": true, "rtsp": true, "rtsps": true,
	"sip": true, "sips": true, "coap": true, "coaps": true, "xmpp": true, "irc": true, "ircs": true,
	"nfs": true, "tcp": true, "udp": true, "tls": true,
	"postgres": true, "postgresql": true, "mysql": true, "mongodb": true, "redis": true, "rediss": true,
	"amqp": true, "amqps": true, "nats": true, "mqtt": true, "mqtts": true, "kafka": true,
	"memcached": true, "clickhouse": true, "cassandra": true, "grpc": true, "dns": true,
}

// DNSHost reports whether the host of a URI of the given scheme (any case)
// is known to be a DNS name or address, whose case does not matter.
func DNSHost(scheme string) bool {
	var buf [16]byte
	if len(scheme) > len(buf) {
		return false
	}
	b := buf[:len(scheme)]
	for i := range len(scheme) {
		b[i] = abnf.Lower(scheme[i])
	}
	return dnsHostSchemes[string(b)]
}

// SchemeTypo returns the well-known scheme that scheme is one edit away
// from (a letter added, dropped, changed, or two swapped), for http and
// https only: "htps", "htttp", "htpp". Other schemes are too short, or
// too many custom schemes lie one edit from them ("wx", "ssb"). It
// returns "" for a registered scheme ("shttp") and for anything else.
func SchemeTypo(scheme string) string {
	if len(scheme) < 3 || Registered(scheme) {
		return ""
	}
	lower := strings.ToLower(scheme)
	for _, known := range [...]string{"https", "http"} {
		if lower != known && oneEdit(lower, known) {
			return known
		}
	}
	return ""
}

// oneEdit reports whether a and b differ by one insertion, deletion,
// substitution or transposition of adjacent bytes.
func oneEdit(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	switch len(b) - len(a) {
	case 0:
		i := 0
		for i < len(a) && a[i] == b[i] {
			i++
		}
		if i == len(a) {
			return false
		}
		if a[i+1:] == b[i+1:] {
			return true
		}
		return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
	case 1:
		i := 0
		for i < len(a) && a[i] == b[i] {
			i++
		}
		return a[i:] == b[i+1:]
	}
	return false
}

// MissingColon returns the length of "http" or "https" at the start of v
// when "//" follows without a colon ("https//example.com/"), else 0.
func MissingColon(v string) int {
	for _, s := range [...]string{"https", "http"} {
		if len(v) > len(s)+2 && abnf.FoldEq(v[:len(s)], s) && v[len(s)] == '/' && v[len(s)+1] == '/' && v[len(s)+2] != '/' {
			return len(s)
		}
	}
	return 0
}

// MaskedPassword reports whether password is a mask written in place of
// one ("***", "xxxxx", "REDACTED"), which no one can read a secret from.
func MaskedPassword(password string) bool {
	if password == "" {
		return false
	}
	switch strings.ToLower(password) {
	case "redacted", "<redacted>", "%3credacted%3e", "hidden", "masked":
		return true
	}
	for i := 0; i < len(password); i++ {
		if c := password[i]; c != '*' && c != 'x' && c != 'X' {
			return false
		}
	}
	return len(password) >= 3
}
