package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/audit"
	"github.com/urilint/urilint/internal/policy"
)

// auditOptions are the flags of -check beyond the categories.
type auditOptions struct {
	output  string
	root    string
	exclude []string
	fix     bool
	diff    bool
}

func (a *auditOptions) flags(fset *flag.FlagSet) {
	fset.StringVar(&a.output, "output", "", "with -check, write findings as `format`: "+strings.Join(audit.Formats, ", ")+" (default text; -json is -output json)")
	fset.StringVar(&a.root, "root", "", "with -check, the `directory` that \"/\" links start from and \"..\" may not leave (default: the top of the git work tree, else the directory given)")
	fset.Func("exclude", "with -check, comma-separated path `patterns` not to walk (a name, or a path from the root; repeatable)", func(s string) error {
		for p := range strings.SplitSeq(s, ",") {
			if p = strings.TrimSpace(p); p != "" {
				a.exclude = append(a.exclude, p)
			}
		}
		return nil
	})
	fset.BoolVar(&a.fix, "fix", false, "with -check, apply the safe fixes to the files and report what is left")
	fset.BoolVar(&a.diff, "diff", false, "with -check, print the safe fixes as a unified diff (for git apply) instead of findings")
}

// runAudit runs -check: the audit of every input's links, findings on
// stdout, a summary on stderr.
func runAudit(o options, pol *policy.Policy, paths []string, stdin io.Reader, stdout, stderr io.Writer) int {
	format := o.audit.output
	if format == "" && o.json {
		format = "json"
	}
	if format != "" && !validOutput(format) {
		fmt.Fprintf(stderr, "uriextract: -output %q is not %s\n", format, strings.Join(audit.Formats, ", "))
		return exitError
	}
	if o.audit.fix && o.audit.diff {
		fmt.Fprintf(stderr, "uriextract: -fix and -diff do not go together\n")
		return exitError
	}
	r := audit.Run(audit.Config{
		Policy:    pol,
		Extractor: &extract.Extractor{Code: o.code},
		Format:    o.format,
		Root:      o.audit.root,
		Exclude:   o.audit.exclude,
		Stdin:     stdin,
	}, paths)
	status := exitOK
	for _, err := range r.Errors {
		fmt.Fprintf(stderr, "uriextract: %v\n", err)
		status = exitError
	}
	w := bufio.NewWriter(stdout)
	shown := r.Findings
	if o.audit.fix || o.audit.diff {
		fixes, fixed := r.Fixes()
		for _, ff := range fixes {
			if o.audit.diff {
				_, _ = w.WriteString(audit.Diff(ff.File.Name, ff.File.Src, ff.New)) // errors surface at Flush
				continue
			}
			if err := audit.WriteFile(ff.File.Name, ff.New); err != nil {
				fmt.Fprintf(stderr, "uriextract: %v\n", err)
				status = exitError
				for i := range r.Findings {
					if r.Findings[i].File == ff.File.Name {
						delete(fixed, i)
					}
				}
			}
		}
		if len(fixed) > 0 {
			verb := "fixed"
			if o.audit.diff {
				verb = "can fix"
			}
			fmt.Fprintf(stderr, "uriextract: %s %d of %d findings\n", verb, len(fixed), len(r.Findings))
		}
		if o.audit.fix {
			shown = nil
			for i, f := range r.Findings {
				if !fixed[i] {
					shown = append(shown, f)
				}
			}
		}
	}
	if !o.audit.diff {
		out := *r
		out.Findings = shown
		if err := audit.Write(w, format, &out); err != nil {
			fmt.Fprintf(stderr, "uriextract: %v\n", err)
			return exitError
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "uriextract: %v\n", err)
		return exitError
	}
	fmt.Fprintf(stderr, "uriextract: %s\n", audit.Summary(r))
	if status == exitOK && len(shown) > 0 {
		status = exitFindings
	}
	return status
}

func validOutput(s string) bool {
	for _, f := range audit.Formats {
		if s == f {
			return true
		}
	}
	return false
}
