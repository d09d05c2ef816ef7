// Package version says which build of urilint's commands is running, and
// gives both commands the same version flags: -V and -version print
// Line, -V=full prints Full (go vet's -vettool protocol).
//
// The version comes from, in order: the tag a release build stamps into
// Tag with -ldflags "-X github.com/urilint/urilint/internal/version.Tag=v1.2.3"
// (.goreleaser.yaml does), the main module's version in the build
// information ("v1.2.3" after "go install ...@v1.2.3"; a pseudo-version
// when built in a git checkout), else "(devel)".
//
// A command that parses its own flags defines them with AddFlags, as
// uriextract does:
//
//	v := version.AddFlags(fset) // before fset.Parse
//	...
//	if v.Requested() { return v.Print("uriextract", stdout, stderr) }
package version

import (
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"

	"github.com/urilint/urilint/internal/config"
)

// Tag is the release tag, set by the linker in release builds. A variable
// the linker sets must be a plain string variable, hence exported and
// mutable; nothing else writes it.
var Tag string

// Module returns the version the binary was built as: Tag when set, else
// the main module's version from the build information ("v1.2.3" when
// installed with "go install ...@v1.2.3", a pseudo-version or "(devel)"
// from a checkout), "unknown" without build information.
func Module() string {
	if Tag != "" {
		return Tag
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "unknown"
}

// Line returns what "name -V" and "name -version" print: the command, the
// module version and the Go version that built it.
func Line(name string) string {
	return fmt.Sprintf("%s version %s %s", name, Module(), runtime.Version())
}

// Full returns what "name -V=full" prints for go vet's -vettool protocol:
// go vet reads "devel" in the third field and then keys its cache on the
// last field, "buildID=" and a hash of the executable, so that a rebuilt
// tool invalidates the results of the old one (as x/tools' driver does),
// followed by the digest of the configuration file (config.Fingerprint),
// so that an edited .urilint.yaml does too.
// A release is hashed too: two builds of one tag may differ (a patched
// dependency, another Go).
func Full(name string) (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	// go vet caches a package's result under this ID and the package's
	// Go files: the configuration's digest makes a change to
	// .urilint.yaml (of the directory go vet runs in) a new ID, so that
	// the next run reads it (issue 25). No "/" in it: go vet keys on what
	// follows the last one.
	return fmt.Sprintf("%s version devel %s %s buildID=%02x%s", name, Module(), runtime.Version(), h.Sum(nil), config.Fingerprint(".")), nil
}

// Flag is the value of the -V and -version flags: what was asked for.
// Like a boolean flag it may stand alone ("-V"); "-V=full" asks for Full.
type Flag struct {
	mode string // "", "line" or "full"
}

// AddFlags defines -V and -version on fset, both setting the returned
// Flag.
func AddFlags(fset *flag.FlagSet) *Flag {
	v := new(Flag)
	fset.Var(v, "V", "print the version (-V=full: with a hash of the executable, for go vet) and exit")
	fset.Var(v, "version", "print the version and exit (as -V)")
	return v
}

// IsBoolFlag lets the flag package accept -V without a value.
func (v *Flag) IsBoolFlag() bool { return true }

func (v *Flag) String() string {
	if v == nil || v.mode == "" {
		return "false"
	}
	if v.mode == "full" {
		return "full"
	}
	return "true"
}

// Set accepts a boolean ("-V", "-V=true", "-V=false") or "full".
func (v *Flag) Set(s string) error {
	if s == "full" {
		v.mode = "full"
		return nil
	}
	b, err := strconv.ParseBool(s)
	if err != nil {
		return errors.New("want -V, -V=full or -V=false")
	}
	v.mode = ""
	if b {
		v.mode = "line"
	}
	return nil
}

// Requested reports whether -V or -version was given (and not false).
func (v *Flag) Requested() bool { return v.mode != "" }

// Print prints what was asked for to stdout and returns the exit status:
// 0, or 1 with a message on stderr when the executable cannot be read for
// -V=full, or 2 when stdout cannot be written.
func (v *Flag) Print(name string, stdout, stderr io.Writer) int {
	line := Line(name)
	if v.mode == "full" {
		var err error
		if line, err = Full(name); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", name, err)
			return 1
		}
	}
	if _, err := fmt.Fprintln(stdout, line); err != nil {
		fmt.Fprintf(stderr, "%s: writing output: %v\n", name, err)
		return 2
	}
	return 0
}
