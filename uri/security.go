package uri

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/urilint/urilint/internal/abnf"
)

// checkSecurity appends the section 7 findings for u, parsed from s. It
// allocates nothing when there is no finding.
func checkSecurity(s string, u *URI, info *schemeInfo, out []Finding) []Finding {
	if u.HasUserinfo {
		out = checkUserinfo(s, u, out)
	}
	if u.HasAuthority && u.HostKind == HostRegName {
		out = checkIPv4Form(s, u, out)
	}
	return checkControls(s, u, info, out)
}

// checkUserinfo reports a host name in userinfo (7.6) and a password
// (7.5).
func checkUserinfo(s string, u *URI, out []Finding) []Finding {
	start, end := u.Span(ComponentUserinfo)
	// 7.6: "the userinfo subcomponent ... can be used to construct a URI
	// that is intended to mislead a human user by appearing to identify
	// one (trusted) naming authority while actually identifying a
	// different authority hidden behind the noise."
	if looksLikeHost(u.Userinfo) {
		out = append(out, Finding{
			Category: CategoryDeceptiveUserinfo,
			Start:    start, End: end,
			Message: fmt.Sprintf("%q has userinfo %q that looks like a host name, but the host is %q: a reader may trust the wrong site",
				s, u.Userinfo, u.Host),
		})
	}
	// 7.5: "A password appearing within the userinfo component is
	// deprecated and should be considered an error". A user name alone,
	// or a ":" with an empty password, reveals nothing.
	if i := strings.IndexByte(u.Userinfo, ':'); i >= 0 && i+1 < len(u.Userinfo) {
		out = append(out, Finding{
			Category: CategoryPassword,
			Start:    start + i + 1, End: end,
			Message: fmt.Sprintf("%q has a password in its userinfo, which anyone who sees the URI can read", s),
		})
	}
	return out
}

// genericTLDs are the top-level domains, besides the two-letter country
// codes, that make a dotted user name read as a host name. The list is
// short on purpose: "john.doe@host" is a user name, "bank.com@host" is not.
const genericTLDs = "com net org edu gov mil int info biz dev app xyz online site shop cloud"

// looksLikeHost reports whether userinfo begins with a host name: two or
// more dot-separated labels of letters, digits and "-", the last a
// top-level domain (two letters, or one of genericTLDs), or a
// dotted-decimal IPv4 address; either alone or followed by noise that is
// not part of a name (RFC 3986's example is
// "cnn.example.com&story=breaking_news").
func looksLikeHost(userinfo string) bool {
	n := 0
	for n < len(userinfo) && (is(userinfo[n], cAlpha|cDigit) || userinfo[n] == '-' || userinfo[n] == '.') {
		n++
	}
	name := userinfo[:n]
	if strings.IndexByte(name, '.') < 0 || name[0] == '.' || name[len(name)-1] == '.' || strings.Contains(name, "..") {
		return false
	}
	if isIPv4(name) {
		return true
	}
	tld := name[strings.LastIndexByte(name, '.')+1:]
	for i := 0; i < len(tld); i++ {
		if !is(tld[i], cAlpha) {
			return false
		}
	}
	if inList(genericTLDs, tld) {
		return true
	}
	// A two-letter country code alone is weaker evidence: "wei.li@" and
	// "jane.do@" are user names. Ask for a third label ("news.bbc.co.uk"
	// style) or for noise after the name, as in RFC 3986's example.
	return len(tld) == 2 && (strings.Count(name, ".") >= 2 || n < len(userinfo))
}

// inList reports whether w is a word of the space-separated list, ignoring
// ASCII case, without allocating.
func inList(list, w string) bool {
	for list != "" {
		word := list
		if i := strings.IndexByte(list, ' '); i >= 0 {
			word, list = list[:i], list[i+1:]
		} else {
			list = ""
		}
		if strings.EqualFold(word, w) {
			return true
		}
	}
	return false
}

