package policy

import (
	"github.com/urilint/urilint/internal/abnf"
	"github.com/urilint/urilint/uri"
)

// PlausibleOpaque reports whether rest, the text after "scheme:" of a
// reference without "//", has the least shape of a URI rather than of a
// "key:value" pair of prose or code ("file:line", "tag:latest", "File: " +
// name, "file:v1"). It asks for more than one word of letters, digits, "-"
// and "_", no white space right after the colon, and for schemes whose
// shape is known, that shape: "file:/...", "data:...,...", a mailto with
// "@" (or "%40") or header fields, "tel:" and a "+" or digit, "urn:" and a
// namespace with its ":", "info:" and a namespace with its "/" (RFC 4452).
// The Go analyzer and the document extractor both ask it, so "file:v1" is
// no URI in either.
//
// Three more shapes are never URIs. A scope operator "::" ("APT::Get",
// Tcl's "http::geturl", git's "http::/path" for a remote helper) is no
// scheme and its path. Colon-separated hex ("bb:95:e0:4f", a
// fingerprint; "FEED::7" and "BEEF::/48", the end of an IPv6 address) is
// no scheme and its path. A scheme written with a capital letter whose
// syntax is not known here is a header, property or label word
// ("Content-Type:application/sdp", the vCard "FAX:+1-555-0100",
// "Prospero:/papers/" as a label), since a scheme is written in lower case
// (RFC 3986 section 3.1); in lower case it counts. A scheme whose syntax
// starts with "//" (uri.NeedsAuthority) has no shape here, so a capital
// "Prospero:" or "HTTP:" without "//" is a word too.
func PlausibleOpaque[T ~string | ~[]byte](scheme, rest T) bool {
	if len(rest) == 0 || rest[0] == ' ' || rest[0] == '\t' || rest[0] == ':' {
		return false
	}
	word := true
	at, comma, colon, slash := false, false, false, false
	for i := 0; i < len(rest); i++ {
		c := rest[i]
		switch {
		case abnf.Is(c, abnf.Alpha|abnf.Digit) || c == '-' || c == '_':
			continue
		case c == '@':
			at = true
		case c == ',':
			comma = true
		case c == ':':
			colon = true
		case c == '/':
			slash = true
		case c == '%' && i+2 < len(rest) && rest[i+1] == '4' && rest[i+2] == '0':
			at = true
		}
		word = false
	}
	if word || colonHex(scheme, rest) {
		return false
	}
	switch {
	case abnf.FoldEq("file", scheme):
		return rest[0] == '/'
	case abnf.FoldEq("data", scheme):
		return comma
	case abnf.FoldEq("mailto", scheme):
		return at || rest[0] == '?'
	case abnf.FoldEq("tel", scheme):
		return rest[0] == '+' || abnf.Is(rest[0], abnf.Digit)
	case abnf.FoldEq("urn", scheme):
		return colon
	case abnf.FoldEq("info", scheme):
		return slash
	}
	for i := 0; i < len(scheme); i++ {
		if 'A' <= scheme[i] && scheme[i] <= 'Z' {
			return false
		}
	}
	return true
}

// colonHex reports whether scheme ":" rest is hex digits separated by
// colons (and dots, for an IPv4 tail), with perhaps a "/" and a prefix
// length: "bb:95:e0:4f", "FEED::7", "BEEF::/48".
func colonHex[T ~string | ~[]byte](scheme, rest T) bool {
	for i := 0; i < len(scheme); i++ {
		if !abnf.Is(scheme[i], abnf.Hex) {
			return false
		}
	}
	i := 0
	for i < len(rest) && (abnf.Is(rest[i], abnf.Hex) || rest[i] == ':' || rest[i] == '.') {
		i++
	}
	if i+1 < len(rest) && rest[i] == '/' {
		i++
		for i < len(rest) && abnf.Is(rest[i], abnf.Digit) {
			i++
		}
	}
	return i == len(rest)
}

// GluedScheme returns the length of a word glued to the front of scheme,
// the scheme of a reference with "//": "see" in "seehttps://example.com/",
// "OWNERS" in "OWNERShttps://...". The word is of letters only, what
// follows it is a scheme whose syntax starts with "//" (uri.NeedsAuthority)
// of three letters or more (too many words end in "ws": "windows://"),
// and scheme as a whole is not registered ("dhttp", "sftp" and "tftp" are
// schemes of their own). It returns 0 when no word is glued.
func GluedScheme[T ~string | ~[]byte](scheme T) int {
	// The longest scheme that uri knows is "prospero", 8 letters: only
	// the last 8 bytes need looking at.
	for i := max(1, len(scheme)-8); i+3 <= len(scheme); i++ {
		if !uri.NeedsAuthority(string(scheme[i:])) {
			continue
		}
		for k := range i {
			if !abnf.Is(scheme[k], abnf.Alpha) {
				return 0
			}
		}
		if Registered(scheme) {
			return 0
		}
		return i
	}
	return 0
}
