package config

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// The hostile cases of issue 25: a committed .urilint.yaml must not make
// uriextract read or write outside the repository, hang, or be silently
// ignored (docs/security.md names these tests).

// repo makes a repository (a folder with .git) inside a fresh temporary
// folder, and returns both, their symbolic links resolved.
func repo(t *testing.T) (top, outer string) {
	t.Helper()
	outer, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	top = filepath.Join(outer, "repo")
	if err := os.MkdirAll(filepath.Join(top, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	return top, outer
}

func writeFile(t *testing.T, name, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestPathKeysStayInside: remote.cache and documents.root lead inside the
// repository that holds the file, after symbolic links, or the file is
// refused with FILE:LINE: key: and nothing is written or read there.
func TestPathKeysStayInside(t *testing.T) {
	top, outer := repo(t)
	if err := os.Symlink(outer, filepath.Join(top, "out")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/nonexistent-urilint-test", filepath.Join(top, "gone")); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(top, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		key, value string
		ok         bool
	}{
		{"remote.cache", "../../cache.json", false},
		{"remote.cache", "../cache.json", false},
		{"remote.cache", filepath.Join(outer, "bin", "uriextract"), false},
		{"remote.cache", "out/cache.json", false},  // a folder link to outside
		{"remote.cache", "gone/cache.json", false}, // a dangling link to outside: the same answer
		{"remote.cache", "gone", false},
		{"remote.cache", ".urilint-cache.json", true},
		{"remote.cache", "docs/../.cache/links.json", true},
		{"remote.cache", filepath.Join(top, "cache.json"), true},
		{"documents.root", "/", false},
		{"documents.root", "..", false},
		{"documents.root", "out", false},
		{"documents.root", "docs", true},
		{"documents.root", ".", true},
	}
	for _, tt := range tests {
		section, key, _ := strings.Cut(tt.key, ".")
		src := "version: 1\n" + section + ":\n  " + key + ": " + quote(tt.value) + "\n"
		name := filepath.Join(top, ".urilint.yaml")
		writeFile(t, name, src)
		_, err := Read(name)
		if tt.ok {
			if err != nil {
				t.Errorf("%s: %q: Read = %v, want no error", tt.key, tt.value, err)
			}
			continue
		}
		want := name + ":3: " + tt.key + ": "
		if err == nil || !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), "leads outside") {
			t.Errorf("%s: %q: Read = %v, want an error starting %q", tt.key, tt.value, err, want)
		}
	}
	if _, err := os.Stat(filepath.Join(outer, "cache.json")); err == nil {
		t.Errorf("a cache outside the repository was written")
	}
	// A path key of a list of sections: a host's CA file.
	for value, ok := range map[string]bool{"/etc/ssl/certs/ca-certificates.crt": false, "out/ca.pem": false, "../ca.pem": false, "certs/ca.pem": true} {
		name := filepath.Join(top, ".urilint.yaml")
		writeFile(t, name, "version: 1\nremote:\n  hosts:\n    - match: example.com\n      ca-file: "+quote(value)+"\n")
		_, err := Read(name)
		if ok != (err == nil) || !ok && !strings.Contains(err.Error(), ":5: remote.hosts[0].ca-file: ") {
			t.Errorf("remote.hosts[0].ca-file: %q: Read = %v, want ok %v (an error naming line 5 and the key)", value, err, ok)
		}
	}
}

func quote(s string) string { return `"` + s + `"` }

// TestFindStopsWithoutRepository: with no .git, the search stops at the
// directory the run starts from, so a .urilint.yaml in a parent folder
// (disable: everything) does not silence the findings.
func TestFindStopsWithoutRepository(t *testing.T) {
	outer, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(outer, ".urilint.yaml"), "version: 1\ndisable: [malformed]\n")
	work := filepath.Join(outer, "checkout")
	writeFile(t, filepath.Join(work, "sub", "doc.md"), "")
	t.Chdir(work)
	if got := Find("."); got != "" {
		t.Errorf("Find(.) in a folder without .git = %q, want none: the parent's file is no file of this tree", got)
	}
	if got := Find("sub"); got != "" {
		t.Errorf("Find(sub) = %q, want none", got)
	}
	c, err := Load(".")
	if err != nil || len(c.Disable) != 0 {
		t.Errorf("Load(.) = %+v, %v; want the defaults", c, err)
	}
	writeFile(t, filepath.Join(work, ".urilint.yml"), "version: 1\n")
	if got, want := Find("sub"), filepath.Join(work, ".urilint.yml"); got != want {
		t.Errorf("Find(sub) = %q, want %q (up to the directory the run starts from)", got, want)
	}
}

