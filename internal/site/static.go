package site

import (
	"bufio"
	"bytes"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/urilint/urilint/internal/anchor"
)

// static publishes a tree whose public/ or static/ folder is served at
// "/" as it is (Netlify, Cloudflare Pages, any web server), with the
// redirects of a _redirects file or of netlify.toml's [[redirects]].
// What else the server holds is unknown: a root-relative link that
// nothing here serves cannot be verified offline.
type static struct{}

func (static) Load(t *Tree, s *Site) error {
	s.Anchors = anchor.HTML
	s.Lenient = true
	for _, d := range []string{"public", "static"} {
		if t.Exists(d) {
			s.Mount("/", d)
		}
	}
	if t.Exists("_redirects") {
		s.readRedirects(t, "_redirects")
	}
	if t.Exists("netlify.toml") {
		cfg, err := readConfig(t, "netlify.toml")
		if err != nil {
			return err
		}
		if pub := cfg.str("build.publish", ""); pub != "" {
			s.Mount("/", strings.Trim(pub, "./"))
		}
	}
	return s.deployRedirects(t)
}

// deployRedirects reads the redirects the host of a site applies: a
// "_redirects" file in a folder served at "/" (static/ of Hugo and
// Docusaurus, public/ of VitePress: copied to the site's top, where
// Netlify and Cloudflare Pages read it) and netlify.toml's [[redirects]].
// Generators call it once their folders are mounted.
func (s *Site) deployRedirects(t *Tree) error {
	for _, m := range s.mounts {
		// A _redirects that Hugo's templates write (renderedRedirects)
		// replaces the static one in the build: the host reads that.
		if m.url == "/" && m.dir != "" && !s.renderedRedirects() && t.Exists(m.dir+"/_redirects") {
			s.readRedirects(t, m.dir+"/_redirects")
		}
	}
	// Vercel reads vercel.json from the project's root directory: the
	// site's folder, or the repository's top where the folder has none
	// (the project builds the site in its folder). Which sites a rule
	// of the top is for, the tree does not say unless its
	// outputDirectory is in the site's folder: otherwise it is taken
	// for each, borrowed, as a rule that makes links pass or
	// unverifiable, never one that takes a page away (a redirect of
	// another site's "/docs/:path*" is not forced on this one's pages).
	if t.Exists("vercel.json") {
		s.vercelRedirects(t, "vercel.json")
	} else if conf := strings.Repeat("../", t.Up) + "vercel.json"; t.Up > 0 && s.dir != "" && t.Exists(conf) {
		from := len(s.hostRules)
		s.vercelRedirects(t, conf)
		if cfg, err := readConfig(t, conf); err != nil || !inFolder(cfg.str("outputDirectory", ""), s.dir) {
			s.borrowRules(from)
		}
	}
	var cfg config
	if t.Exists("netlify.toml") {
		var err error
		if cfg, err = readConfig(t, "netlify.toml"); err != nil {
			return err
		}
	} else {
		// The repository's netlify.toml, whose build.base names the
		// site's folder (base = "site/"), configures this site; read
		// once, for that check and for its redirects.
		conf := strings.Repeat("../", t.Up) + "netlify.toml"
		if t.Up == 0 || s.dir == "" || !t.Exists(conf) {
			return nil
		}
		var err error
		if cfg, err = readConfig(t, conf); err != nil || strings.Trim(path.Clean("/"+cfg.str("build.base", "")), "/") != s.dir {
			return nil
		}
	}
	s.netlifyRedirects(cfg)
	return nil
}

// inFolder reports whether the path out (from the repository's top, as
// a host's settings write it: "apps/site/build", "./website/build/") is
// the folder dir or below it.
func inFolder(out, dir string) bool {
	out = strings.Trim(path.Clean("/"+out), "/")
	return out != "" && dir != "" && (out == dir || strings.HasPrefix(out, dir+"/"))
}

// netlifyRedirects records the [[redirects]] of a netlify.toml.
func (s *Site) netlifyRedirects(cfg config) {
	for _, r := range cfg.list("redirects") {
		status := ""
		switch v := r.get("status").(type) {
		case int64:
			status = strconv.FormatInt(v, 10)
		case float64:
			status = strconv.FormatFloat(v, 'f', -1, 64)
		case string:
			status = v
		}
		cond := r.get("query") != nil || r.get("conditions") != nil
		s.HostRedirect(r.str("from", ""), r.str("to", ""), status, r.flag("force", false), cond)
	}
}

