package uri

import (
	"fmt"
	"strings"
)

// Security findings of RFC 3986 section 7.
const (
	// CategoryPassword: a password in userinfo (section 7.5).
	CategoryPassword Category = "password"
)

func init() { categories = append(categories, CategoryPassword) }

// checkSecurity appends the section 7 findings for u, parsed from s.
func checkSecurity(s string, u *URI, out []Finding) []Finding {
	// 7.5: "Use of the format "user:password" in the userinfo field is
	// deprecated." A user name alone is fine.
	if i := strings.IndexByte(u.Userinfo, ':'); u.HasUserinfo && i >= 0 {
		start, end := u.Span(ComponentUserinfo)
		out = append(out, Finding{
			Category: CategoryPassword,
			Start:    start + i + 1, End: end,
			Message: fmt.Sprintf("%q has a password in its userinfo, which anyone who sees the URI can read", s),
		})
	}
	return out
}
