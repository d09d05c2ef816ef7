package site

import (
	"path"
	"regexp"
	"strings"
)

// hostRule is a redirect or rewrite rule of the host (Netlify's
// _redirects or netlify.toml [[redirects]], which Cloudflare Pages
// also reads), matched as Netlify matches it
// (https://docs.netlify.com/routing/redirects/redirect-options/):
// a ":name" segment of from matches one segment of the path, a last
// "*" (the splat) the rest of it; the target takes them back as
// ":name" and ":splat". The rule applies where no file serves the path,
// or always when forced ("301!", force = true).
type hostRule struct {
	from     []string // path segments: literal, ":name" or a last "*"
	to       string
	notFound bool // a 404 status: the host serves its not-found page
	force    bool
	cond     bool // conditions (query, language, country, role) the audit cannot know
	// borrowed: the rule is of a file the tree does not show to be
	// this site's own deploy configuration (the repository's top
	// vercel.json or netlify.toml, which may be another site's): it
	// may send a path no file serves on, never takes a page's path
	// from it (it is not forced).
	borrowed bool
}

// HostRedirect records a rule of the host's redirects: from and to as
// written, status as written ("301", "200!", "404"; "" for none),
// force as netlify.toml's force, cond when the rule has conditions
// (query parameters, a language or country): it may not apply.
func (s *Site) HostRedirect(from, to, status string, force, cond bool) {
	if from == "" || from[0] != '/' || to == "" {
		return // from a full URL: a rule of another host name
	}
	status, bang := strings.CutSuffix(status, "!")
	r := hostRule{from: strings.Split(strings.Trim(cleanURL(from), "/"), "/"), to: to, force: force || bang, cond: cond}
	if last := r.from[len(r.from)-1]; strings.HasSuffix(from, "*") && last != "*" {
		// "/a*": a prefix of a segment, which Netlify does not
		// document; read as "/a/*", which takes "/a" itself too.
		r.from[len(r.from)-1] = strings.TrimSuffix(last, "*")
		r.from = append(r.from, "*")
	}
	r.notFound = status == "404" || status == "410"
	s.hostRules = append(s.hostRules, r)
}

// match reports whether the rule takes the URL path of segments segs
// (urlSegments), and where it sends it: to with the placeholders filled
// in, or "" when to names a placeholder the rule does not capture.
func (r *hostRule) match(segs []string) (string, bool) {
	from := r.from
	if len(from) == 1 && from[0] == "" {
		from = nil
	}
	var names, values []string
	splat := ""
	for i, f := range from {
		if f == "*" && i == len(from)-1 {
			splat = strings.Join(segs[min(i, len(segs)):], "/")
			segs = segs[:min(i, len(segs))]
			from = from[:i]
			break
		}
	}
	if len(segs) != len(from) {
		return "", false
	}
	for i, f := range from {
		switch {
		case len(f) > 1 && f[0] == ':':
			if segs[i] == "" {
				return "", false
			}
			name := f
			// A parameter with a pattern of its own (vercel.json's
			// path-to-regexp "/:name(faq)", "/:section(actions|chains)"):
			// where the pattern is a list of words, the segment is one
			// of them; another pattern is read as any segment (the
			// rule takes more rather than less).
			if k := strings.IndexByte(f, '('); k > 1 && strings.HasSuffix(f, ")") {
				name = f[:k]
				if alts := f[k+1 : len(f)-1]; paramWords.MatchString(alts) && !wordIn(alts, segs[i]) {
					return "", false
				}
			}
			names, values = append(names, name), append(values, segs[i])
		case f == "*":
			// A "*" before the end ("/*/sponsors"), which Netlify does
			// not document: read as any one segment, so that the rule
			// takes more rather than less (unknown is not broken).
			if segs[i] == "" {
				return "", false
			}
		case strings.Contains(f, "*"):
			// A segment's own pattern ("*.html", from vercel.json's
			// "/:path+.html"): a glob of that segment.
			if ok, _ := path.Match(f, segs[i]); !ok {
				return "", false
			}
		case !strings.EqualFold(f, segs[i]):
			return "", false
		}
	}
	return fillTarget(r.to, splat, names, values), true
}

// wordIn reports whether seg is one of the words of alts ("a|b"),
// without a slice of them: match runs for every link's path.
func wordIn(alts, seg string) bool {
	for w := range strings.SplitSeq(alts, "|") {
		if w == seg {
			return true
		}
	}
	return false
}

// paramWords is a parameter's pattern that is a list of words
// ("actions|chains").
var paramWords = regexp.MustCompile(`^[\w.~-]+(?:\|[\w.~-]+)*$`)

// fillTarget puts what a rule matched into its target: ":splat" and
// each ":name" of the source. It returns "" when the target names a
// placeholder the source does not have (nothing to fill it with).
func fillTarget(to, splat string, names, values []string) string {
	var b strings.Builder
	for i := 0; i < len(to); {
		if to[i] != ':' || i > 0 && to[i-1] != '/' {
			b.WriteByte(to[i])
			i++
			continue
		}
		j := i + 1
		for j < len(to) && (to[j] == '_' || 'a' <= to[j] && to[j] <= 'z' || 'A' <= to[j] && to[j] <= 'Z' || '0' <= to[j] && to[j] <= '9') {
			j++
		}
		name := to[i:j]
		switch name {
		case ":":
			b.WriteByte(':')
		case ":splat":
			b.WriteString(splat)
		default:
			k := -1
			for n := range names {
				if names[n] == name {
					k = n
				}
			}
			if k < 0 {
				return ""
			}
			b.WriteString(values[k])
		}
		i = j
	}
	return b.String()
}

// hostRule returns the first rule of the host that takes the URL path
// p (rules apply in the order written), and where it sends p.
func (s *Site) hostRule(p string) (*hostRule, string, bool) {
	if len(s.hostRules) == 0 {
		return nil, "", false
	}
	segs := urlSegments(p)
	for i := range s.hostRules {
		if to, ok := s.hostRules[i].match(segs); ok {
			return &s.hostRules[i], to, true
		}
	}
	return nil, "", false
}

// Forced reports whether a forced rule of the host takes the URL path
// p: it applies even where a file serves p.
func (s *Site) Forced(p string) bool {
	r, _, ok := s.hostRule(p)
	return ok && r.force && !r.borrowed
}

// borrowRules marks the host's rules recorded from the index from on as
// borrowed: of a file that may be another site's.
func (s *Site) borrowRules(from int) {
	for i := from; i < len(s.hostRules); i++ {
		s.hostRules[i].borrowed = true
	}
}

// urlSegments splits the URL path p into its segments, once for all the
// rules: "/a/b/" is "a", "b" (Netlify matches with or without the
// trailing slash), "/" none.
func urlSegments(p string) []string {
	p = strings.Trim(cleanURL(p), "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}
