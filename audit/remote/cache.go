package remote

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sync"
	"time"

	"github.com/urilint/urilint/internal/safewrite"
)

// cacheVersion is the format of the cache file. A file of another
// version is neither used nor overwritten: it may belong to another
// release of urilint that shares the file.
const cacheVersion = 1

// MaxCacheSize is the largest cache file read: 64 MiB, some 200,000
// URLs. A larger file is set aside like a corrupt one.
const MaxCacheSize = 64 << 20

// cacheFile is the JSON of the cache file: the successful fetches, by the
// URL in normal form without its fragment.
type cacheFile struct {
	Version int               `json:"version"`
	Entries map[string]*entry `json:"entries"`
}

type entry struct {
	Checked time.Time `json:"checked"`
	page
}

// cache keeps successful fetches in a file for a time. A nil *cache keeps
// nothing.
type cache struct {
	path string
	ttl  time.Duration
	// keep: the file is not to be written (not a regular file, or of
	// another version).
	keep bool

	mu      sync.Mutex
	entries map[string]*entry
	dirty   bool
}

// loadCache reads the cache file at path; a missing file is an empty
// cache. A file that cannot be used gives an empty cache and a warning:
// one that is corrupt or too large is replaced by a fresh one at the end
// of the run, one that is not a regular file or is of another version is
// left as it is.
func loadCache(path string, ttl time.Duration, now time.Time) (*cache, error) {
	c := &cache{path: path, ttl: ttl, entries: make(map[string]*entry)}
	data, err := readCache(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return c, nil
	case errors.Is(err, errNotRegular):
		c.keep = true
		return c, fmt.Errorf("cache %q is not a regular file: not used", path)
	case errors.Is(err, errTooLarge):
		c.dirty = true
		return c, fmt.Errorf("cache %q is larger than %s: set aside, a fresh one is written", path, size(MaxCacheSize))
	case err != nil:
		c.keep = true
		return c, fmt.Errorf("cache %q cannot be read: %v", path, err)
	}
	var f cacheFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil || dec.More() {
		if err == nil {
			err = errors.New("text after the JSON object")
		}
		c.dirty = true
		return c, fmt.Errorf("cache %q is not a cache file (%v): set aside, a fresh one is written", path, err)
	}
	if f.Version != cacheVersion {
		c.keep = true
		return c, fmt.Errorf("cache %q is of version %d, which this urilint does not know (it writes version %d): not used, not overwritten", path, f.Version, cacheVersion)
	}
	for k, e := range f.Entries {
		if e != nil && c.fresh(e, now) {
			c.entries[k] = e
		}
	}
	return c, nil
}

var (
	errNotRegular = errors.New("not a regular file")
	errTooLarge   = errors.New("too large")
)

// readCache reads the file at path, refusing what is not a regular file
// (a device, a FIFO, a directory, which could be endless or block) and
// what is larger than MaxCacheSize.
func readCache(path string) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, errNotRegular
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The file may have been replaced since the Stat.
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		return nil, errNotRegular
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxCacheSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxCacheSize {
		return nil, errTooLarge
	}
	return data, nil
}

func (c *cache) fresh(e *entry, now time.Time) bool {
	return len(e.Chain) > 0 && !e.Checked.After(now) && now.Sub(e.Checked) < c.ttl
}

// get returns the page of a fresh entry for target. When anchors are
// wanted, an entry of an HTML page whose body was not read will not do.
func (c *cache) get(target string, anchors bool, now time.Time) (page, bool) {
	if c == nil {
		return page{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.entries[target]
	if e == nil || !c.fresh(e, now) || anchors && e.HTML && !e.Read {
		return page{}, false
	}
	return e.page, true
}

// put keeps p, the page of a successful fetch of target.
func (c *cache) put(target string, p page, now time.Time) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.entries[target] = &entry{Checked: now, page: p}
	c.dirty = true
}

// save writes the fresh entries to the cache file, if any was added or
// the file is to be replaced, through safewrite: a reader sees the old
// file or the new one, whole, and the new one is on disk when save
// returns.
func (c *cache) save(now time.Time) error {
	if c == nil || c.keep {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.dirty {
		return nil
	}
	f := cacheFile{Version: cacheVersion, Entries: make(map[string]*entry, len(c.entries))}
	for k, e := range c.entries {
		if c.fresh(e, now) {
			f.Entries[k] = e
		}
	}
	data, err := json.Marshal(f)
	if err != nil {
		return err
	}
	// safewrite replaces an existing file: a first run creates it empty.
	created := false
	if nf, err := os.OpenFile(c.path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644); err == nil {
		created = true
		nf.Close()
	}
	if err := safewrite.WriteFile(c.path, data); err != nil {
		if created {
			os.Remove(c.path)
		}
		return fmt.Errorf("cache %q cannot be written: %v", c.path, err)
	}
	c.dirty = false
	return nil
}
