package uri

import (
	"strings"

	"github.com/urilint/urilint/internal/abnf"
)

// Rule is one normalization of RFC 3986 section 6.2.2 or 6.2.3. Rules
// combine as a bit set.
type Rule uint16

const (
	// RuleSchemeCase lowercases the scheme (6.2.2.1).
	RuleSchemeCase Rule = 1 << iota
	// RuleHostCase lowercases the host (6.2.2.1).
	RuleHostCase
	// RulePercentCase uppercases the hex digits of percent-encodings (6.2.2.1).
	RulePercentCase
	// RulePercentUnreserved decodes percent-encoded unreserved characters (6.2.2.2).
	RulePercentUnreserved
	// RuleDotSegments removes "." and ".." segments from hierarchical paths (6.2.2.3).
	RuleDotSegments
	// RuleEmptyPort drops a ":" with an empty port (6.2.3).
	RuleEmptyPort
	// RuleDefaultPort drops the scheme's default port (6.2.3).
	RuleDefaultPort
	// RuleEmptyPath writes "/" for an empty path with an authority, for
	// schemes where the two are equivalent: http, https, ws, wss (6.2.3).
	RuleEmptyPath
	// RuleNFC puts the characters of an IRI in Unicode Normalization
	// Form C (RFC 3987 section 5.3.2.2), where that keeps the syntax of
	// the reference (see the package documentation).
	RuleNFC

	// AllRules is the full normal form of Normalize.
	AllRules = RuleSchemeCase | RuleHostCase | RulePercentCase | RulePercentUnreserved |
		RuleDotSegments | RuleEmptyPort | RuleDefaultPort | RuleEmptyPath | RuleNFC
)

// Category returns the category of the findings that Check reports for r.
func (r Rule) Category() Category {
	switch r {
	case RuleSchemeCase:
		return CategorySchemeCase
	case RuleHostCase:
		return CategoryHostCase
	case RulePercentCase:
		return CategoryPercentCase
	case RulePercentUnreserved:
		return CategoryPercentUnreserved
	case RuleDotSegments:
		return CategoryDotSegments
	case RuleEmptyPort:
		return CategoryEmptyPort
	case RuleDefaultPort:
		return CategoryDefaultPort
	case RuleEmptyPath:
		return CategoryEmptyPath
	case RuleNFC:
		return CategoryNotNFC
	}
	return ""
}

// Normalize returns the normal form of the URI reference s under every
// rule of sections 6.2.2 and 6.2.3 (see AllRules). When s is already
// normal, Normalize returns s itself and allocates nothing.
//
// Empty query and fragment delimiters ("?" and "#") are kept: section 6.2.3
// does not license dropping them. Dot segments are removed only from
// hierarchical paths of URIs with a scheme; see the package documentation.
func Normalize(s string) (string, error) { return Options{}.Normalize(s) }

// Normalize is the package's Normalize under the options o. With o.IRI
// it takes IRIs, and an IRI stays one: its ASCII is normalized as a URI's
// and its other characters are put in NFC (RuleNFC); ToURI maps it to a
// URI.
func (o Options) Normalize(s string) (string, error) {
	var u URI
	var f failure
	if !parseWith(s, &u, &f, o.mode()) {
		return "", f.err("parse", s)
	}
	return normalizeWith(s, &u, AllRules&^o.Skip, lookupScheme(u.Scheme), f.iri), nil
}

// NormalizeRules is Normalize restricted to the given rules: it is
// Options{Skip: AllRules &^ rules}.Normalize(s), the method form for
// other options.
func NormalizeRules(s string, rules Rule) (string, error) {
	return Options{Skip: AllRules &^ rules}.Normalize(s)
}

