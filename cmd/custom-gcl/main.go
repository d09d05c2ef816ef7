// Command custom-gcl is golangci-lint v2 with the urilint module plugin
// compiled in.
//
// It does what "golangci-lint custom" does, without cloning golangci-lint's
// repository: golangci-lint's packages come from the Go module proxy as a
// library (see go.mod for the version), and the plugin is linked in by the
// blank import below. Build it from this directory:
//
//	go build -o ../../bin/custom-gcl .
//
// and use it like golangci-lint, with urilint configured as a custom linter
// of type "module" (see the golangci-lint section of docs/integrations.md).
package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	"github.com/urilint/urilint/internal/config"
	_ "github.com/urilint/urilint/plugin" // registers the "urilint" module plugin
)

const golangciModule = "github.com/golangci/golangci-lint/v2"

func main() {
	if err := commands.Execute(buildInfo()); err != nil {
		fmt.Fprintf(os.Stderr, "custom-gcl: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}

// buildInfo describes the binary to golangci-lint. Its Version also salts
// golangci-lint's analysis cache, so it names the exact binary and the
// configuration file: the plugin
// comes from a local replace with no version of its own, and a changed
// analyzer must not be served results cached by the previous build.
func buildInfo() commands.BuildInfo {
	info := commands.BuildInfo{
		GoVersion: "unknown",
		Version:   "unknown",
		Commit:    "urilint plugin",
		Date:      "(unknown)",
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return info
	}
	info.GoVersion = bi.GoVersion
	for _, dep := range bi.Deps {
		if dep.Path == golangciModule {
			info.Version = strings.TrimPrefix(dep.Version, "v")
		}
	}
	info.Version += "-urilint"
	if sum := executableSum(); sum != "" {
		info.Version += "-" + sum
	}
	// golangci-lint keys its cache on this version, its linters'
	// settings and the Go files, not on .urilint.yaml: the digest of the
	// file in force makes an edit to it, a broken one included, take
	// effect on the next run (issue 25).
	info.Version += "-config." + config.Fingerprint(".")
	return info
}

// executableSum returns a short hash of the running binary, or "" when it
// cannot be read.
func executableSum() string {
	p, err := os.Executable()
	if err != nil {
		return ""
	}
	f, err := os.Open(p)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}
