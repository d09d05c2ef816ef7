package site

import (
	"bytes"
	"strings"

	"github.com/urilint/urilint/uri"
)

// Where a site is deployed, read alike by MkDocs (mkdocsDeployedAt) and
// Jekyll: a fixture folder, a CNAME file, GitHub Pages' own URL.

// fixtureFolder reports whether the site's folder dir is below a test or
// example folder: a fixture of the repository's code, not its
// documentation.
func fixtureFolder(dir string) bool {
	for _, seg := range strings.Split(dir, "/") {
		switch strings.ToLower(seg) {
		case "test", "tests", "testing", "testdata", "fixture", "fixtures", "example", "examples", "e2e", "sample", "samples":
			return true
		}
	}
	return false
}

// cnameURL returns "https://DOMAIN/" for the domain on the first line of
// the first of the CNAME files that holds one: GitHub Pages' custom
// domain ("Managing a custom domain for your GitHub Pages site").
func cnameURL(t *Tree, files ...string) string {
	for _, c := range files {
		if b, err := t.Read(c); err == nil {
			if host := strings.TrimSpace(string(bytes.SplitN(b, []byte("\n"), 2)[0])); validDomain(host) {
				return "https://" + strings.ToLower(host) + "/"
			}
		}
	}
	return ""
}

// githubPagesURL returns where GitHub Pages publishes the repository r
// by default ("About GitHub Pages"): https://OWNER.github.io/NAME/ for a
// project site, https://OWNER.github.io/ for the user or organization
// site of a repository named OWNER.github.io (or the older
// OWNER.github.com), which user reports; "" off GitHub.
func githubPagesURL(r *Repo) (u string, user bool) {
	if r == nil || r.Host != "github.com" {
		return "", false
	}
	owner, repo, ok := strings.Cut(r.Path, "/")
	if !ok || repo == "" || strings.Contains(repo, "/") {
		return "", false
	}
	if strings.EqualFold(repo, owner+".github.io") || strings.EqualFold(repo, owner+".github.com") {
		return "https://" + strings.ToLower(owner) + ".github.io/", true
	}
	return "https://" + strings.ToLower(owner) + ".github.io/" + repo + "/", false
}

// validDomain reports whether host is a DNS name of labels of letters,
// digits and "-", with a dot at least: what a CNAME file holds.
func validDomain(host string) bool {
	if !strings.Contains(host, ".") || len(host) > 253 {
		return false
	}
	for _, label := range strings.Split(host, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, r := range label {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
				return false
			}
		}
	}
	return true
}

// WWWTwin returns the URL u with "www." put before its host, or taken
// off it: a site's domain and its www. twin serve the same site (one
// redirects to the other), as a link to either says. "" for a host
// that is an IP address, has no dot beside www., is a subdomain
// ("docs.fixture.test" has no www. twin), or has a port. The Jekyll
// model takes the twin of its url for a base of the site; the audit,
// with a build, takes a link to the twin for the site's own.
func WWWTwin(raw string) string {
	u, err := uri.Options{IRI: true}.ParseAbsolute(raw)
	if err != nil || !u.HasAuthority || u.HasUserinfo || u.HasPort {
		return ""
	}
	if bare, ok := strings.CutPrefix(strings.ToLower(u.Host), "www."); ok {
		if !validDomain(bare) {
			return ""
		}
		u.Host = bare
		return u.String()
	}
	if !validDomain(u.Host) || strings.Count(u.Host, ".") != 1 || strings.Trim(u.Host, "0123456789.") == "" {
		return "" // a www. twin is a registered domain's, not a subdomain's
	}
	u.Host = "www." + u.Host
	return u.String()
}