// normalizeWith normalizes the parsed u of s by rules, with the
// scheme's registry entry already looked up; iri tells that s holds characters outside ASCII,
// for RuleNFC.
func normalizeWith(s string, u *URI, rules Rule, info *schemeInfo, iri bool) string {
	w := writer{src: s}
	if u.Scheme != "" {
		if rules&RuleSchemeCase != 0 {
			w.lower(u.Scheme)
		} else {
			w.str(u.Scheme)
		}
		w.byte(':')
	}
	if u.HasAuthority {
		w.str("//")
		if u.HasUserinfo {
			w.pct(u.Userinfo, rules, false)
			w.byte('@')
		}
		w.pct(u.Host, rules, rules&RuleHostCase != 0)
		if u.HasPort && !dropPort(u, info, rules) {
			w.byte(':')
			w.str(u.Port)
		}
	}
	path := u.Path
	if rules&(RulePercentCase|RulePercentUnreserved) != 0 {
		pw := writer{src: path}
		pw.pct(path, rules, false)
		path = pw.result()
	}
	if rules&RuleDotSegments != 0 {
		path = dotsRemoved(u, path)
	}
	// With no host ("http://") the URI is no http URI at all: scheme-syntax
	// says so, and no "/" would mend it.
	if path == "" && u.HasAuthority && u.Host != "" && rules&RuleEmptyPath != 0 && info != nil && info.slashPath {
		path = "/"
	}
	w.str(path)
	if u.HasQuery {
		w.byte('?')
		w.pct(u.Query, rules, false)
	}
	if u.HasFragment {
		w.byte('#')
		w.pct(u.Fragment, rules, false)
	}
	if iri && rules&RuleNFC != 0 {
		return nfcSafeForm(w.result())
	}
	return w.result()
}

// hierarchical reports whether dot-segment removal applies to u's path:
// a URI with a scheme whose path is hierarchical, that is, follows an
// authority or begins with "/". Rootless paths ("urn:a/../b",
// "mailto:x") and relative references are left alone.
func hierarchical(u *URI) bool {
	return u.Scheme != "" && (u.HasAuthority || strings.HasPrefix(u.Path, "/"))
}

// dropPort reports whether the port and its ":" go away under rules.
func dropPort(u *URI, info *schemeInfo, rules Rule) bool {
	if u.Port == "" {
		return rules&RuleEmptyPort != 0 && !noPort(info)
	}
	return rules&RuleDefaultPort != 0 && isDefaultPort(u.Port, info)
}

// noPort reports whether the scheme has an authority but no port at all
// (file): there an empty port is a mistake of another kind ("file://C:/x",
// a drive letter), which dropping the ":" would turn into a host.
func noPort(info *schemeInfo) bool {
	return info != nil && !info.tcp && info.authority != authNone
}

// isDefaultPort compares port numerically with the scheme's default, so
// "080" is the default of http too.
func isDefaultPort(port string, info *schemeInfo) bool {
	if info == nil || info.defaultPort == "" {
		return false
	}
	port = strings.TrimLeft(port, "0")
	return port == info.defaultPort
}

// hasDotSegments reports whether some segment of path is "." or "..".
func hasDotSegments(path string) bool {
	return hasDots(path, false)
}

// hasDots reports whether some segment of path is a dot segment; with
// encoded, "%2E" counts as ".", as section 6.2.2.2 makes it.
func hasDots(path string, encoded bool) bool {
	for len(path) > 0 {
		seg := path
		if i := strings.IndexByte(path, '/'); i >= 0 {
			seg, path = path[:i], path[i+1:]
		} else {
			path = ""
		}
		if dots(seg, encoded) > 0 {
			return true
		}
	}
	return false
}

// dots returns 1 when seg is ".", 2 when it is "..", else 0; with
// encoded, each "." may be written "%2E" or "%2e".
func dots(seg string, encoded bool) int {
	n := 0
	for len(seg) > 0 && n < 3 {
		switch {
		case seg[0] == '.':
			seg = seg[1:]
		case encoded && len(seg) >= 3 && seg[0] == '%' && seg[1] == '2' && (seg[2] == 'E' || seg[2] == 'e'):
			seg = seg[3:]
		default:
			return 0
		}
		n++
	}
	if n > 2 || len(seg) > 0 {
		return 0
	}
	return n
}

// dotsRemoved returns path, the path of u, without dot segments when the
// rule applies to it (see hierarchical), encoded ones included: a
// normalizer decodes "%2E" before it removes dot segments (6.2.2.2, then
// 6.2.2.3), and removing only the literal ones would change what the
// reference means ("/a/%2e/../b" is "/b", not "/a/b"). When no authority
// precedes the result and it begins with "//", it keeps a "/." in front so
// that it does not read as one. It returns path itself when nothing
// changes, without allocating.
func dotsRemoved(u *URI, path string) string {
	if !hierarchical(u) || !hasDots(path, true) {
		return path
	}
	if !u.HasAuthority && strings.HasPrefix(path, "/.//") && !hasDots(path[2:], true) {
		return path // "foo:/.//c": already as short as it can safely be
	}
	if strings.Contains(path, "%2") {
		path = decodeDots(path)
	}
	p := removeDotSegments(path)
	if !u.HasAuthority && strings.HasPrefix(p, "//") {
		p = "/." + p
	}
	return p
}

