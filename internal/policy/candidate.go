package policy

import (
	"strings"

	"github.com/urilint/urilint/internal/abnf"
)

// StartsURI reports whether v starts like a URI: a scheme and "//", or a
// registered scheme (Registered) and a rest that has the shape of a URI
// rather than of a "key:value" pair (PlausibleOpaque). The second form
// takes "mailto:a@example.com", "sip:alice@example.com" and the typo
// "http:/example.com/path" alike, in Go code as in documents.
func StartsURI(v string) bool {
	n := abnf.SchemeLen(v)
	if n == 0 {
		return false
	}
	scheme, rest := v[:n], v[n+1:]
	if strings.HasPrefix(rest, "//") {
		return !Base64Value(scheme, rest)
	}
	return Registered(scheme) && PlausibleOpaque(scheme, rest)
}

// Candidate reports whether the whole of v is meant as a URI, as far as
// its start tells: it starts like one (StartsURI) and is more than a
// mention of a scheme (BareScheme).
func Candidate(v string) bool {
	if !StartsURI(v) {
		return false
	}
	return !BareScheme(v[abnf.SchemeLen(v)+1:])
}

// BareScheme reports whether rest, the text after "scheme:", leaves the
// scheme alone: "https://" and "mailto:" name a scheme in prose ("use
// https:// everywhere"), they are not URIs with an empty authority.
func BareScheme[T ~string | ~[]byte](rest T) bool {
	return len(rest) == 0 || len(rest) == 2 && rest[0] == '/' && rest[1] == '/'
}

// Base64Value reports whether rest, the text after "scheme:", starts with
// a padded base64 value of at least 16 characters that ends the token,
// letters of both cases in it, and scheme is not registered: a digest that
// happens to start with "//", as go.sum's
// "h1://AqZbyNHeLOKZB3J/UPPXaBvk3nCqvqVRbPkffDx60=", is no scheme, "//"
// and authority.
func Base64Value[T ~string | ~[]byte](scheme, rest T) bool {
	i, upper, lower := 0, false, false
scan:
	for ; i < len(rest); i++ {
		c := rest[i]
		switch {
		case 'A' <= c && c <= 'Z':
			upper = true
		case 'a' <= c && c <= 'z':
			lower = true
		case '0' <= c && c <= '9' || c == '+' || c == '/':
		default:
			break scan
		}
	}
	n := i
	for i < len(rest) && i-n < 2 && rest[i] == '=' {
		i++
	}
	if i == n || i%4 != 0 || i < 16 || !upper || !lower {
		return false
	}
	// The token ends there, but for the punctuation of a sentence.
	for i < len(rest) && strings.IndexByte(".,;:!?)]'", rest[i]) >= 0 {
		i++
	}
	if i < len(rest) && abnf.IsURIChar(rest[i]) {
		return false
	}
	return !Registered(scheme)
}
