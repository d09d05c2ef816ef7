package audit

import "iter"

// A Reporter writes the findings of one audit in one format. An audit
// hands each file's findings to every reporter in file order, as soon as
// they are known, then closes them with the whole result: one run, as
// many outputs as there are reporters (see Check, and Result.Report).
//
// A file name, a link or a message comes from the repository audited: a
// reporter that writes for a terminal or a CI log escapes their control
// characters, as those of uriextract do, so that no line of its output
// can start a GitHub workflow command the tool did not mean, or move a
// terminal's cursor.
type Reporter interface {
	// Findings writes the findings of one file, which may be none.
	Findings(f *File, findings []Finding) error
	// Close writes what comes after the last file, from the result
	// (its files, sites, errors and counts), and returns the first error
	// of writing.
	Close(r *Result) error
}

// Report hands the findings r holds to each reporter, file by file, and
// then closes it: the outputs of Run, as Check writes them while it
// runs. It returns the first error of writing.
func (r *Result) Report(reporters ...Reporter) error {
	var first error
	for _, rep := range reporters {
		err := r.reportTo(rep)
		if cerr := rep.Close(r); err == nil {
			err = cerr
		}
		if first == nil {
			first = err
		}
	}
	return first
}

// reportTo hands the findings r holds to rep, file by file.
func (r *Result) reportTo(rep Reporter) error {
	for f, fs := range r.byFile() {
		if err := rep.Findings(f, fs); err != nil {
			return err
		}
	}
	return nil
}

// byFile yields each file of r.Findings with its findings (in
// r.Findings, the findings of a file are together, in file order).
func (r *Result) byFile() iter.Seq2[*File, []Finding] {
	return func(yield func(*File, []Finding) bool) {
		files := make(map[string]*File, len(r.Files))
		for _, f := range r.Files {
			files[f.Name] = f
		}
		for i := 0; i < len(r.Findings); {
			j := i + 1
			for j < len(r.Findings) && r.Findings[j].File == r.Findings[i].File {
				j++
			}
			f := files[r.Findings[i].File]
			if f == nil {
				f = &File{Name: r.Findings[i].File}
			}
			if !yield(f, r.Findings[i:j]) {
				return
			}
			i = j
		}
	}
}