// decodeDots writes each encoded dot segment of path with literal dots.
func decodeDots(path string) string {
	var b strings.Builder
	for i, seg := range strings.Split(path, "/") {
		if i > 0 {
			b.WriteByte('/')
		}
		switch dots(seg, true) {
		case 1:
			seg = "."
		case 2:
			seg = ".."
		}
		b.WriteString(seg)
	}
	return b.String()
}

// removeDotSegments is the algorithm of section 5.2.4.
func removeDotSegments(in string) string {
	out := make([]byte, 0, len(in))
	for len(in) > 0 {
		switch {
		// A. If the input buffer begins with a prefix of "../" or "./",
		// then remove that prefix from the input buffer;
		case strings.HasPrefix(in, "../"):
			in = in[3:]
		case strings.HasPrefix(in, "./"):
			in = in[2:]
		// B. if the input buffer begins with a prefix of "/./" or "/.",
		// where "." is a complete path segment, then replace that prefix
		// with "/";
		case strings.HasPrefix(in, "/./"):
			in = in[2:]
		case in == "/.":
			in = "/"
		// C. if the input buffer begins with a prefix of "/../" or "/..",
		// where ".." is a complete path segment, then replace that prefix
		// with "/" and remove the last segment and its preceding "/" (if
		// any) from the output buffer;
		case strings.HasPrefix(in, "/../"):
			in = in[3:]
			out = dropLastSegment(out)
		case in == "/..":
			in = "/"
			out = dropLastSegment(out)
		// D. if the input buffer consists only of "." or "..", then remove
		// that from the input buffer;
		case in == "." || in == "..":
			in = ""
		// E. move the first path segment in the input buffer to the end of
		// the output buffer, including the initial "/" character (if any)
		// and any subsequent characters up to, but not including, the
		// next "/" character or the end of the input buffer.
		default:
			start := 0
			if in[0] == '/' {
				start = 1
			}
			end := len(in)
			if i := strings.IndexByte(in[start:], '/'); i >= 0 {
				end = start + i
			}
			out = append(out, in[:end]...)
			in = in[end:]
		}
	}
	return string(out)
}

func dropLastSegment(out []byte) []byte {
	for i := len(out) - 1; i >= 0; i-- {
		if out[i] == '/' {
			return out[:i]
		}
	}
	return out[:0]
}

// writer builds a string that is expected to equal src. While it does,
// it only counts; at the first difference it copies what matched and
// goes on in a buffer. So an already normal input costs no allocation.
type writer struct {
	src string
	n   int    // bytes of src matched while buf is nil
	buf []byte // output, once it differs from src
}

func (w *writer) byte(c byte) {
	if w.buf == nil {
		if w.n < len(w.src) && w.src[w.n] == c {
			w.n++
			return
		}
		w.buf = make([]byte, w.n, len(w.src)+8)
		copy(w.buf, w.src[:w.n])
	}
	w.buf = append(w.buf, c)
}

func (w *writer) str(s string) {
	if w.buf == nil && strings.HasPrefix(w.src[w.n:], s) {
		w.n += len(s)
		return
	}
	for i := 0; i < len(s); i++ {
		w.byte(s[i])
	}
}

func (w *writer) lower(s string) {
	for i := 0; i < len(s); i++ {
		w.byte(lower(s[i]))
	}
}

// pct writes s with its percent-encodings normalized under rules, and its
// letters outside percent-encodings lowercased when lowerCase is set.
func (w *writer) pct(s string, rules Rule, lowerCase bool) {
	if !lowerCase && (rules&(RulePercentCase|RulePercentUnreserved) == 0 || strings.IndexByte(s, '%') < 0) {
		w.str(s)
		return
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		d, ok := abnf.PctByte(s, i) // valid input: every "%" starts one
		if !ok {
			if lowerCase {
				c = lower(c)
			}
			w.byte(c)
			continue
		}
		switch {
		case rules&RulePercentUnreserved != 0 && is(d, cUnreserved):
			if lowerCase {
				d = lower(d)
			}
			w.byte(d)
		case rules&RulePercentCase != 0:
			w.byte('%')
			w.byte(upperHex[d>>4])
			w.byte(upperHex[d&15])
		default:
			w.str(s[i : i+3])
		}
		i += 2
	}
}

func (w *writer) result() string {
	if w.buf == nil {
		return w.src[:w.n]
	}
	return string(w.buf)
}
