// Package version says which build of urilint's commands is running, from
// the build information the go command records in each binary.
package version

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
)

// Module returns the version of the main module the binary was built from:
// "v1.2.3" when installed with "go install ...@v1.2.3", "(devel)" or a
// pseudo-version from a checkout, "unknown" without build information.
func Module() string {
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
// tool invalidates the results of the old one (as x/tools' driver does).
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
	return fmt.Sprintf("%s version devel %s %s buildID=%02x", name, Module(), runtime.Version(), h.Sum(nil)), nil
}
