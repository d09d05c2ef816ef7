package audit

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"maps"
	"path/filepath"

	"github.com/urilint/urilint/internal/edit"
	"github.com/urilint/urilint/internal/plural"
	"github.com/urilint/urilint/internal/safewrite"
)

// fileFix is the source of one file with its fixes made.
type fileFix struct {
	File  *File
	New   []byte
	Edits []Edit // the edits of File.Src that make New, sorted
}

// fileFixes returns the files that have fixes, each with its source fixed,
// and reports which findings (indexes in r.Findings) the fixes settle.
// Fixes of findings are chosen by internal/edit.Select: in the order of
// their first edit, each whole or not at all, leaving out one whose edits
// overlap an edit already taken, for a second run to see. The cost is
// linear in the findings of a file, after a sort.
func (r *Result) fileFixes() ([]fileFix, map[int]bool) {
	byFile := map[string][]int{}
	for i, f := range r.Findings {
		if len(f.Fix) > 0 {
			byFile[f.File] = append(byFile[f.File], i)
		}
	}
	fixed := map[int]bool{}
	var out []fileFix
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
		out = append(out, fileFix{File: file, New: src, Edits: edits})
	}
	return out, fixed
}

// Write replaces the file's content with ff.New, by the rules of every fix
// urilint writes (internal/safewrite): whole or not at all, a symbolic
// link written through, mode and owner kept, a read-only or hard-linked
// file refused, and a file that is no longer ff.File.Src (changed since it
// was read) left alone with an error wrapping safewrite.ErrChanged.
func (ff fileFix) Write() error { return safewrite.Replace(ff.File.Name, ff.File.Src, ff.New) }

// Diff returns the unified diff that the fix makes of its file, with
// git's "a/" and "b/" prefixes so that git apply takes it from the
// directory the file's name is relative to; "" when it changes nothing.
// It is written by internal/edit.Unified, as urilint's.
func (ff fileFix) Diff() string {
	name := filepath.ToSlash(ff.File.Name)
	d, err := edit.Unified("a/"+name, "b/"+name, ff.File.Src, ff.Edits)
	if err != nil {
		return "" // cannot happen: fileFixes returns valid edits
	}
	return d
}

// FixMode says what Check does with the safe fixes of the findings.
type FixMode int

const (
	// NoFix reports the findings, file by file as they are known.
	NoFix FixMode = iota
	// FixFiles writes the fixes to the files, checks them again, and
	// reports what the last check found, at its columns in the fixed
	// files.
	FixFiles
	// FixDiff writes the fixes as a unified diff (for git apply) and
	// reports the findings of the files as they are.
	FixDiff
)

// maxFixRounds bounds the rounds of FixFiles: each round fixes what the
// last one left because its edits overlapped another fix.
const maxFixRounds = 8

// Check audits paths as Run does, does with the safe fixes what mode says
// (writing the diff of FixDiff to diff), and hands the findings to every
// reporter, then closes them: one audit, as many outputs as reporters.
//
// What was fixed, and the fixes left alone (a file that cannot take
// them), are told in Result.Warnings; a fix that could not be written is
// in Result.Errors; Result.Fixed counts the findings the fixes settle.
// The error returned is the first of the reporters'.
func Check(cfg Config, paths []string, mode FixMode, diff io.Writer, reporters []Reporter) (*Result, error) {
	if _, err := cfg.policy(); err != nil {
		return nil, err
	}
	var repErr error
	report := func(f *File, findings []Finding) {
		for _, rep := range reporters {
			if err := rep.Findings(f, findings); err != nil && repErr == nil {
				repErr = err
			}
		}
	}
	var r *Result
	switch mode {
	case NoFix:
		cfg.DropSource = true // no fix to make: the audit keeps a compact record
		cfg.Emit = report
		r = Run(cfg, paths)
	case FixDiff:
		r = Run(cfg, paths)
		r.diff(diff)
	default:
		r = fixRounds(cfg, paths)
	}
	if mode != NoFix {
		for f, fs := range r.byFile() {
			report(f, fs)
		}
	}
	for _, rep := range reporters {
		if err := rep.Close(r); err != nil && repErr == nil {
			repErr = err
		}
	}
	return r, repErr
}

