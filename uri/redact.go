package uri

import (
	"strconv"
	"strings"

	"github.com/urilint/urilint/internal/abnf"
)

// redactPassword rewrites the messages of out so that they show the
// password of s as "***": findings are printed in CI logs, and quoting the
// URI whole would copy the very secret that the password finding (section
// 7.5) warns about. Offsets and fixes still refer to the real text. It
// works on s itself, by the delimiters of Appendix B, so that a malformed
// reference is redacted too.
func redactPassword(s string, out []Finding) {
	start, end, ok := passwordSpan(s)
	if !ok || len(out) == 0 {
		return
	}
	q, shown := strconv.Quote(s), strconv.Quote(s[:start]+"***"+s[end:])
	ui := s[strings.Index(s, "//")+2 : end]
	qui, shownUI := strconv.Quote(ui), strconv.Quote(ui[:len(ui)-(end-start)]+"***")
	for k := range out {
		m := strings.ReplaceAll(out[k].Message, q, shown)
		out[k].Message = strings.ReplaceAll(m, qui, shownUI)
	}
}

// Redact returns s with the password of its userinfo, if any, shown as
// "***", the way Check's messages show it; s itself when there is none.
func Redact(s string) string {
	start, end, ok := passwordSpan(s)
	if !ok {
		return s
	}
	return s[:start] + "***" + s[end:]
}

// passwordSpan finds the password in the userinfo of s: the text after the
// first ":" and before the last "@" of the authority. An empty password is
// no secret.
func passwordSpan(s string) (start, end int, ok bool) {
	a, b, ok := abnf.AuthoritySpan(s)
	if !ok {
		return 0, 0, false
	}
	at := strings.LastIndexByte(s[a:b], '@')
	if at < 0 {
		return 0, 0, false
	}
	colon := strings.IndexByte(s[a:a+at], ':')
	if colon < 0 || colon == at-1 {
		return 0, 0, false
	}
	return a + colon + 1, a + at, true
}
