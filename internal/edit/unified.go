package edit

import (
	"bytes"
	"strconv"
	"strings"
)

// context is the number of unchanged lines a hunk shows around a change,
// as diff -u and git show them.
const context = 3

// A change replaces the old lines [a, b) of a text with text.
type change struct {
	a, b int
	text []byte
}

// Unified returns the unified diff that turns old into old with edits
// made, under the file names oldLabel and newLabel (give "a/name" and
// "b/name" for git apply and patch -p1), or "" when the edits change
// nothing. The edits, valid as for Apply, say what changed, so no line
// matching is needed: the edits on one line, or on lines that touch, make
// one change of whole lines, and changes closer than twice the context
// make one hunk. Its cost is linear in the size of old and the edits.
//
// The hunk header follows one rule: "@@ -start,count +start,count @@",
// the count always written, and a side with no line starting at the line
// before it (0 at the start of the file). A last line without a newline is
// followed by "\ No newline at end of file", as diff and git write it.
func Unified(oldLabel, newLabel string, old []byte, edits []Edit) (string, error) {
	if len(edits) == 0 {
		return "", nil
	}
	edits = sorted(edits)
	if err := check(len(old), edits); err != nil {
		return "", err
	}
	starts := lineStarts(old)
	changes := lineChanges(old, starts, edits)
	if len(changes) == 0 {
		return "", nil
	}
	nlines := len(starts) - 1
	line := func(i int) []byte { return old[starts[i]:starts[i+1]] }
	var b strings.Builder
	b.WriteString("--- " + oldLabel + "\n+++ " + newLabel + "\n")
	shift := 0 // new line number minus old line number, before the hunk
	for i := 0; i < len(changes); {
		// The hunk holds changes[i:j].
		j := i + 1
		for j < len(changes) && changes[j].a-changes[j-1].b <= 2*context {
			j++
		}
		from := max(changes[i].a-context, 0)
		to := min(changes[j-1].b+context, nlines)
		oldLen, newLen := to-from, to-from
		for _, c := range changes[i:j] {
			newLen += countLines(c.text) - (c.b - c.a)
		}
		b.WriteString("@@ -" + hunkRange(from, oldLen) + " +" + hunkRange(from+shift, newLen) + " @@\n")
		at := from
		for _, c := range changes[i:j] {
			for ; at < c.a; at++ {
				writeLine(&b, ' ', line(at))
			}
			for ; at < c.b; at++ {
				writeLine(&b, '-', line(at))
			}
			for t := c.text; len(t) > 0; {
				n := bytes.IndexByte(t, '\n') + 1
				if n == 0 {
					n = len(t)
				}
				writeLine(&b, '+', t[:n])
				t = t[n:]
			}
		}
		for ; at < to; at++ {
			writeLine(&b, ' ', line(at))
		}
		shift += newLen - oldLen
		i = j
	}
	return b.String(), nil
}

// hunkRange writes the start and count of one side of a hunk.
func hunkRange(start, n int) string {
	if n == 0 {
		return strconv.Itoa(start) + ",0"
	}
	return strconv.Itoa(start+1) + "," + strconv.Itoa(n)
}

// writeLine writes a line after its prefix, and after a line without a
// newline (the last of a file) the marker that diff and git write.
func writeLine(b *strings.Builder, prefix byte, l []byte) {
	b.WriteByte(prefix)
	b.Write(l)
	if len(l) == 0 || l[len(l)-1] != '\n' {
		b.WriteString("\n\\ No newline at end of file\n")
	}
}

// countLines returns the number of lines of text, the last perhaps
// without a newline.
func countLines(text []byte) int {
	n := bytes.Count(text, []byte("\n"))
	if len(text) > 0 && text[len(text)-1] != '\n' {
		n++
	}
	return n
}

// lineStarts returns the offset of each line of src, and len(src) last.
func lineStarts(src []byte) []int {
	starts := make([]int, 1, bytes.Count(src, []byte("\n"))+2)
	for at := 0; at < len(src); {
		n := bytes.IndexByte(src[at:], '\n') + 1
		if n == 0 {
			n = len(src) - at
		}
		at += n
		starts = append(starts, at)
	}
	return starts
}

// lineChanges returns the changes of whole lines that the sorted, valid
// edits make to src, whose lines start at starts, in order; a change
// that leaves its lines as they were is left out. Edits on one line, or
// on lines that touch, make one change, and so does an edit that leaves a
// line without its newline and the line it joins.
func lineChanges(src []byte, starts []int, edits []Edit) []change {
	nlines := len(starts) - 1
	// lineOf returns the line that holds the byte at off, walking forward
	// from line from: the edits come in order, so the walks add up to one
	// pass. The end of a text is on its last line when that has no
	// newline, and else on the empty line nlines.
	lineOf := func(from, off int) int {
		for from < nlines && starts[from+1] <= off {
			from++
		}
		if from == nlines && nlines > 0 && src[len(src)-1] != '\n' {
			from--
		}
		return from
	}
	var out []change
	var text []byte
	cur := 0 // a line at or before the next edit
	for i := 0; i < len(edits); {
		a := lineOf(cur, edits[i].Start)
		b := min(a+1, nlines) // the change is of the old lines [a, b)
		text = text[:0]
		at := starts[a] // the old bytes before at are in text
		j := i
		for {
			// Take in the edits that start on the lines taken so far
			// (at the end of the text, every edit left).
			for ; j < len(edits) && (j == i || edits[j].Start < starts[b] || b == nlines); j++ {
				e := edits[j]
				text = append(text, src[at:e.Start]...)
				text = append(text, e.New...)
				at = e.End
				if e.End > starts[b] {
					b = lineOf(b, e.End-1) + 1
				}
			}
			// New text that ends without a newline where an old line
			// ended joins the line after it.
			if at == starts[b] && b < nlines && len(text) > 0 && text[len(text)-1] != '\n' {
				b++
				continue
			}
			break
		}
		text = append(text, src[at:starts[b]]...)
		if !bytes.Equal(text, src[starts[a]:starts[b]]) {
			if n := len(out); n > 0 && out[n-1].b == a {
				// Changes of lines that touch show as one.
				out[n-1].b, out[n-1].text = b, append(out[n-1].text, text...)
			} else {
				out = append(out, change{a: a, b: b, text: append([]byte(nil), text...)})
			}
		}
		cur, i = a, j
	}
	return out
}