// TestNotRegular: a .urilint.yaml that is no regular file (a folder, a
// named pipe) is an error, not silently skipped, and a named pipe is not
// waited on.
func TestNotRegular(t *testing.T) {
	top, _ := repo(t)
	t.Chdir(top)
	if err := os.Mkdir(".urilint.yaml", 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Load("."); err == nil || !strings.Contains(err.Error(), ".urilint.yaml:1: is not a regular file (a directory)") {
		t.Errorf("Load with a folder .urilint.yaml = %v, want an error", err)
	}
	if err := os.Remove(".urilint.yaml"); err != nil {
		t.Fatal(err)
	}
	if err := mkfifo(".urilint.yaml"); err != nil {
		t.Skip("no named pipes here:", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := Load(".")
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), ".urilint.yaml:1: is not a regular file (a named pipe)") {
			t.Errorf("Load with a named pipe = %v, want an error", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Load waits on a named pipe .urilint.yaml")
	}
}

// TestTooLong: a 100 MB configuration is an error, not cut at 1 MiB.
func TestTooLong(t *testing.T) {
	top, _ := repo(t)
	name := filepath.Join(top, ".urilint.yaml")
	writeFile(t, name, "version: 1\n")
	if err := os.Truncate(name, 100<<20); err != nil { // sparse: no 100 MB written
		t.Fatal(err)
	}
	if _, err := Read(name); err == nil || !strings.Contains(err.Error(), name+":1: is 104857600 bytes, longer than the limit of 1 MiB") {
		t.Errorf("Read of a 100 MB file = %v, want an error", err)
	}
}

// TestLinkOutside: a .urilint.yaml found in the tree that is a symbolic
// link to a file outside the repository is not read (its content would
// show in a decoding error).
func TestLinkOutside(t *testing.T) {
	top, outer := repo(t)
	writeFile(t, filepath.Join(outer, "secret"), "token: hunter2\n")
	if err := os.Symlink(filepath.Join(outer, "secret"), filepath.Join(top, ".urilint.yaml")); err != nil {
		t.Fatal(err)
	}
	_, err := Load(top)
	if err == nil || !strings.Contains(err.Error(), "is a symbolic link that leads outside") || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("Load through a link outside = %v, want a refusal that shows nothing of the file", err)
	}
}

// TestAliasBomb: a "billion laughs" .urilint.yaml is refused at once.
func TestAliasBomb(t *testing.T) {
	start := time.Now()
	_, err := Decode("c.yaml", []byte(billionLaughs(10)+"version: 1\n"))
	if err == nil {
		t.Fatal("Decode of an alias bomb = no error")
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("Decode of an alias bomb took %v", d)
	}
}

// billionLaughs returns a YAML "billion laughs" of the given levels (at
// most 26): each level is a list of nine aliases of the one before, so
// that expanding it makes 9^levels strings; 10 levels are 359 bytes,
// the shape of the 390-byte bomb of issue 25.
func billionLaughs(levels int) string {
	var b strings.Builder
	b.WriteString("a: &a [lol,lol,lol,lol,lol,lol,lol,lol,lol]\n")
	for i := 1; i < levels; i++ {
		n, prev := string(rune('a'+i)), string(rune('a'+i-1))
		fmt.Fprintf(&b, "%s: &%s [%s]\n", n, n, strings.TrimSuffix(strings.Repeat("*"+prev+",", 9), ","))
	}
	return b.String()
}

// TestFindStopsAtModule: outside a repository, a package's folder finds
// its module's file (go vet runs the tool in the package's folder), and
// not one above the module.
func TestFindStopsAtModule(t *testing.T) {
	outer, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(outer, ".urilint.yaml"), "version: 1\n")
	mod := filepath.Join(outer, "mod")
	writeFile(t, filepath.Join(mod, "go.mod"), "module m\n")
	writeFile(t, filepath.Join(mod, "pkg", "p.go"), "package p\n")
	t.Chdir(filepath.Join(mod, "pkg"))
	if got := Find("."); got != "" {
		t.Errorf("Find in a module without a file = %q, want none (the one above the module is not its)", got)
	}
	writeFile(t, filepath.Join(mod, ".urilint.yaml"), "version: 1\n")
	if got, want := Find("."), filepath.Join(mod, ".urilint.yaml"); got != want {
		t.Errorf("Find = %q, want the module's, %q", got, want)
	}
}

// TestFindStopsAtLinkedWorkTree: a linked work tree (or a submodule)
// has a .git file, not a folder: it is the top of its repository all
// the same, and a file above it is not the tree's.
func TestFindStopsAtLinkedWorkTree(t *testing.T) {
	outer, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(outer, ".urilint.yaml"), "version: 1\n")
	wt := filepath.Join(outer, "wt")
	writeFile(t, filepath.Join(wt, ".git"), "gitdir: ../main/.git/worktrees/wt\n")
	writeFile(t, filepath.Join(wt, "docs", "a.md"), "")
	if got := Find(filepath.Join(wt, "docs")); got != "" {
		t.Errorf("Find in a linked work tree without a file = %q, want none (the one above the tree is not its)", got)
	}
	writeFile(t, filepath.Join(wt, ".urilint.yaml"), "version: 1\n")
	if got, want := Find(filepath.Join(wt, "docs")), filepath.Join(wt, ".urilint.yaml"); got != want {
		t.Errorf("Find = %q, want the work tree's, %q", got, want)
	}
}

// TestPathKeysTagged: every key documented as a path "relative to the
// file" carries the path tag, so that the decoder keeps it inside the
// repository.
func TestPathKeysTagged(t *testing.T) {
	var walk func(reflect.Type, string)
	walk = func(typ reflect.Type, prefix string) {
		for i := range typ.NumField() {
			f := typ.Field(i)
			key := prefix + f.Tag.Get("yaml")
			if f.Type.Kind() == reflect.Struct && f.Type != durationType {
				walk(f.Type, key+".")
				continue
			}
			if f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() == reflect.Struct {
				walk(f.Type.Elem(), key+"[].")
				continue
			}
			if strings.Contains(f.Tag.Get("doc"), "relative to the file") && f.Tag.Get("path") == "" {
				t.Errorf("%s is a path relative to the file without the path tag: the decoder does not keep it inside the repository", key)
			}
		}
	}
	walk(reflect.TypeFor[File](), "")
}
