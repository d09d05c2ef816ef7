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
		return true
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