// vercelRedirects reads the redirects and rewrites of vercel.json (rel) (https://vercel.com/docs/project-configuration): Vercel
// applies a redirect before it looks for a file, a rewrite where no file
// serves the path. A source is a path-to-regexp pattern: ":name" is one
// segment, a last ":name*" the rest of the path (Netlify's splat); a
// segment of any other pattern (a regular expression, ":name?",
// ":name+") is read as any segment, and such a rule, or one with "has"
// or "missing" conditions, as one that may apply or not: the links it
// may take are not checked. A file that is no JSON
// object is no configuration of the host's: it is left alone.
func (s *Site) vercelRedirects(t *Tree, rel string) {
	cfg, err := readConfig(t, rel)
	if err != nil {
		return
	}
	for _, key := range []string{"redirects", "rewrites"} {
		for _, r := range cfg.list(key) {
			from, to := r.str("source", ""), r.str("destination", "")
			cond := r.get("has") != nil || r.get("missing") != nil
			segs := strings.Split(from, "/")
			for i, sg := range segs {
				name, splat := strings.CutSuffix(sg, "*")
				switch {
				case splat && i == len(segs)-1 && len(name) > 1 && name[0] == ':' && !strings.ContainsAny(name, "()?+*"):
					// "/docs/:path*": the rest of the path, which the
					// destination names ":path*" or ":path".
					segs[i] = "*"
					to = strings.ReplaceAll(strings.ReplaceAll(to, name+"*", ":splat"), name, ":splat")
				case vercelParamWords.MatchString(sg):
					// ":section(actions|chains)": one of those
					// words, which the host's rule matches as such
					// (hostRule).
				case strings.ContainsAny(sg, "()?+*"):
					// A pattern the audit does not match: read as any
					// segment with the literal text around it (a last
					// one that is nothing else, as the rest of the path),
					// the rule as one that may apply.
					segs[i], cond = vercelGlob(sg), true
				}
			}
			status := "200" // a rewrite
			if key == "redirects" {
				status = "301"
			}
			s.HostRedirect(strings.Join(segs, "/"), to, status, key == "redirects", cond)
		}
	}
}

// vercelParamWords is a path-to-regexp parameter whose pattern is a
// list of words (":name(faq)", ":section(actions|chains)").
var vercelParamWords = regexp.MustCompile(`^:\w+\([\w.~-]+(?:\|[\w.~-]+)*\)$`)

// vercelGlob returns a glob of one path segment for the path-to-regexp
// segment sg: its parameters and groups are "*", its literal text stays
// ("/:path+.html" is "*.html", "(.*)-legacy" is "*-legacy"); a segment
// of no literal text is "*".
func vercelGlob(sg string) string {
	var b strings.Builder
	for i := 0; i < len(sg); {
		switch c := sg[i]; c {
		case ':':
			// ":name", then a modifier or a group.
			i++
			for i < len(sg) && (sg[i] == '_' || sg[i] == '$' || isASCIILetter(sg[i]) || '0' <= sg[i] && sg[i] <= '9') {
				i++
			}
			b.WriteByte('*')
		case '(':
			depth := 0
			for ; i < len(sg); i++ {
				if sg[i] == '(' {
					depth++
				} else if sg[i] == ')' {
					if depth--; depth == 0 {
						i++
						break
					}
				}
			}
			b.WriteByte('*')
		case '?', '+', '*':
			i++
			b.WriteByte('*')
		case '[', '\\':
			// A class or an escape of path.Match's own: not the
			// segment's text.
			i++
			b.WriteByte('*')
		default:
			i++
			b.WriteByte(c)
		}
	}
	g := b.String()
	for strings.Contains(g, "**") {
		g = strings.ReplaceAll(g, "**", "*")
	}
	return g
}

// readRedirects reads a redirect file in Netlify's "_redirects" syntax
// (BuildRedirects).
func (s *Site) readRedirects(t *Tree, rel string) {
	src, err := t.Read(rel)
	if err != nil {
		return
	}
	s.BuildRedirects(src)
}

// BuildRedirects reads a file of redirects in Netlify's "_redirects"
// syntax: one rule a line, "FROM [QUERY=:x...] TO [STATUS[!]]
// [CONDITION=...]", "#" comments; FROM may hold ":name" segments and
// end in "*" (hostRule). It also reads the _redirects file of the
// site's build: one a template writes (Hugo's layouts/index.redirects)
// is in no source folder, and the host applies it all the same.
func (s *Site) BuildRedirects(src []byte) {
	sc := bufio.NewScanner(bytes.NewReader(src))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 2 || strings.HasPrefix(f[0], "#") {
			continue
		}
		from, rest := f[0], f[1:]
		cond := false
		for len(rest) > 0 && strings.Contains(rest[0], "=") {
			cond, rest = true, rest[1:] // query parameters to match
		}
		if len(rest) == 0 {
			continue
		}
		to, status := rest[0], ""
		for _, x := range rest[1:] {
			switch {
			case strings.Contains(x, "="):
				cond = true // Country=, Language=, Role=...
			case status == "" && x != "" && (x[0] >= '0' && x[0] <= '9'):
				status = x
			}
		}
		s.HostRedirect(from, to, status, false, cond)
	}
}
