package fixdriver

import (
	"os"
	"path/filepath"
	"strings"
)

// splitFiles splits the arguments of -only-files into the Go files they
// name and the package patterns.
func splitFiles(args []string) (files, patterns []string) {
	for _, a := range args {
		if strings.HasSuffix(a, ".go") {
			files = append(files, a)
		} else {
			patterns = append(patterns, a)
		}
	}
	return files, patterns
}

// A fileSet is the set of files -only-files restricts the fixes to. A file
// is matched by its absolute name, or else as the same file (through a
// symbolic link or another spelling of the directory): the loader names
// files from its own working directory.
type fileSet struct {
	names map[string]bool
	infos []os.FileInfo
	known map[string]bool // what has answers the files asked about
}

// newFileSet returns the set of files, named relative to dir ("" for the
// current directory); a file that does not exist is left out.
func newFileSet(dir string, files []string) *fileSet {
	s := &fileSet{names: make(map[string]bool), known: make(map[string]bool)}
	for _, f := range files {
		if !filepath.IsAbs(f) {
			f = filepath.Join(dir, f)
		}
		if abs, err := filepath.Abs(f); err == nil {
			s.names[abs] = true
		}
		if info, err := os.Stat(f); err == nil {
			s.infos = append(s.infos, info)
		}
	}
	return s
}

// has reports whether file, an absolute name, is in the set.
func (s *fileSet) has(file string) bool {
	if s.names[file] {
		return true
	}
	if in, ok := s.known[file]; ok {
		return in
	}
	in := false
	if info, err := os.Stat(file); err == nil {
		for _, fi := range s.infos {
			if os.SameFile(info, fi) {
				in = true
				break
			}
		}
	}
	s.known[file] = in
	return in
}
