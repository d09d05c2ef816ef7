package site

import (
	"bufio"
	"bytes"
	"path"
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
		if m.url == "/" && m.dir != "" && t.Exists(m.dir+"/_redirects") {
			s.readRedirects(t, m.dir+"/_redirects")
		}
	}
	conf := "netlify.toml"
	if !t.Exists(conf) {
		// The repository's netlify.toml, whose build.base names the
		// site's folder (base = "site/"), configures this site.
		conf = strings.Repeat("../", t.Up) + "netlify.toml"
		if t.Up == 0 || s.dir == "" || !t.Exists(conf) {
			return nil
		}
		cfg, err := readConfig(t, conf)
		if err != nil || strings.Trim(path.Clean("/"+cfg.str("build.base", "")), "/") != s.dir {
			return nil
		}
	}
	cfg, err := readConfig(t, conf)
	if err != nil {
		return err
	}
	for _, r := range cfg.list("redirects") {
		if from, to := r.str("from", ""), r.str("to", ""); from != "" && to != "" {
			s.Redirect(netlifyFrom(from), to)
		}
	}
	return nil
}

// netlifyFrom turns a Netlify redirect source with placeholders
// ("/blog/:year/:slug", "/news/*") into the prefix Redirect understands:
// from the first placeholder on, anything matches.
func netlifyFrom(from string) string {
	if k := strings.Index(from, "/:"); k >= 0 {
		return from[:k+1] + "*"
	}
	return from
}

// readRedirects reads a redirect file in Netlify's "_redirects" syntax:
// one "FROM TO [STATUS]" per line, "#" comments. A FROM ending in "*"
// redirects everything under it.
func (s *Site) readRedirects(t *Tree, rel string) {
	src, err := t.Read(rel)
	if err != nil {
		return
	}
	s.BuildRedirects(src)
}

// BuildRedirects reads the _redirects file of the site's build: one a
// template writes (Hugo's layouts/index.redirects) is in no source
// folder, and the host applies it all the same.
func (s *Site) BuildRedirects(src []byte) {
	sc := bufio.NewScanner(bytes.NewReader(src))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 2 || strings.HasPrefix(f[0], "#") {
			continue
		}
		s.Redirect(netlifyFrom(f[0]), f[1])
	}
}
