// Package confine answers whether a path of a repository stays in the
// repository once its symbolic links are resolved. A repository is
// untrusted input (docs/security.md): a committed link may lead
// anywhere, "docs/etc -> /etc", and whether what lies beyond it exists
// is itself something the repository must not learn. So a link is judged
// by where it points, written or resolved, never by whether its target
// exists.
package confine

import (
	"os"
	"path/filepath"
	"strings"
)

// maxHops bounds the symbolic links followed for one path, as the
// kernel's own limit (MAXSYMLINKS, 40 on Linux) does.
const maxHops = 40

// Real returns where the absolute path p leads once its symbolic links
// are resolved. Unlike filepath.EvalSymlinks it answers for a path that
// does not exist too: the names that exist are resolved, a dangling
// link is followed to the path it names, and the missing rest is joined
// as written. So a link that points outside leads outside whether or
// not its target exists.
func Real(p string) string {
	hops := maxHops
	return resolve(filepath.Clean(p), &hops)
}

func resolve(p string, hops *int) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	dir, base := filepath.Split(p)
	dir = filepath.Clean(dir)
	if dir == p || base == "" {
		return p // the top of the file system, or a volume name
	}
	q := filepath.Join(resolve(dir, hops), base)
	if *hops > 0 {
		if target, err := os.Readlink(q); err == nil {
			*hops--
			if !filepath.IsAbs(target) {
				target = filepath.Join(filepath.Dir(q), target)
			}
			return resolve(filepath.Clean(target), hops)
		}
	}
	return q
}

// Within reports whether the clean path p is dir or below it.
func Within(dir, p string) bool {
	if !strings.HasPrefix(p, dir) {
		return false
	}
	return len(p) == len(dir) || p[len(dir)] == filepath.Separator || strings.HasSuffix(dir, string(filepath.Separator))
}

// Inside reports whether the absolute path p leads to root or below it
// once the symbolic links of both are resolved (Real).
func Inside(root, p string) bool {
	return Within(Real(root), Real(p))
}
