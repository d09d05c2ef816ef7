package uri

import (
	"fmt"
	"strings"
)

// schemeInfo is what this package knows about one scheme. Adding a scheme
// means adding one entry to schemes.
type schemeInfo struct {
	// defaultPort is the port that section 6.2.3 lets a normalizer drop.
	defaultPort string
	// slashPath: an empty path with an authority is equivalent to "/"
	// (section 6.2.3, "http://example.com" and "http://example.com/").
	slashPath bool
}

// schemes is the registry, keyed by lowercase scheme name.
var schemes = map[string]*schemeInfo{
	"http":     {defaultPort: "80", slashPath: true},
	"https":    {defaultPort: "443", slashPath: true},
	"ws":       {defaultPort: "80", slashPath: true},  // RFC 6455 section 3
	"wss":      {defaultPort: "443", slashPath: true}, // RFC 6455 section 3
	"ftp":      {defaultPort: "21"},                   // RFC 1738 section 3.2
	"gopher":   {defaultPort: "70"},                   // RFC 1738 section 3.4
	"nntp":     {defaultPort: "119"},                  // RFC 1738 section 3.7
	"telnet":   {defaultPort: "23"},                   // RFC 1738 section 3.8
	"wais":     {defaultPort: "210"},                  // RFC 1738 section 3.9
	"prospero": {defaultPort: "1525"},                 // RFC 1738 section 3.11
}

// lookupScheme finds the registry entry of scheme, in any case, without
// allocating.
func lookupScheme(scheme string) *schemeInfo {
	if !hasUpper(scheme) {
		return schemes[scheme]
	}
	var buf [16]byte
	if len(scheme) > len(buf) {
		return nil
	}
	for i := 0; i < len(scheme); i++ {
		buf[i] = lower(scheme[i])
	}
	return schemes[string(buf[:len(scheme)])]
}

// CategoryPortRange: a port above 65535 on a scheme that runs over TCP.
const CategoryPortRange Category = "port-range"

func init() { categories = append(categories, CategoryPortRange) }

// checkScheme appends the findings of the scheme-specific rules for u,
// parsed from s.
func checkScheme(s string, u *URI, out []Finding) []Finding {
	info := lookupScheme(u.Scheme)
	if info == nil {
		return out
	}
	if info.defaultPort != "" && u.Port != "" && portValue(u.Port) > 65535 {
		start, end := u.Span(ComponentPort)
		out = append(out, Finding{
			Category: CategoryPortRange,
			Start:    start, End: end,
			Message: fmt.Sprintf("%q has port %s, above 65535, which %s over TCP cannot use", s, u.Port, strings.ToLower(u.Scheme)),
		})
	}
	return out
}

// portValue returns the value of a port of digits, saturating at 1<<20.
func portValue(port string) int {
	v := 0
	for i := 0; i < len(port); i++ {
		v = v*10 + int(port[i]-'0')
		if v > 1<<20 {
			return 1 << 20
		}
	}
	return v
}