// checkIPv4Form reports a reg-name host that resolvers read as an IPv4
// address (7.4): "many implementations allow dotted forms of three
// numbers ... a dotted form of two numbers ... a single number (without
// dots) ... some implementations allow each dotted part to be interpreted
// as decimal, octal, or hexadecimal, as specified in the C language".
func checkIPv4Form(s string, u *URI, out []Finding) []Finding {
	host := u.Host
	if strings.IndexByte(host, '%') >= 0 {
		// Resolvers decode the host first: "%31%32%37.1" is 127.0.0.1 too.
		if d, err := Unescape(host); err == nil {
			host = d
		}
	}
	addr, ok := inetAton(host)
	if !ok {
		return out
	}
	start, end := u.Span(ComponentHost)
	return append(out, Finding{
		Category: CategoryIPv4Form,
		Start:    start, End: end,
		Message: fmt.Sprintf("%q has host %q, which many resolvers read as the IPv4 address %d.%d.%d.%d: filters that compare the host as text miss it",
			s, u.Host, addr>>24, addr>>16&255, addr>>8&255, addr&255),
	})
}

// inetAton reads host the way inet_aton(3) and the WHATWG URL standard
// do: one to four parts separated by ".", each decimal, octal after a
// leading "0", or hexadecimal after "0x"; the last part fills the bytes
// that the others leave. A single trailing "." is ignored, as browsers
// do. It reports false when host is not such a form or the value does not
// fit.
func inetAton(host string) (uint32, bool) {
	host = strings.TrimSuffix(host, ".")
	if host == "" {
		return 0, false
	}
	var parts [4]uint64
	n := 0
	for {
		if n == len(parts) {
			return 0, false
		}
		p := host
		if i := strings.IndexByte(host, '.'); i >= 0 {
			p, host = host[:i], host[i+1:]
		} else {
			host = ""
		}
		v, ok := atonPart(p)
		if !ok {
			return 0, false
		}
		parts[n] = v
		n++
		if host == "" {
			break
		}
	}
	var addr uint64
	for i := 0; i < n-1; i++ {
		if parts[i] > 255 {
			return 0, false
		}
		addr |= parts[i] << (8 * (3 - i))
	}
	if last := parts[n-1]; last < 1<<(8*(5-n)) {
		return uint32(addr | last), true
	}
	return 0, false
}

// atonPart reads one part of a numbers-and-dots address.
func atonPart(p string) (uint64, bool) {
	base := uint64(10)
	switch {
	case len(p) > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'):
		base, p = 16, p[2:]
	case len(p) > 1 && p[0] == '0':
		base, p = 8, p[1:]
	case p == "":
		return 0, false
	}
	var v uint64
	for i := 0; i < len(p); i++ {
		d := uint64(unhex(p[i]))
		if !is(p[i], cHex) || d >= base {
			return 0, false
		}
		if v = v*base + d; v > 1<<32 {
			return 0, false
		}
	}
	return v, true
}

// checkControls reports the first run of percent-encoded CR, LF and NUL,
// and how many more there are.
//
// 7.2: "When a URI contains percent-encoded octets that match the
// delimiters for a given resolution or dereference protocol (for example,
// CR and LF characters for the TELNET protocol), such percent-encoded
// octets must not be decoded before transmission across that protocol."
// 7.3: "the "%00" percent-encoding (NUL) may require special handling and
// should be rejected if the application is not expecting to receive raw
// data within a component."
//
// A %09 (tab) is not reported: it is gopher's separator. CR and LF are not
// reported where the scheme defines them as data (a gopher+ form). Nothing
// in the fragment is reported: section 3.5 keeps the fragment on the
// client ("the fragment identifier is separated from the rest of the URI
// prior to a dereference"), so it reaches no protocol and no server.
func checkControls(s string, u *URI, info *schemeInfo, out []Finding) []Finding {
	limit := len(s) // the end of what is sent: the fragment is not
	if u.HasFragment {
		start, _ := u.Span(ComponentFragment)
		limit = start - 1
	}
	i := strings.IndexByte(s[:limit], '%')
	if i < 0 {
		return out
	}
	dataStart, dataEnd := 0, 0
	if info != nil {
		dataStart, dataEnd = info.syntax.crlfData(s, u)
	}
	var first Finding // the first run
	more := 0         // further runs
	for ; i+2 < limit; i++ {
		if s[i] != '%' {
			continue
		}
		j, lineBreak := i, false
		for j+2 < limit && s[j] == '%' {
			c, ok := abnf.PctByte(s, j)
			if !ok {
				break
			}
			if (c == '\r' || c == '\n') && (j < dataStart || j >= dataEnd) {
				lineBreak = true
			} else if c != 0 {
				break
			}
			j += 3
		}
		if j == i {
			i += 2
			continue
		}
		if more == 0 && first.Category == "" {
			first = controlFinding(s, u, i, j, lineBreak)
		} else {
			more++
		}
		i = j - 1
	}
	if first.Category == "" {
		return out
	}
	if more > 0 {
		// One finding per URI: a JSON payload in a query ("%0A%09...")
		// holds dozens of line breaks, and one warning says it all.
		first.Message += fmt.Sprintf(" (and %d more)", more)
	}
	return append(out, first)
}

