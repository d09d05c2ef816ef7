package remote

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// cacheVersion is the format of the cache file; a file of another
// version is started afresh.
const cacheVersion = 1

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

	mu      sync.Mutex
	entries map[string]*entry
	dirty   bool
}

// loadCache reads the cache file at path; a missing file is an empty cache.
func loadCache(path string, ttl time.Duration, now time.Time) (*cache, error) {
	c := &cache{path: path, ttl: ttl, entries: make(map[string]*entry)}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return nil, err
	}
	var f cacheFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("cache %q is not a cache file: %v", path, err)
	}
	if f.Version != cacheVersion {
		return c, nil
	}
	for k, e := range f.Entries {
		if e != nil && c.fresh(e, now) {
			c.entries[k] = e
		}
	}
	return c, nil
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

// save writes the fresh entries to the cache file, if any was added, by
// writing a temporary file beside it and renaming it over the old one,
// so that a reader sees the old file or the new one, whole.
func (c *cache) save(now time.Time) (err error) {
	if c == nil {
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
	tmp, err := os.CreateTemp(filepath.Dir(c.path), filepath.Base(c.path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("cache %q cannot be written: %v", c.path, err)
	}
	defer func() {
		if err != nil {
			os.Remove(tmp.Name())
			err = fmt.Errorf("cache %q cannot be written: %v", c.path, err)
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), c.path); err != nil {
		return err
	}
	c.dirty = false
	return nil
}
