package analyzer

import (
	"errors"
	"fmt"
	"go/ast"
	"strings"

	"github.com/urilint/urilint/internal/abnf"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/uri"
)

// This file holds what the analyzer knows of the shapes Go programs give
// URI strings beyond one URI: lists, multi-host URIs, white space around a
// URI, a scheme misspelled, a URL without a scheme where a request needs
// one.

// listElements returns the offsets at which the elements of the
// comma-separated list v start ("nats://a:4222,nats://b:4222",
// "http://host_1,http://host_2", "nats://a:4222,ws://a:8080"), the first
// at 0, or nil when v is not such a list: v and each element start with a
// scheme and "//". The program splits it before parsing; checked as one
// URI, the list reads as a host with a bad port, and a fix would corrupt
// it.
func listElements(v string) []int {
	n := abnf.SchemeLen(v)
	if n == 0 || !strings.HasPrefix(v[n+1:], "//") {
		return nil
	}
	var starts []int
	for i := n + 3; i < len(v); i++ {
		if v[i] != ',' {
			continue
		}
		j := i + 1
		for j < len(v) && v[j] == ' ' {
			j++
		}
		if k := abnf.SchemeLen(v[j:]); k > 0 && strings.HasPrefix(v[j+k+1:], "//") {
			if starts == nil {
				starts = append(starts, 0)
			}
			starts = append(starts, j)
		}
	}
	return starts
}

// multiHost reports whether the host part of v's authority lists several
// hosts, as connection strings of databases and queues do
// ("postgres://app@db1:5432,db2:5432/orders", a MongoDB replica set):
// RFC 3986 has no such authority, but the drivers that read them do.
func multiHost(v string) bool {
	a, b, ok := abnf.AuthoritySpan(v)
	if !ok {
		return false
	}
	auth := v[a:b]
	return strings.IndexByte(auth[strings.LastIndexByte(auth, '@')+1:], ',') >= 0
}

// isSpace reports whether c is white space that may surround a URI.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// spaceAround returns the URI inside v and its offset when v is one URI
// with white space before or after it and none inside (" https://x/\n"),
// else ok false.
func spaceAround(v string) (inner string, off int, ok bool) {
	i, j := 0, len(v)
	for i < j && isSpace(v[i]) {
		i++
	}
	for j > i && isSpace(v[j-1]) {
		j--
	}
	if i == 0 && j == len(v) || i == j {
		return "", 0, false
	}
	inner = v[i:j]
	for k := 0; k < len(inner); k++ {
		if isSpace(inner[k]) {
			return "", 0, false
		}
	}
	return inner, i, true
}

// spaceFinding returns the surrounding-space finding of v, whose URI is
// inner at offset off.
func spaceFinding(v, inner string, off int) uri.Finding {
	where := "before"
	start, end := 0, off
	var fix []uri.Edit
	if off > 0 {
		fix = append(fix, uri.Edit{Start: 0, End: off})
	}
	if tail := off + len(inner); tail < len(v) {
		fix = append(fix, uri.Edit{Start: tail, End: len(v)})
		if off == 0 {
			where, start, end = "after", tail, len(v)
		} else {
			where = "around"
			end = len(v)
		}
	}
	why := "url.Parse rejects"
	if off == 0 && !strings.ContainsAny(v, "\n\r\t") {
		why = "url.Parse keeps in the path"
	}
	return uri.Finding{
		Category: policy.CategorySurroundingSpace,
		Start:    start,
		End:      end,
		Message:  fmt.Sprintf("%q has white space %s the URI, which %s", uri.Redact(v), where, why),
		Fix:      fix,
	}
}

// schemeFindings returns the scheme-typo finding of v, if any: a scheme
// one edit from http or https, or http and https without their colon.
func schemeFindings(v string) (uri.Finding, bool) {
	if n := policy.MissingColon(v); n > 0 {
		return uri.Finding{
			Category: policy.CategorySchemeTypo,
			Start:    0,
			End:      n,
			Message:  fmt.Sprintf("%q lacks the colon after its scheme %q", uri.Redact(v), v[:n]),
			Fix:      []uri.Edit{{Start: n, End: n, New: ":"}},
		}, true
	}
	n := abnf.SchemeLen(v)
	if n == 0 || !strings.HasPrefix(v[n+1:], "//") {
		return uri.Finding{}, false
	}
	known := policy.SchemeTypo(v[:n])
	if known == "" {
		return uri.Finding{}, false
	}
	return uri.Finding{
		Category: policy.CategorySchemeTypo,
		Start:    0,
		End:      n,
		Message:  fmt.Sprintf("%q has the scheme %q, one letter from %q", uri.Redact(v), v[:n], known),
	}, true
}