// diff writes the fixes of r to w as a unified diff.
func (r *Result) diff(w io.Writer) {
	fixes, fixed := r.fileFixes()
	files := 0
	for _, ff := range fixes {
		if err := ff.File.fixable(); err != nil {
			r.Warnings = append(r.Warnings, err.Error())
			for i := range r.Findings {
				if r.Findings[i].File == ff.File.Name {
					delete(fixed, i)
				}
			}
			continue
		}
		files++
		if _, err := io.WriteString(w, ff.Diff()); err != nil {
			r.Errors = append(r.Errors, fmt.Errorf("writing the diff: %w", err))
			return
		}
	}
	r.Fixed = len(fixed)
	if len(fixed) > 0 {
		r.Warnings = append(r.Warnings, fmt.Sprintf("can fix %d of %d findings, in %s", len(fixed), len(r.Findings), plural.Of(files, "file")))
	}
}

// fixRounds runs the audit, writes its fixes, and audits again, until
// nothing fixable is left or a round changes nothing: a fix can make
// another one possible (two findings whose edits overlap are fixed one
// per round). It returns the last audit, with what was done in its
// warnings and errors.
func fixRounds(cfg Config, paths []string) *Result {
	// Standard input is kept for the checks after a fix, which read the
	// inputs again, and remote verdicts too, so that they fetch only the
	// links not seen yet (the new address of a moved link).
	var stdin bytes.Buffer
	if cfg.Stdin != nil {
		cfg.Stdin = io.TeeReader(cfg.Stdin, &stdin)
	}
	if cfg.Remote != nil {
		cfg.Remote = &memoChecker{RemoteChecker: cfg.Remote, seen: map[string]RemoteVerdict{}, asked: map[string]bool{}}
	}
	r := Run(cfg, paths)
	before := len(r.Findings)
	written := map[string]bool{}
	// The warnings of the first audit; the later ones say the same.
	warns := r.Warnings
	var errs []error
	for round := 0; round < maxFixRounds; round++ {
		fixes, _ := r.fileFixes()
		n := 0
		for _, ff := range fixes {
			if err := ff.File.fixable(); err != nil {
				if round == 0 {
					warns = append(warns, err.Error())
				}
				continue
			}
			// Write leaves alone a file that changed since it was read.
			if err := ff.Write(); err != nil {
				errs = append(errs, err)
				continue
			}
			written[ff.File.Name] = true
			n++
		}
		if n == 0 {
			break
		}
		if cfg.Stdin != nil {
			cfg.Stdin = bytes.NewReader(stdin.Bytes())
		}
		r = Run(cfg, paths)
	}
	r.Warnings = warns
	r.Errors = append(errs, r.Errors...)
	if len(written) > 0 {
		r.Fixed = max(before-len(r.Findings), 0)
		r.Warnings = append(r.Warnings, fmt.Sprintf("fixed %s: %s before, %d left", plural.Of(len(written), "file"), plural.Of(before, "finding"), len(r.Findings)))
	}
	return r
}

// memoChecker keeps the verdicts of a RemoteChecker, so that each link is
// fetched once over the rounds of FixFiles.
type memoChecker struct {
	RemoteChecker
	seen  map[string]RemoteVerdict
	asked map[string]bool
}

func (m *memoChecker) CheckLinks(ctx context.Context, urls []string) (map[string]RemoteVerdict, []string) {
	var fresh []string
	for _, u := range urls {
		if !m.asked[u] {
			fresh = append(fresh, u)
			m.asked[u] = true
		}
	}
	var notes []string
	if len(fresh) > 0 {
		var got map[string]RemoteVerdict
		got, notes = m.RemoteChecker.CheckLinks(ctx, fresh)
		maps.Copy(m.seen, got)
	}
	out := make(map[string]RemoteVerdict, len(urls))
	for _, u := range urls {
		if v, ok := m.seen[u]; ok {
			out[u] = v
		}
	}
	return out, notes
}
