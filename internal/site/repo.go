package site

import (
	"os/exec"
	"path"
	"strings"

	"github.com/urilint/urilint/uri"
)

// Repo is the forge repository a tree is the work tree of.
type Repo struct {
	Host  string // "github.com"
	Path  string // "owner/name", or "group/sub/name" on GitLab
	heads map[string]bool
	// prefix is the audited root's folder in the work tree ("docs/"),
	// "" at the top: a site built from a folder of the repository is
	// audited from that folder, while the forge's URLs name paths from
	// the top.
	prefix string
}

func (r *Repo) String() string { return r.Host + "/" + r.Path }

// forgeHosts are the forges whose URLs of a repository's files are known.
var forgeHosts = map[string]bool{"github.com": true, "gitlab.com": true}

// findRepo returns the repository named in the options ("github.com/o/r")
// or else the first remote of the work tree at root on a known forge,
// with the branches that exist locally; nil when there is none.
func findRepo(root, named string) *Repo {
	var r *Repo
	if named != "" {
		r = parseRemote(named)
		if r == nil {
			if host, p, ok := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(named, "https://"), "http://"), "/"); ok {
				r = &Repo{Host: strings.ToLower(host), Path: strings.Trim(strings.TrimSuffix(p, ".git"), "/")}
			}
		}
	} else {
		out, err := exec.Command("git", "-C", root, "config", "--get-regexp", `^remote\..*\.url$`).Output()
		if err != nil {
			return nil
		}
		for _, line := range strings.Split(string(out), "\n") {
			_, u, ok := strings.Cut(line, " ")
			if !ok {
				continue
			}
			if r = parseRemote(strings.TrimSpace(u)); r != nil {
				break
			}
		}
	}
	if r == nil {
		return nil
	}
	// "HEAD" in a forge's URL is the default branch ("blob/HEAD/x").
	r.heads = map[string]bool{"main": true, "master": true, "HEAD": true}
	if out, err := exec.Command("git", "-C", root, "rev-parse", "--show-prefix").Output(); err == nil {
		r.prefix = strings.TrimSpace(string(out))
	}
	if out, err := exec.Command("git", "-C", root, "for-each-ref", "--format=%(refname)", "refs/heads", "refs/remotes").Output(); err == nil {
		for _, ref := range strings.Fields(string(out)) {
			if b, ok := strings.CutPrefix(ref, "refs/heads/"); ok {
				r.heads[b] = true
			} else if rest, ok := strings.CutPrefix(ref, "refs/remotes/"); ok {
				if _, b, ok := strings.Cut(rest, "/"); ok && b != "HEAD" {
					r.heads[b] = true
				}
			}
		}
	}
	return r
}

// parseRemote reads a remote URL on a known forge: https://host/o/r.git,
// git@host:o/r.git or ssh://git@host/o/r.
func parseRemote(u string) *Repo {
	var host, p string
	switch {
	case strings.Contains(u, "://"):
		_, rest, _ := strings.Cut(u, "://")
		host, p, _ = strings.Cut(rest, "/")
		if _, h, ok := strings.Cut(host, "@"); ok {
			host = h
		}
		host, _, _ = strings.Cut(host, ":")
	case strings.Contains(u, "@") && strings.Contains(u, ":"):
		_, rest, _ := strings.Cut(u, "@")
		host, p, _ = strings.Cut(rest, ":")
	default:
		host, p, _ = strings.Cut(u, "/")
	}
	host = strings.ToLower(host)
	p = strings.Trim(strings.TrimSuffix(strings.TrimSuffix(p, "/"), ".git"), "/")
	if !forgeHosts[host] || strings.Count(p, "/") < 1 {
		return nil
	}
	return &Repo{Host: host, Path: p}
}

// RepoFile is a link to a file of the repository on its forge.
type RepoFile struct {
	Rel    string // slash path from the audited root; "" is the root
	Path   string // slash path from the top of the repository, as the URL names it
	Ref    string // the branch
	Pinned bool   // the ref is no branch here (a commit id, a tag): history, not the work tree
	// Outside: the path lies in the repository but outside the audited
	// root (a site audited from its folder): the work tree at hand
	// cannot answer, -remote checks it.
	Outside bool
	Raw     bool // the file itself, not its rendering
	Tree    bool // a folder view
	Query   string
}

// File reads an absolute URL that names a file or folder of the
// repository on its forge: the repository's page https://github.com/o/r
// (its top folder, at the default branch),
// https://github.com/o/r/(blob|tree|raw)/REF/PATH,
// https://raw.githubusercontent.com/o/r/REF/PATH, and GitLab's
// https://gitlab.com/g/r/-/(blob|tree|raw)/REF/PATH. REF is matched
// against the branches that exist here, longest first (a branch name may
// hold "/"). It reports false for any other URL.
func (r *Repo) File(u string) (RepoFile, bool) {
	if r == nil {
		return RepoFile{}, false
	}
	rest, ok := cutFold(u, "https://")
	if !ok {
		if rest, ok = cutFold(u, "http://"); !ok {
			return RepoFile{}, false
		}
	}
	var f RepoFile
	if k := strings.IndexByte(rest, '#'); k >= 0 {
		rest = rest[:k]
	}
	if k := strings.IndexByte(rest, '?'); k >= 0 {
		rest, f.Query = rest[:k], rest[k+1:]
	}
	host, p, _ := strings.Cut(rest, "/")
	host = strings.ToLower(host)
	// A browser removes dot segments before it asks (RFC 3986 section
	// 5.2.4): "blob/main/../../x" is no file of the repository.
	p = strings.TrimPrefix(path.Clean("/"+p), "/")
	var tail string
	switch {
	case r.Host == "github.com" && host == "raw.githubusercontent.com":
		if tail, ok = cutFold(p, r.Path+"/"); !ok {
			return RepoFile{}, false
		}
		tail = strings.TrimPrefix(tail, "refs/heads/")
		f.Raw = true
	case (host == r.Host || host == "www."+r.Host) && strings.EqualFold(p, r.Path):
		// The repository's page, which shows the top folder and its
		// README ("https://github.com/o/r#install").
		f.Tree, f.Ref = true, "HEAD"
		if r.prefix != "" {
			f.Outside = true
		}
		return f, true
	case host == r.Host || host == "www."+r.Host:
		if tail, ok = cutFold(p, r.Path+"/"); !ok {
			return RepoFile{}, false
		}
		tail = strings.TrimPrefix(tail, "-/")
		view, after, _ := strings.Cut(tail, "/")
		switch view {
		case "blob":
		case "tree":
			f.Tree = true
		case "raw":
			f.Raw = true
		default:
			return RepoFile{}, false
		}
		tail = after
	default:
		return RepoFile{}, false
	}
	segs := strings.Split(tail, "/")
	for n := len(segs); n >= 1; n-- {
		ref := strings.Join(segs[:n], "/")
		if r.heads[ref] {
			f.Ref = ref
			rel := strings.Join(segs[n:], "/")
			if dec, err := uri.Unescape(rel); err == nil {
				rel = dec
			}
			// Decoded, "%2E%2E" is a ".." that may not climb either.
			f.Path = strings.TrimPrefix(path.Clean("/"+rel), "/")
			f.Rel = f.Path
			if r.prefix != "" {
				switch {
				case f.Path+"/" == r.prefix:
					f.Rel = ""
				case strings.HasPrefix(f.Path, r.prefix):
					f.Rel = f.Path[len(r.prefix):]
				default:
					f.Rel, f.Outside = "", true
				}
			}
			return f, true
		}
	}
	f.Ref, f.Pinned = segs[0], true
	return f, true
}
