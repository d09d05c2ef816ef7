// Package confine answers whether a path of a repository stays in the
// repository once its symbolic links are resolved. A repository is
// untrusted input (docs/security.md): a committed link may lead
// anywhere, "docs/etc -> /etc", and whether what lies beyond it exists
// is itself something the repository must not learn. So a link is judged
// by where it points, written or resolved, never by whether its target
// exists.
package confine

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// maxHops bounds the symbolic links followed for one path, as the
// kernel's own limit (MAXSYMLINKS, 40 on Linux) does.
const maxHops = 40

// Real returns where the path p leads once its symbolic links are
// resolved. Unlike filepath.EvalSymlinks it answers for a path that does
// not exist too: the names that exist are resolved, a dangling link is
// followed to the path it names, and from the first name that is missing
// the rest is joined as written. So a link that points outside leads
// outside whether or not its target exists.
//
// p itself is cleaned first, as filepath.Join cleans the paths that are
// then opened: "link/../x" is "x". The ".." of a link's target climbs
// from where the link leads, as the kernel climbs.
//
// The names are taken one by one from the top, as the kernel does, and
// the file system is asked only about a path shorter than the system's
// limit (a longer one is missing): the cost grows with the length of p,
// however many names it holds.
func Real(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	p = filepath.Clean(p)
	vol := filepath.VolumeName(p)
	cur := vol + sep
	rest := p[len(vol):]
	hops := maxHops
	for {
		rest = strings.TrimLeft(rest, sep)
		if rest == "" {
			return cur
		}
		name := rest
		if i := strings.Index(rest, sep); i >= 0 {
			name, rest = rest[:i], rest[i:]
		} else {
			rest = ""
		}
		switch name {
		case ".":
			continue
		case "..":
			cur = filepath.Dir(cur) // cur is real: its parent is the real one
			continue
		}
		next := filepath.Join(cur, name)
		info, err := os.Lstat(next)
		if err != nil {
			// Missing (or past the length the system takes): what
			// follows is read as written.
			return filepath.Join(next, rest)
		}
		if info.Mode()&fs.ModeSymlink == 0 || hops == 0 {
			cur = next
			continue
		}
		target, err := os.Readlink(next)
		if err != nil {
			cur = next
			continue
		}
		hops--
		if filepath.IsAbs(target) {
			v := filepath.VolumeName(target)
			cur, target = v+sep, target[len(v):]
		}
		rest = target + sep + rest
	}
}

const sep = string(filepath.Separator)

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

// ModeName names the type of a file that is not regular, for the
// messages that refuse to open one (a named pipe would block the run).
func ModeName(mode fs.FileMode) string {
	switch {
	case mode.IsDir():
		return "a directory"
	case mode&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	case mode&fs.ModeCharDevice != 0:
		return "a character device"
	case mode&fs.ModeDevice != 0:
		return "a device"
	}
	return "mode " + mode.String()
}

// GitTop returns the top of the git work tree that holds dir: the nearest
// directory, dir or above, with a .git entry (a directory, or the file of
// a linked work tree or submodule); "" when there is none.
func GitTop(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}
