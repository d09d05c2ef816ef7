package remote

import (
	"strings"

	forge "github.com/urilint/urilint/internal/anchor"
	"github.com/urilint/urilint/uri"
)

// target is what a URL as written asks to fetch.
type target struct {
	target string // normal form without the fragment
	frag   string // the fragment as written
	secret bool   // the URL has userinfo
}

// target returns the fetch that raw asks for, and false when raw is not
// an absolute http or https URL with a host, or is excluded.
func (c *Checker) target(raw string) (target, bool) {
	u, err := uri.ParseAbsolute(raw)
	if err != nil || u.Host == "" {
		return target{}, false
	}
	switch strings.ToLower(u.Scheme) {
	case "http", "https":
	default:
		return target{}, false
	}
	norm, err := uri.Normalize(raw)
	if err != nil {
		return target{}, false
	}
	for _, re := range c.cfg.Exclude {
		if re.MatchString(raw) || re.MatchString(norm) {
			return target{}, false
		}
	}
	norm, _, _ = strings.Cut(norm, "#")
	return target{target: norm, frag: u.Fragment, secret: u.HasUserinfo}, true
}

// anchor returns the part of frag that names an element of an HTML
// page, and false when frag names none: when it is empty, a route of a
// single-page application ("#/path", "#!path"), only a text fragment
// (":~:text=...", which is cut off), "top" (which the HTML standard
// scrolls to the top of any page), or a line anchor of a code host
// ("L10", "L10-L20", "L10-20"), which scripts resolve.
func anchor(frag string) (string, bool) {
	if i := strings.Index(frag, ":~:"); i >= 0 {
		frag = frag[:i]
	}
	switch {
	case forge.Top(frag), frag[0] == '/', frag[0] == '!':
		return "", false
	}
	if _, _, line := forge.Line(frag); line {
		return "", false
	}
	return frag, true
}