// absoluteArgs holds the functions of urlArgs that need an absolute URL:
// a client request goes nowhere without a scheme and host ("unsupported
// protocol scheme"). Only a reference that starts with a host name
// ("example.com/api", "localhost:8080/x") is reported: a path alone is
// fine for http.NewRequest (a request served to a handler in a test), and
// for the others an error the first run shows.
var absoluteArgs = map[string]bool{
	"net/http.Get":                   true,
	"net/http.Head":                  true,
	"net/http.Post":                  true,
	"net/http.PostForm":              true,
	"(*net/http.Client).Get":         true,
	"(*net/http.Client).Head":        true,
	"(*net/http.Client).Post":        true,
	"(*net/http.Client).PostForm":    true,
	"net/http.NewRequest":            true,
	"net/http.NewRequestWithContext": true,
}

// missingScheme returns the missing-scheme finding of v, the URL argument
// of fn, if v starts with a host name but has no scheme where fn needs
// one.
func missingScheme(fn string, v string) (uri.Finding, bool) {
	if !absoluteArgs[fn] || !hostFirst(v) || policy.MissingColon(v) > 0 {
		return uri.Finding{}, false
	}
	if n := abnf.SchemeLen(v); n > 0 && !hostPort(v) {
		return uri.Finding{}, false // has a scheme
	}
	name := strings.NewReplacer(")", "", "(", "", "*", "").Replace(fn[strings.LastIndexByte(fn, '/')+1:])
	return uri.Finding{
		Category: policy.CategoryMissingScheme,
		Start:    0,
		End:      len(v),
		Message:  fmt.Sprintf("%q has no scheme, but %s needs an absolute URL (%q?)", uri.Redact(v), name, "https://"+uri.Redact(v)),
	}, true
}

// hostPort reports whether v starts with a host name and a port, which
// parse as a scheme and a path ("localhost:8080/api").
func hostPort(v string) bool {
	n := abnf.SchemeLen(v)
	return n > 0 && n+1 < len(v) && abnf.Is(v[n+1], abnf.Digit)
}

// hostFirst reports whether v starts with what reads as a host: a name
// with a dot before the first "/" ("example.com/api"), "localhost", or a
// host and port.
func hostFirst(v string) bool {
	if hostPort(v) {
		return true
	}
	seg := v
	if i := strings.IndexAny(v, "/?#"); i >= 0 {
		seg = v[:i]
	}
	if seg == "localhost" {
		return true
	}
	dot := strings.IndexByte(seg, '.')
	if dot <= 0 || dot == len(seg)-1 {
		return false
	}
	for i := 0; i < len(seg); i++ {
		if c := seg[i]; !abnf.Is(c, abnf.Alpha|abnf.Digit) && c != '-' && c != '.' {
			return false
		}
	}
	// A file name ("index.html", "api.json") is no host: a host's last
	// label is not one of the usual file extensions.
	switch seg[strings.LastIndexByte(seg, '.')+1:] {
	case "html", "htm", "json", "xml", "txt", "php", "js", "css", "png", "jpg", "gif", "svg", "md", "go", "yaml", "yml", "pdf", "zip", "gz", "tar":
		return false
	}
	return true
}

// maskedPassword reports whether the password of v's userinfo is a mask
// (policy.MaskedPassword): "https://*****:*****@gitlab.com/".
func maskedPassword(v string) bool {
	a, b, ok := abnf.AuthoritySpan(v)
	if !ok {
		return false
	}
	auth := v[a:b]
	at := strings.LastIndexByte(auth, '@')
	if at < 0 {
		return false
	}
	_, pw, ok := strings.Cut(auth[:at], ":")
	return ok && policy.MaskedPassword(pw)
}

// verbHint drops the fixes of malformed findings of v that fall on a "%"
// followed by what reads as a printf verb, and says why in the message:
// for a URL argument, "items/%d" is more likely a forgotten fmt.Sprintf
// than a "%" to encode.
func verbHint(v string, findings []uri.Finding) {
	for i, f := range findings {
		if f.Category != uri.CategoryMalformed || !errors.Is(f.Err, uri.ErrInvalidEscape) ||
			f.Start >= len(v) || v[f.Start] != '%' || !policy.PrintfVerb(v, f.Start) {
			continue
		}
		findings[i].Fix = nil
		findings[i].Message += " (a printf verb? this function does not format: is fmt.Sprintf missing?)"
	}
}

// shift moves the offsets of findings of a part of a value that starts
// at off.
func shift(findings []uri.Finding, off int) {
	if off == 0 {
		return
	}
	for i := range findings {
		f := &findings[i]
		f.Start += off
		f.End += off
		fix := make([]uri.Edit, len(f.Fix))
		for k, ed := range f.Fix {
			fix[k] = uri.Edit{Start: ed.Start + off, End: ed.End + off, New: ed.New}
		}
		if f.Fix != nil {
			f.Fix = fix
		}
	}
}

// callName returns the full name of the function that call calls, or "".
func (st *state) callName(call *ast.CallExpr) string {
	if fn := st.callee(call); fn != nil {
		return fn.FullName()
	}
	return ""
}
