package audit

import (
	"path/filepath"

	"github.com/urilint/urilint/internal/edit"
	"github.com/urilint/urilint/internal/safewrite"
)

// FileFix is the source of one file with its fixes made.
type FileFix struct {
	File  *File
	New   []byte
	Edits []Edit // the edits of File.Src that make New, sorted
}

// Fixes returns the files that have fixes, each with its source fixed,
// and reports which findings (indexes in r.Findings) the fixes settle.
// Fixes of findings are chosen by internal/edit.Select: in the order of
// their first edit, each whole or not at all, leaving out one whose edits
// overlap an edit already taken, for a second run to see. The cost is
// linear in the findings of a file, after a sort.
func (r *Result) Fixes() ([]FileFix, map[int]bool) {
	byFile := map[string][]int{}
	for i, f := range r.Findings {
		if len(f.Fix) > 0 {
			byFile[f.File] = append(byFile[f.File], i)
		}
	}
	fixed := map[int]bool{}
	var out []FileFix
	var fixes [][]Edit
	for _, file := range r.Files {
		idx := byFile[file.Name]
		if len(idx) == 0 || file.abs == "" {
			continue
		}
		fixes = fixes[:0]
		for _, i := range idx {
			fixes = append(fixes, r.Findings[i].Fix)
		}
		edits, taken := edit.Select(len(file.Src), fixes)
		src, err := edit.Apply(file.Src, edits)
		if err != nil {
			continue // cannot happen: Select returns valid edits
		}
		for k, i := range idx {
			if taken[k] {
				fixed[i] = true
			}
		}
		out = append(out, FileFix{File: file, New: src, Edits: edits})
	}
	return out, fixed
}

// Write replaces the file's content with ff.New, by the rules of every fix
// urilint writes (internal/safewrite): whole or not at all, a symbolic
// link written through, mode and owner kept, a read-only or hard-linked
// file refused, and a file that is no longer ff.File.Src (changed since it
// was read) left alone with an error wrapping safewrite.ErrChanged.
func (ff FileFix) Write() error { return safewrite.Replace(ff.File.Name, ff.File.Src, ff.New) }

// WriteFile replaces the contents of the file name with data, by the
// rules of internal/safewrite; FileFix.Write also checks that the file did
// not change since it was read.
func WriteFile(name string, data []byte) error { return safewrite.WriteFile(name, data) }

// Diff returns the unified diff that the fix makes of its file, with
// git's "a/" and "b/" prefixes so that git apply takes it from the
// directory the file's name is relative to; "" when it changes nothing.
// It is written by internal/edit.Unified, as urilint's.
func (ff FileFix) Diff() string {
	name := filepath.ToSlash(ff.File.Name)
	d, err := edit.Unified("a/"+name, "b/"+name, ff.File.Src, ff.Edits)
	if err != nil {
		return "" // cannot happen: Fixes returns valid edits
	}
	return d
}
