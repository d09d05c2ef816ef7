package site

import (
	"bufio"
	"bytes"
	"strings"

	"github.com/urilint/urilint/internal/anchor"
)

// static publishes a tree whose public/ or static/ folder is served at
// "/" as it is (Netlify, Cloudflare Pages, any web server), with the
// redirects of a _redirects file or of netlify.toml's [[redirects]].
// What else the server holds is unknown: a root-relative link that
// nothing here serves cannot be verified offline.
type static struct{}

func (static) Name() string { return "static" }

func (static) Detect(t *Tree) string {
	return t.First("netlify.toml", "_redirects", "public/_redirects", "static/_redirects", "public/index.html", "static/index.html")
}

func (static) Load(t *Tree, s *Site) error {
	s.Anchors = anchor.HTML
	s.Lenient = true
	for _, d := range []string{"public", "static"} {
		if t.Exists(d) {
			s.Mount("/", d)
		}
	}
	for _, r := range []string{"_redirects", "public/_redirects", "static/_redirects"} {
		if t.Exists(r) {
			s.readRedirects(t, r)
		}
	}
	if t.Exists("netlify.toml") {
		cfg, err := readConfig(t, "netlify.toml")
		if err != nil {
			return err
		}
		for _, r := range cfg.list("redirects") {
			if from, to := r.str("from", ""), r.str("to", ""); from != "" && to != "" {
				s.Redirect(from, to)
			}
		}
		if pub := cfg.str("build.publish", ""); pub != "" {
			s.Mount("/", strings.Trim(pub, "./"))
		}
	}
	return nil
}

// readRedirects reads a redirect file in Netlify's "_redirects" syntax:
// one "FROM TO [STATUS]" per line, "#" comments. A FROM ending in "*"
// redirects everything under it.
func (s *Site) readRedirects(t *Tree, rel string) {
	src, err := t.Read(rel)
	if err != nil {
		return
	}
	sc := bufio.NewScanner(bytes.NewReader(src))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 2 || strings.HasPrefix(f[0], "#") {
			continue
		}
		s.Redirect(f[0], f[1])
	}
}
