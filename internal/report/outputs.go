package report

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/urilint/urilint/audit"
)

// An Output is one output of an audit: a format of Formats, and the file
// it goes to ("" for the writer Open is given, standard output).
type Output struct {
	Format, File string
}

// ParseOutputs parses a list of outputs as the -output flag of uriextract
// takes it: "format" or "format=file", comma-separated
// ("text,sarif=urilint.sarif,markdown=summary.md").
func ParseOutputs(s string) ([]Output, error) {
	var outs []Output
	for item := range strings.SplitSeq(s, ",") {
		format, file, hasFile := strings.Cut(strings.TrimSpace(item), "=")
		if !slices.Contains(Formats, format) {
			return nil, fmt.Errorf("%q is not %s", format, strings.Join(Formats, ", "))
		}
		if hasFile && file == "" {
			return nil, fmt.Errorf("%q names no file after \"=\"", item)
		}
		outs = append(outs, Output{format, file})
	}
	return outs, nil
}

// OpenOutputs creates the files of outs and returns a reporter for each,
// and the function that closes the files. An output without a file goes
// to w; taken, when not empty, says what w is for already (the diff of
// -diff), and then no output may go there, as no two may.
func OpenOutputs(outs []Output, w io.Writer, taken string) (reps []audit.Reporter, closeFiles func() error, err error) {
	var files []*os.File
	closeAll := func() error {
		var errs []error
		for _, f := range files {
			errs = append(errs, f.Close())
		}
		return errors.Join(errs...)
	}
	defer func() {
		if err != nil {
			_ = closeAll()
		}
	}()
	for _, o := range outs {
		out := w
		if o.File == "" {
			if taken != "" {
				return nil, nil, fmt.Errorf("%s goes to standard output already: write %s to a file with %s=FILE", taken, o.Format, o.Format)
			}
			taken = o.Format
		} else {
			f, err := os.Create(o.File)
			if err != nil {
				return nil, nil, err
			}
			files = append(files, f)
			out = f
		}
		rep, err := NewReporter(o.Format, out)
		if err != nil {
			return nil, nil, err
		}
		reps = append(reps, rep)
	}
	return reps, closeAll, nil
}
