package integration

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

const modulePath = "github.com/urilint/urilint"

// TestInstallFromProxy installs both commands the way a user would once a
// tag is pushed, "go install github.com/urilint/urilint/cmd/urilint@VERSION",
// from a module proxy serving this checkout as the real proxy would serve
// the tag: the git-tracked files, packed by golang.org/x/mod/zip (which
// leaves out the nested modules and rejects what the real proxy rejects).
// It fails when the release would not install: a replace or exclude
// directive in go.mod (go install refuses them), a file missing from git
// that the build needs (an embedded file, a new source file), a go.sum
// without the hashes, a file name the zip rejects.
//
// Nothing is fetched from the network: the proxy is a directory, and the
// dependencies come from the module cache's download directory, through
// a second file proxy. GOPATH, and so the module cache the install fills,
// is a fresh temporary directory.
func TestInstallFromProxy(t *testing.T) {
	if testing.Short() {
		t.Skip("builds both commands in a fresh GOPATH")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	files, version, when := trackedFiles(t, root)
	tmp := t.TempDir()
	proxy := filepath.Join(tmp, "proxy")
	serveModule(t, proxy, root, files, version, when)

	modcache := goEnv(t, "GOMODCACHE")
	env := append(os.Environ(),
		"GOENV=off",
		"GOPATH="+filepath.Join(tmp, "gopath"),
		"GOMODCACHE="+filepath.Join(tmp, "gopath", "pkg", "mod"),
		"GOBIN="+filepath.Join(tmp, "bin"),
		// The module from the directory above, its dependencies from what
		// this machine has downloaded already; nothing else, nothing direct.
		"GOPROXY="+fileURL(proxy)+","+fileURL(filepath.Join(modcache, "cache", "download")),
		"GONOPROXY=", "GOPRIVATE=", "GONOSUMDB=",
		// The pseudo-version of this checkout is in no checksum database;
		// the dependencies are still checked against the module's go.sum.
		"GOSUMDB=off",
		// -modcacherw: the temporary module cache can be removed.
		"GOFLAGS=-modcacherw",
		"GOTOOLCHAIN=local",
		"GOWORK=off",
		"GO111MODULE=on",
	)
	// -trimpath keeps file paths out of the build cache's keys, so that a
	// second run, in another temporary GOPATH, reuses the compiled
	// dependencies instead of compiling them all again.
	args := []string{"install", "-trimpath",
		modulePath + "/cmd/urilint@" + version,
		modulePath + "/cmd/uriextract@" + version,
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = tmp // outside any module, as a user's shell may be
	cmd.Env = env
	start := time.Now()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	t.Logf("go install of both commands at %s: %v", version, time.Since(start).Round(time.Second))

	// Both print the version they were installed at, the same way.
	for _, name := range []string{"urilint", "uriextract"} {
		bin := filepath.Join(tmp, "bin", name)
		for _, flag := range []string{"-version", "-V", "-V=full"} {
			want := regexp.MustCompile(`^` + name + ` version ` + regexp.QuoteMeta(version) + ` go\S+\n$`)
			if flag == "-V=full" {
				want = regexp.MustCompile(`^` + name + ` version devel ` + regexp.QuoteMeta(version) + ` go\S+ buildID=[0-9a-f]{80}\n$`)
			}
			out, err := exec.Command(bin, flag).Output()
			if err != nil || !want.Match(out) {
				t.Errorf("%s %s: %v, printed %q; want %v", name, flag, err, out, want)
			}
		}
	}
}

// trackedFiles returns the files of the module at root that git tracks
// (as they are in the work tree, so that an uncommitted change is tested
// too) and the pseudo-version of the commit checked out, with its time. It
// skips the test outside a git checkout.
func trackedFiles(t *testing.T, root string) ([]modzip.File, string, time.Time) {
	t.Helper()
	git := func(args ...string) []byte {
		out, err := exec.Command("git", append([]string{"-C", root}, args...)...).Output()
		if err != nil {
			t.Skipf("not a git checkout: git %s: %v", strings.Join(args, " "), err)
		}
		return out
	}
	head := strings.Fields(string(git("log", "-1", "--format=%H %ct")))
	if len(head) != 2 {
		t.Fatalf("git log: unexpected output %q", head)
	}
	secs, err := strconv.ParseInt(head[1], 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	when := time.Unix(secs, 0).UTC()
	version := module.PseudoVersion("v0", "", when, head[0][:12])

	var files []modzip.File
	for name := range bytes.SplitSeq(git("ls-files", "-z"), []byte{0}) {
		if len(name) == 0 {
			continue
		}
		p := filepath.Join(root, filepath.FromSlash(string(name)))
		info, err := os.Lstat(p)
		if err != nil {
			continue // deleted in the work tree: not part of the next commit
		}
		files = append(files, treeFile{path: string(name), file: p, info: info})
	}
	return files, version, when
}

// treeFile is a file of the work tree, for modzip.Create.
type treeFile struct {
	path string // slash-separated, from the module root
	file string
	info os.FileInfo
}

func (f treeFile) Path() string                 { return f.path }
func (f treeFile) Lstat() (os.FileInfo, error)  { return f.info, nil }
func (f treeFile) Open() (io.ReadCloser, error) { return os.Open(f.file) }

// serveModule lays out the module at version in dir as a GOPROXY
// directory: @v/list, .info, .mod and .zip.
func serveModule(t *testing.T, dir, root string, files []modzip.File, version string, when time.Time) {
	t.Helper()
	checked, err := modzip.CheckFiles(files)
	if err != nil {
		t.Fatalf("the module zip would be refused: %v", err)
	}
	for _, o := range checked.Omitted {
		if !strings.Contains(o.Err.Error(), "in another module") {
			t.Logf("left out of the module zip: %s: %v", o.Path, o.Err)
		}
	}
	escaped, err := module.EscapePath(modulePath)
	if err != nil {
		t.Fatal(err)
	}
	at := filepath.Join(dir, filepath.FromSlash(escaped), "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		t.Fatal(err)
	}
	z, err := os.Create(filepath.Join(at, version+".zip"))
	if err != nil {
		t.Fatal(err)
	}
	if err := modzip.Create(z, module.Version{Path: modulePath, Version: version}, files); err != nil {
		z.Close()
		t.Fatal(err)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	info, err := json.Marshal(struct {
		Version string
		Time    time.Time
	}{version, when})
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"list":            []byte(version + "\n"),
		version + ".info": info,
		version + ".mod":  gomod,
	} {
		if err := os.WriteFile(filepath.Join(at, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// fileURL returns the file URL of an absolute path, as GOPROXY takes it.
func fileURL(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive: file:///C:/...
	}
	return "file://" + p
}

func goEnv(t *testing.T, name string) string {
	t.Helper()
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		t.Fatalf("go env %s: %v", name, err)
	}
	v := strings.TrimSpace(string(out))
	if v == "" {
		t.Fatalf("go env %s is empty", name)
	}
	return v
}
