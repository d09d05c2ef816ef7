package remote

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// gitTracked reports whether git tracks the file at path: whether the
// index of the work tree that holds it has an entry for it (or, in a
// sparse index, for a directory above it). A committed cache is written
// by whoever can commit, so it is not trusted. The index is read rather
// than git run: running git in a repository runs what its configuration
// names (core.fsmonitor), and git may not be installed.
func gitTracked(path string) (bool, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false, err
	}
	dir, err := filepath.EvalSymlinks(filepath.Dir(abs))
	if err != nil {
		return false, err
	}
	top, gitDir, ok := findGitDir(dir)
	if !ok {
		return false, nil
	}
	rel, err := filepath.Rel(top, filepath.Join(dir, filepath.Base(abs)))
	if err != nil {
		return false, err
	}
	f, err := os.Open(filepath.Join(gitDir, "index"))
	if err != nil {
		return false, err
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		return false, errors.New("the git index is not a regular file")
	}
	return indexHas(bufio.NewReaderSize(f, maxIndexPath+16), filepath.ToSlash(rel), objectIDSize(gitDir))
}

// findGitDir returns the work tree above dir (dir included) and its git
// directory: .git itself, or what a .git file names ("gitdir: PATH", the
// file of a linked work tree or a submodule).
func findGitDir(dir string) (top, gitDir string, ok bool) {
	for {
		dotGit := filepath.Join(dir, ".git")
		if info, err := os.Lstat(dotGit); err == nil {
			switch {
			case info.IsDir():
				return dir, dotGit, true
			case info.Mode().IsRegular() && info.Size() < 4096:
				data, err := os.ReadFile(dotGit)
				if err != nil {
					return "", "", false
				}
				line, _, _ := strings.Cut(string(data), "\n")
				if g, ok := strings.CutPrefix(strings.TrimSpace(line), "gitdir:"); ok {
					g = strings.TrimSpace(g)
					if !filepath.IsAbs(g) {
						g = filepath.Join(dir, g)
					}
					return dir, g, true
				}
			}
			return "", "", false
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", "", false
		}
		dir = parent
	}
}

// objectIDSize returns the size of an object id in the repository whose
// git directory is gitDir: 32 bytes when its config names the sha256
// object format, 20 (SHA-1) otherwise.
func objectIDSize(gitDir string) int {
	data, err := os.ReadFile(filepath.Join(gitDir, "config"))
	if err != nil {
		// A linked work tree keeps its config in the common directory.
		if common, err2 := os.ReadFile(filepath.Join(gitDir, "commondir")); err2 == nil {
			c := strings.TrimSpace(string(common))
			if !filepath.IsAbs(c) {
				c = filepath.Join(gitDir, c)
			}
			data, _ = os.ReadFile(filepath.Join(c, "config"))
		}
	}
	for line := range strings.Lines(string(data)) {
		k, v, ok := strings.Cut(line, "=")
		if ok && strings.EqualFold(strings.TrimSpace(k), "objectformat") && strings.EqualFold(strings.TrimSpace(v), "sha256") {
			return 32
		}
	}
	return 20
}

// maxIndexPath bounds the length of a path in the index, which git
// bounds by PATH_MAX.
const maxIndexPath = 1 << 16

var errIndex = errors.New("not a git index")

// indexHas reports whether the git index r (versions 2 to 4, as
// Documentation/gitformat-index.txt describes them) has an entry for the
// slash-separated path name, or a sparse directory entry ("dir/") above
// it. It reads the entries in one pass, keeping only the last path.
func indexHas(r *bufio.Reader, name string, idSize int) (bool, error) {
	var head [12]byte
	if _, err := io.ReadFull(r, head[:]); err != nil || string(head[:4]) != "DIRC" {
		return false, errIndex
	}
	version := binary.BigEndian.Uint32(head[4:8])
	if version < 2 || version > 4 {
		return false, fmt.Errorf("git index version %d is not 2, 3 or 4", version)
	}
	count := binary.BigEndian.Uint32(head[8:12])
	// ctime, mtime (8 bytes each), dev, ino, mode, uid, gid, size (4
	// bytes each), the object id, flags (2 bytes).
	fixed := 40 + idSize + 2
	stat := make([]byte, fixed+2)
	var prev []byte
	for range count {
		if _, err := io.ReadFull(r, stat[:fixed]); err != nil {
			return false, errIndex
		}
		n := fixed
		flags := binary.BigEndian.Uint16(stat[fixed-2 : fixed])
		if flags&0x4000 != 0 { // extended flags, version 3 and later
			if version < 3 {
				return false, errIndex
			}
			if _, err := io.ReadFull(r, stat[fixed:fixed+2]); err != nil {
				return false, errIndex
			}
			n += 2
		}
		if version == 4 {
			// The path is the last one less N bytes at its end, then the
			// bytes up to a NUL; N is an offset varint.
			strip, err := indexVarint(r)
			if err != nil || strip > uint64(len(prev)) {
				return false, errIndex
			}
			suffix, err := r.ReadSlice(0)
			if err != nil || len(prev)-int(strip)+len(suffix) > maxIndexPath {
				return false, errIndex
			}
			prev = append(prev[:len(prev)-int(strip)], suffix[:len(suffix)-1]...)
		} else {
			p, err := r.ReadSlice(0)
			if err != nil || len(p) > maxIndexPath {
				return false, errIndex
			}
			prev = append(prev[:0], p[:len(p)-1]...)
			// 1 to 8 NULs end the entry at a multiple of 8 bytes: one
			// was read.
			pad := 8 - (n+len(prev))%8
			if _, err := r.Discard(pad - 1); err != nil {
				return false, errIndex
			}
		}
		if string(prev) == name || bytes.HasSuffix(prev, []byte("/")) && strings.HasPrefix(name, string(prev)) {
			return true, nil
		}
	}
	return false, nil
}

// indexVarint reads the offset varint of the git index: 7 bits a byte,
// high bit set when more follow, each continuation adding one.
func indexVarint(r io.ByteReader) (uint64, error) {
	c, err := r.ReadByte()
	if err != nil {
		return 0, err
	}
	v := uint64(c & 0x7f)
	for c&0x80 != 0 {
		if c, err = r.ReadByte(); err != nil {
			return 0, err
		}
		if v > 1<<50 {
			return 0, errIndex
		}
		v = (v+1)<<7 | uint64(c&0x7f)
	}
	return v, nil
}
