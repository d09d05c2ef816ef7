package fixdriver

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"sort"
)

// context is the number of unchanged lines shown around a change, as diff
// -u and git show them.
const context = 3

// workDir returns the directory the names of a diff are relative to: dir,
// or the current directory, with symbolic links resolved.
func workDir(dir string) (string, error) {
	wd, err := filepath.Abs(dir) // the current directory for ""
	if err != nil {
		return "", err
	}
	if real, err := filepath.EvalSymlinks(wd); err == nil {
		wd = real
	}
	return wd, nil
}

// diffName returns the name of file in a diff: the file a symbolic link
// leads to, which is what -fix writes and what git tracks (git apply does
// not patch through a link), relative to wd when it can be, with forward
// slashes.
func diffName(wd, file string) string {
	if real, err := filepath.EvalSymlinks(file); err == nil {
		file = real
	}
	if rel, err := filepath.Rel(wd, file); err == nil {
		file = rel
	}
	return filepath.ToSlash(file)
}

// A change replaces the lines old[a:b] of a file with the lines new.
type change struct {
	a, b int
	new  [][]byte
}

// writeDiff writes to w a unified diff that turns src, the content of the
// file called name, into src with the edits applied (sorted and
// non-overlapping), under the names a/name and b/name. The edits say what
// changed, so no line matching is needed: each run of edits on the same
// lines makes one change of whole lines, and changes closer than twice the
// context make one hunk.
func writeDiff(w io.Writer, name string, src []byte, es []edit) error {
	lines := splitLines(src)
	changes := lineChanges(src, lines, es)
	if len(changes) == 0 {
		return nil
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "--- a/%s\n+++ b/%s\n", name, name)
	shift := 0 // new line number minus old line number, before the hunk
	for i := 0; i < len(changes); {
		// The hunk holds changes[i:j].
		j := i + 1
		for j < len(changes) && changes[j].a-changes[j-1].b <= 2*context {
			j++
		}
		from := max(changes[i].a-context, 0)
		to := min(changes[j-1].b+context, len(lines))
		oldLen, newLen := to-from, to-from
		for _, c := range changes[i:j] {
			newLen += len(c.new) - (c.b - c.a)
		}
		fmt.Fprintf(bw, "@@ -%s +%s @@\n", hunkRange(from, oldLen), hunkRange(from+shift, newLen))
		at := from
		for _, c := range changes[i:j] {
			writeLines(bw, ' ', lines[at:c.a])
			writeLines(bw, '-', lines[c.a:c.b])
			writeLines(bw, '+', c.new)
			at = c.b
		}
		writeLines(bw, ' ', lines[at:to])
		shift += newLen - oldLen
		i = j
	}
	return bw.Flush()
}

// hunkRange writes the start and length of a hunk's side: a side with no
// lines starts at the line before it (0 at the start of the file).
func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

// writeLines writes each line after the prefix, and after a line without a
// newline (the last of a file) the marker that diff and git write.
func writeLines(w *bufio.Writer, prefix byte, lines [][]byte) {
	for _, l := range lines {
		// A bufio.Writer keeps its first error; the caller's Flush
		// reports it.
		_ = w.WriteByte(prefix)
		_, _ = w.Write(l)
		if !bytes.HasSuffix(l, []byte("\n")) {
			_, _ = w.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

// splitLines returns the lines of src, each with its newline but the last
// when src does not end with one.
func splitLines(src []byte) [][]byte {
	var lines [][]byte
	for len(src) > 0 {
		n := bytes.IndexByte(src, '\n') + 1
		if n == 0 {
			n = len(src)
		}
		lines, src = append(lines, src[:n]), src[n:]
	}
	return lines
}

// lineChanges returns the changes of whole lines that the edits make to
// src, whose lines are lines, in order; a change that leaves its lines as
// they were is left out, and changes of adjacent lines are joined.
func lineChanges(src []byte, lines [][]byte, es []edit) []change {
	starts := make([]int, len(lines)+1) // starts[i]: offset of lines[i]; starts[len(lines)] = len(src)
	for i, l := range lines {
		starts[i+1] = starts[i] + len(l)
	}
	// lineOf returns the index of the line that holds the byte at off. The
	// end of a file is on its last line when that has no newline, and
	// else on the empty line len(lines).
	lastOpen := len(src) > 0 && src[len(src)-1] != '\n'
	lineOf := func(off int) int {
		i := sort.Search(len(lines), func(i int) bool { return starts[i+1] > off })
		if i == len(lines) && lastOpen {
			i--
		}
		return i
	}
	var out []change
	for i := 0; i < len(es); {
		a := lineOf(es[i].start)
		b := lineOf(max(es[i].end-1, es[i].start)) + 1
		// Take in the edits that start on the lines taken so far.
		j := i + 1
		for ; j < len(es) && lineOf(es[j].start) < b; j++ {
			b = max(b, lineOf(max(es[j].end-1, es[j].start))+1)
		}
		b = min(b, len(lines))
		var text []byte
		at := starts[a]
		for _, e := range es[i:j] {
			text = append(text, src[at:e.start]...)
			text = append(text, e.text...)
			at = e.end
		}
		text = append(text, src[at:starts[b]]...)
		switch {
		case bytes.Equal(text, src[starts[a]:starts[b]]):
		case len(out) > 0 && out[len(out)-1].a < a && out[len(out)-1].b == a:
			// Changes of adjacent lines show as one: all the old lines,
			// then all the new.
			last := &out[len(out)-1]
			last.b, last.new = b, append(last.new, splitLines(text)...)
		default:
			out = append(out, change{a: a, b: b, new: splitLines(text)})
		}
		i = j
	}
	return out
}