// controlFinding returns the finding for the run of encoded controls at
// s[start:end].
func controlFinding(s string, u *URI, start, end int, lineBreak bool) Finding {
	c := componentAt(u, start)
	msg := fmt.Sprintf("%q has a percent-encoded NUL %q in its %s, which can cut the value short where it is decoded (a file name, a C string)",
		s, s[start:end], c)
	if lineBreak {
		msg = fmt.Sprintf("%q has a percent-encoded line break %q in its %s, which can inject a header or command where it is decoded",
			s, s[start:end], c)
	}
	return Finding{Category: CategoryEncodedControl, Start: start, End: end, Message: msg}
}

// componentAt returns the component of u that holds byte off.
func componentAt(u *URI, off int) Component {
	for c := ComponentFragment; c > ComponentScheme; c-- {
		if start, end := u.Span(c); off >= start && off < end {
			return c
		}
	}
	return ComponentScheme
}

// bidiControlNames names the characters of bidiControl.
var bidiControlNames = map[rune]string{
	0x200E: "LEFT-TO-RIGHT MARK",
	0x200F: "RIGHT-TO-LEFT MARK",
	0x202A: "LEFT-TO-RIGHT EMBEDDING",
	0x202B: "RIGHT-TO-LEFT EMBEDDING",
	0x202C: "POP DIRECTIONAL FORMATTING",
	0x202D: "LEFT-TO-RIGHT OVERRIDE",
	0x202E: "RIGHT-TO-LEFT OVERRIDE",
	0x2066: "LEFT-TO-RIGHT ISOLATE",
	0x2067: "RIGHT-TO-LEFT ISOLATE",
	0x2068: "FIRST STRONG ISOLATE",
	0x2069: "POP DIRECTIONAL ISOLATE",
}

// checkBidiControls reports the first bidirectional formatting character
// in s, and how many more there are. RFC 3987 section 4.1: "IRIs MUST NOT
// contain bidirectional formatting characters (LRM, RLM, LRE, RLE, LRO,
// RLO, and PDF)"; the isolates of Unicode 6.3 came later and do the same.
// They are invisible and reorder what a reader sees, so that the text
// shown is not the reference followed.
func checkBidiControls(s string, out []Finding) []Finding {
	first, more := -1, 0
	var r rune
	// All of them are encoded in UTF-8 as 0xE2 0x80 or 0x81 and a third byte.
	for i := strings.IndexByte(s, 0xE2); i >= 0 && i+2 < len(s); {
		if c, n := utf8.DecodeRuneInString(s[i:]); bidiControl(c) {
			if first < 0 {
				first, r = i, c
			} else {
				more++
			}
			i += n
		} else {
			i++
		}
		j := strings.IndexByte(s[i:], 0xE2)
		if j < 0 {
			break
		}
		i += j
	}
	if first < 0 {
		return out
	}
	msg := fmt.Sprintf("%q has the invisible bidirectional control %U %s, which reorders what a reader sees", s, r, bidiControlNames[r])
	if more > 0 {
		msg += fmt.Sprintf(" (and %d more)", more)
	}
	return append(out, Finding{Category: CategoryBidiControl, Start: first, End: first + 3, Message: msg})
}
