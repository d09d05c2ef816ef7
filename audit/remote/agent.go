package remote

import "runtime/debug"

const (
	modulePath = "github.com/urilint/urilint"
	homepage   = "https://github.com/urilint/urilint"
)

// UserAgent returns the User-Agent a Checker sends unless told otherwise:
// "urilint/VERSION (+https://github.com/urilint/urilint)", where VERSION
// is the version of the urilint module in the running binary, or "devel"
// when it was built from a work tree.
func UserAgent() string {
	return "urilint/" + version() + " (+" + homepage + ")"
}

// version returns the version of module urilint in the build information:
// the main module's, or a dependency's when urilint is linked into another
// program.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	v := ""
	if bi.Main.Path == modulePath {
		v = bi.Main.Version
	} else {
		for _, d := range bi.Deps {
			if d.Path == modulePath {
				v = d.Version
				break
			}
		}
	}
	if v == "" || v == "(devel)" {
		return "devel"
	}
	return v
}
