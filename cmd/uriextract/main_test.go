package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the stdout and stderr sections of testdata/*.txtar")

// TestScripts runs each testdata/*.txtar script. The archive comment holds
//
//	args: the command line, split at spaces
//	exit: the expected exit status
//	symlink: LINK TARGET (a symbolic link, made before the run)
//	mode: FILE 0750 (permission bits, set before the run and checked after)
//	cd: DIR (run in this subdirectory)
//
// Sections named stdout and stderr hold the expected output, a section
// named stdin is standard input, a section named want/PATH is what the
// file PATH must hold after the run, and every other section is written
// to a temporary directory, where the command runs; in stdin and the
// files, \xNN (two hex digits) stands for the byte NN, to make a binary
// file. A section named NAME.symlink makes NAME a symbolic link to the
// section's first line.
func TestScripts(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no scripts in testdata")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			abs, err := filepath.Abs(file)
			if err != nil {
				t.Fatal(err)
			}
			a, err := txtar.ParseFile(abs)
			if err != nil {
				t.Fatal(err)
			}
			var args, symlinks, modes []string
			wantExit := 0
			cd := "."
			for _, line := range strings.Split(string(a.Comment), "\n") {
				if v, ok := strings.CutPrefix(line, "args:"); ok {
					args = strings.Fields(v)
				}
				if v, ok := strings.CutPrefix(line, "symlink:"); ok {
					symlinks = append(symlinks, strings.Fields(v)...)
				}
				if v, ok := strings.CutPrefix(line, "mode:"); ok {
					modes = append(modes, strings.Fields(v)...)
				}
				if v, ok := strings.CutPrefix(line, "cd:"); ok {
					cd = strings.TrimSpace(v)
				}
				if v, ok := strings.CutPrefix(line, "exit:"); ok {
					if wantExit, err = strconv.Atoi(strings.TrimSpace(v)); err != nil {
						t.Fatal(err)
					}
				}
			}
			dir := t.TempDir()
			want := map[string]string{}
			var stdin []byte
			var wantFiles []txtar.File
			for _, f := range a.Files {
				switch f.Name {
				case "stdout", "stderr":
					want[f.Name] = string(f.Data)
				case "stdin":
					stdin = unhex(f.Data)
				default:
					if p, ok := strings.CutPrefix(f.Name, "want/"); ok {
						wantFiles = append(wantFiles, txtar.File{Name: p, Data: f.Data})
						continue
					}
					name := filepath.Join(dir, filepath.FromSlash(f.Name))
					if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
						t.Fatal(err)
					}
					if link, ok := strings.CutSuffix(name, ".symlink"); ok {
						if err := os.Symlink(strings.TrimSpace(string(f.Data)), link); err != nil {
							t.Fatal(err)
						}
						continue
					}
					if err := os.WriteFile(name, unhex(f.Data), 0o666); err != nil {
						t.Fatal(err)
					}
				}
			}
			for i := 0; i+1 < len(symlinks); i += 2 {
				link := filepath.Join(dir, filepath.FromSlash(symlinks[i]))
				if err := os.MkdirAll(filepath.Dir(link), 0o777); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(filepath.FromSlash(symlinks[i+1]), link); err != nil {
					t.Fatal(err)
				}
			}
			for i := 0; i+1 < len(modes); i += 2 {
				m, err := strconv.ParseUint(modes[i+1], 8, 32)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.Chmod(filepath.Join(dir, modes[i]), os.FileMode(m)); err != nil {
					t.Fatal(err)
				}
			}
			t.Chdir(filepath.Join(dir, filepath.FromSlash(cd)))
			var stdout, stderr bytes.Buffer
			code := run(args, bytes.NewReader(stdin), &stdout, &stderr)
			if code != wantExit {
				t.Errorf("uriextract %s: exit %d, want %d\nstderr:\n%s", strings.Join(args, " "), code, wantExit, stderr.String())
			}
			got := map[string]string{"stdout": stdout.String(), "stderr": stderr.String()}
			if *update {
				var files []txtar.File
				for _, f := range a.Files {
					if f.Name != "stdout" && f.Name != "stderr" {
						files = append(files, f)
					}
				}
				for _, n := range []string{"stdout", "stderr"} {
					if got[n] != "" {
						files = append(files, txtar.File{Name: n, Data: []byte(got[n])})
					}
				}
				a.Files = files
				if err := os.WriteFile(abs, txtar.Format(a), 0o666); err != nil {
					t.Fatal(err)
				}
				return
			}
			for _, f := range wantFiles {
				data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.Name)))
				if err != nil {
					t.Errorf("after uriextract %s: %v", strings.Join(args, " "), err)
				} else if string(data) != string(f.Data) {
					t.Errorf("after uriextract %s: %s holds:\n%s\nwant:\n%s", strings.Join(args, " "), f.Name, data, f.Data)
				}
			}
			for i := 0; i+1 < len(modes); i += 2 {
				info, err := os.Stat(filepath.Join(dir, modes[i]))
				if err != nil {
					t.Fatal(err)
				}
				if got := fmt.Sprintf("%04o", info.Mode().Perm()); got != modes[i+1] {
					t.Errorf("after uriextract %s: %s has mode %s, want %s", strings.Join(args, " "), modes[i], got, modes[i+1])
				}
			}
			for _, n := range []string{"stdout", "stderr"} {
				if got[n] != want[n] {
					t.Errorf("uriextract %s: %s:\n%s\nwant:\n%s", strings.Join(args, " "), n, got[n], want[n])
				}
			}
		})
	}
}

// unhex replaces each \xNN in b by the byte NN.
func unhex(b []byte) []byte {
	var out []byte
	for i := 0; i < len(b); i++ {
		if b[i] == '\\' && i+3 < len(b) && b[i+1] == 'x' {
			if v, err := strconv.ParseUint(string(b[i+2:i+4]), 16, 8); err == nil {
				out = append(out, byte(v))
				i += 3
				continue
			}
		}
		out = append(out, b[i])
	}
	return out
}
