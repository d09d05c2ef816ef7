package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"

	"github.com/urilint/urilint/audit"
	"github.com/urilint/urilint/internal/config"
	"github.com/urilint/urilint/internal/report"
	"github.com/urilint/urilint/internal/wire"
)

// runAudit runs -check: one audit of every input's links, its findings
// written by each reporter of -output, a summary on stderr.
func runAudit(o options, c *config.File, paths []string, stdin io.Reader, stdout, stderr io.Writer) int {
	outs, taken, mode, err := wire.Outputs(o.outputs, o.json, o.fix, o.diff)
	if err != nil {
		say(stderr, "%v", err)
		return exitError
	}
	w := bufio.NewWriter(stdout)
	reps, closeAll, err := report.OpenOutputs(outs, w, taken)
	if err != nil {
		say(stderr, "-output: %v", err)
		return exitError
	}
	cfg := wire.Audit(c, o.settings.Given("built"))
	cfg.Stdin = stdin
	if c.Remote.Enabled {
		check, err := wire.Checker(c, &o.env, stderr)
		if err != nil {
			_ = closeAll() // the -remote error is the one to report
			say(stderr, "-remote: %v", err)
			return exitError
		}
		// An interrupt (Ctrl-C) stops the checks with what they gathered.
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		cfg.Remote, cfg.Context = check, ctx
	}
	r, writeErr := audit.Check(cfg, paths, mode, w, reps)
	writeErr = errors.Join(writeErr, w.Flush(), closeAll())
	status := exitOK
	for _, line := range slices.Concat(r.Sites, r.Warnings) {
		say(stderr, "%s", line)
	}
	for _, err := range r.Errors {
		sayErr(stderr, err)
		status = exitError
	}
	if writeErr != nil {
		sayErr(stderr, writeErr)
		return exitError
	}
	say(stderr, "%s", report.Summary(r))
	if cfg.Context != nil && cfg.Context.Err() != nil {
		// The links not checked have no findings: an interrupted run
		// never passes.
		say(stderr, "interrupted: the remote checks stopped before the end")
		return exitInterrupted
	}
	left := r.Count()
	if mode == audit.FixDiff {
		// -diff passes when its fixes would leave nothing, as -fix does
		// then, and as urilint -fix -diff does.
		left -= r.Fixed
	}
	if status == exitOK && left > 0 {
		status = exitFindings
	}
	return status
}

// say prints a message of uriextract on stderr, on one line whatever it
// quotes: its control characters are escaped (report.Printable), so that
// a file name cannot start a line of its own (a forged GitHub workflow
// command) or move a terminal's cursor.
func say(stderr io.Writer, format string, args ...any) {
	fmt.Fprintf(stderr, "uriextract: %s\n", report.Printable(fmt.Sprintf(format, args...)))
}

// sayErr prints err as say does, each error of a joined error (a
// configuration with several bad keys) on a line of its own.
func sayErr(stderr io.Writer, err error) {
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range joined.Unwrap() {
			sayErr(stderr, e)
		}
		return
	}
	say(stderr, "%v", err)
}
