package audit

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urilint/urilint/internal/safewrite"
)

// FileFix is the source of one file with its fixes made.
type FileFix struct {
	File *File
	New  []byte
}

// Fixes returns the files that have fixes, each with its source fixed,
// and reports which findings (indexes in r.Findings) the fixes settle.
// Fixes of findings are applied whole: one whose edits overlap an edit
// already taken is left out, for a second run to see.
func (r *Result) Fixes() ([]FileFix, map[int]bool) {
	byFile := map[string][]int{}
	for i, f := range r.Findings {
		if len(f.Fix) > 0 {
			byFile[f.File] = append(byFile[f.File], i)
		}
	}
	fixed := map[int]bool{}
	var out []FileFix
	for _, file := range r.Files {
		idx := byFile[file.Name]
		if len(idx) == 0 || file.abs == "" {
			continue
		}
		var taken []Edit
		for _, i := range idx {
			edits := r.Findings[i].Fix
			if slices.ContainsFunc(edits, func(e Edit) bool { return overlaps(taken, e) }) {
				continue
			}
			taken = append(taken, edits...)
			fixed[i] = true
		}
		slices.SortFunc(taken, func(a, b Edit) int { return a.Start - b.Start })
		out = append(out, FileFix{File: file, New: applyEdits(file.Src, taken)})
	}
	return out, fixed
}

// overlaps reports whether e touches a byte of an edit of taken, or
// inserts at the same place as one.
func overlaps(taken []Edit, e Edit) bool {
	for _, t := range taken {
		if e.Start < t.End && t.Start < e.End || e.Start == t.Start {
			return true
		}
	}
	return false
}

// applyEdits returns src with the sorted, non-overlapping edits made.
func applyEdits(src []byte, edits []Edit) []byte {
	var b bytes.Buffer
	prev := 0
	for _, e := range edits {
		if e.Start < prev || e.End > len(src) {
			continue
		}
		b.Write(src[prev:e.Start])
		b.WriteString(e.New)
		prev = e.End
	}
	b.Write(src[prev:])
	return b.Bytes()
}

// WriteFile replaces the contents of the file name with data, whole or
// not at all, by the rules of every fix urilint writes (internal/safewrite):
// a symbolic link is written through, mode and owner are kept, a
// read-only or hard-linked file is refused.
func WriteFile(name string, data []byte) error { return safewrite.WriteFile(name, data) }

// context is how many unchanged lines a hunk shows around a change.
const context = 3

// Diff returns the unified diff from old to new of the file name, with
// git's "a/" and "b/" prefixes so that git apply takes it from the
// directory the name is relative to; "" when they are equal.
func Diff(name string, old, new []byte) string {
	if bytes.Equal(old, new) {
		return ""
	}
	a, b := splitLines(old), splitLines(new)
	// The changed run: what is left after the common first and last lines.
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	blocks := changedBlocks(a[pre:len(a)-suf], b[pre:len(b)-suf], pre)
	var out strings.Builder
	name = filepath.ToSlash(name)
	fmt.Fprintf(&out, "--- a/%s\n+++ b/%s\n", name, name)
	delta := 0
	for i := 0; i < len(blocks); {
		j := i + 1
		for j < len(blocks) && blocks[j].a0-blocks[j-1].a1 <= 2*context {
			j++
		}
		start := max(0, blocks[i].a0-context)
		end := min(len(a), blocks[j-1].a1+context)
		var body strings.Builder
		na, nb := 0, 0
		at := start
		for _, bl := range blocks[i:j] {
			for ; at < bl.a0; at++ {
				writeLine(&body, ' ', a[at])
				na++
				nb++
			}
			for _, l := range a[bl.a0:bl.a1] {
				writeLine(&body, '-', l)
				na++
			}
			for _, l := range b[bl.b0:bl.b1] {
				writeLine(&body, '+', l)
				nb++
			}
			at = bl.a1
		}
		for ; at < end; at++ {
			writeLine(&body, ' ', a[at])
			na++
			nb++
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(start, na), hunkRange(start+delta, nb))
		out.WriteString(body.String())
		delta += nb - na
		i = j
	}
	return out.String()
}

// block is a run of old lines a[a0:a1] replaced by new lines b[b0:b1].
type block struct{ a0, a1, b0, b1 int }

// changedBlocks pairs the lines of two changed runs that start at line
// index off of both files. Fixes change lines in place, so where both
// runs have the same number of lines each line is its own block when it
// differs; otherwise the runs are one block.
func changedBlocks(a, b []string, off int) []block {
	if len(a) != len(b) {
		return []block{{off, off + len(a), off, off + len(b)}}
	}
	var out []block
	for i := range a {
		if a[i] == b[i] {
			continue
		}
		if n := len(out); n > 0 && out[n-1].a1 == off+i {
			out[n-1].a1++
			out[n-1].b1++
			continue
		}
		out = append(out, block{off + i, off + i + 1, off + i, off + i + 1})
	}
	return out
}

func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	if n == 1 {
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

func writeLine(b *strings.Builder, mark byte, line string) {
	b.WriteByte(mark)
	b.WriteString(line)
	if !strings.HasSuffix(line, "\n") {
		b.WriteString("\n\\ No newline at end of file\n")
	}
}

// splitLines splits src after each newline; the last line may lack one.
func splitLines(src []byte) []string {
	lines := strings.SplitAfter(string(src), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}
