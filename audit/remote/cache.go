package remote

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/urilint/urilint/uri"
)

// cacheMagic begins every cache file this package writes. A file that
// does not begin with it (nor is a cache of version 1, which had no
// magic) is not ours: it is neither read nor overwritten, whatever a
// configuration file names as the cache.
const cacheMagic = "urilint remote cache\n"

// cacheVersion is the format of the JSON after cacheMagic. A file of
// another version is neither used nor overwritten: it may belong to
// another release of urilint that shares the file.
const cacheVersion = 2

// MaxCacheSize is the largest cache file read: 64 MiB, some 200,000
// URLs. A larger file is not used, and not overwritten.
const MaxCacheSize = 64 << 20

// MaxCacheTTL is the longest that an entry of the cache is trusted: a
// longer Config.CacheTTL is an error. A cache written by someone else
// (a committed one, say) cannot keep a dead link passing for longer than
// this, whatever TTL a configuration file asks for; and a failure
// history older than this is forgotten.
const MaxCacheTTL = 7 * 24 * time.Hour

// cacheFile is the JSON of the cache file: what the fetches found, by the
// URL in normal form without its fragment.
type cacheFile struct {
	Version int               `json:"version"`
	Entries map[string]*entry `json:"entries"`
}

// entry is what the last fetch of a URL found: a success (Failure nil,
// page holding its chain and anchors) or a failure with its history.
type entry struct {
	Checked time.Time `json:"checked"`
	page
	Failure *failure `json:"failure,omitempty"`
}

// failure is a failed fetch as the cache keeps it: enough to give the
// same verdict again without a request, and the history of the runs it
// failed in, which confirms a transient failure.
type failure struct {
	Category  uri.Category `json:"category"`
	Reason    string       `json:"reason,omitempty"`  // of a network error
	URL       string       `json:"url,omitempty"`     // that failed: the link or a redirect
	Transient bool         `json:"transient"`         // may pass if asked again
	Dead      bool         `json:"dead,omitempty"`    // gone for good: 404, 410, no such host
	Suggest   string       `json:"suggest,omitempty"` // an archived copy, with Config.Suggest
	Loop      bool         `json:"loop,omitempty"`    // a redirect loop
	TooMany   bool         `json:"toomany,omitempty"` // too many redirects
	To        string       `json:"to,omitempty"`      // with Loop and TooMany
	First     time.Time    `json:"first"`
	Last      time.Time    `json:"last"`
	Runs      int          `json:"runs"` // runs that fetched it and saw it fail
}

// cache keeps what fetches found in a file: successes for ttl, failures
// for failTTL, failure histories for MaxCacheTTL. A nil *cache keeps
// nothing.
type cache struct {
	path    string
	ttl     time.Duration
	failTTL time.Duration
	// keep: the file is not to be written (of another version, or too
	// large).
	keep bool

	mu      sync.Mutex
	entries map[string]*entry
	dirty   bool
}

// CacheError is the error of a cache file that is refused: one this
// package did not write, one that is not a regular file, or one that git
// tracks. Nothing is read from it and nothing is written to it.
type CacheError struct {
	Path   string
	Reason string
}

func (e *CacheError) Error() string {
	return fmt.Sprintf("cache %q %s: not used, not overwritten", e.Path, e.Reason)
}

// loadCache reads the cache file at path; a missing file is an empty
// cache. A file that is not ours (see cacheMagic), is not a regular file
// (a symbolic link included) or is tracked by git is refused with a
// *CacheError. One of ours that cannot be used gives an empty cache and a
// warning: when corrupt it is replaced at the end of the run, when of
// another version or too large it is left as it is.
func loadCache(path string, ttl, failTTL time.Duration, now time.Time) (*cache, error, error) {
	c := &cache{path: path, ttl: ttl, failTTL: failTTL, entries: make(map[string]*entry)}
	if tracked, err := gitTracked(path); err == nil && tracked {
		return nil, nil, &CacheError{path, "is tracked by git, so anyone who can commit can write it"}
	}
	data, err := readCache(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return c, nil, nil
	case errors.Is(err, errNotRegular):
		return nil, nil, &CacheError{path, "is not a regular file"}
	case errors.Is(err, errNotOurs):
		return nil, nil, &CacheError{path, "is not a cache file that urilint wrote (it does not begin with " + fmt.Sprintf("%q", cacheMagic) + ")"}
	case errors.Is(err, errTooLarge):
		c.keep = true
		return c, fmt.Errorf("cache %q is larger than %s: not used, not overwritten", path, size(MaxCacheSize)), nil
	case err != nil:
		return nil, nil, &CacheError{path, fmt.Sprintf("cannot be read (%v)", err)}
	}
	f, err := decodeCache(data)
	var version *versionError
	switch {
	case errors.As(err, &version):
		c.keep = true
		return c, fmt.Errorf("cache %q is of version %d, which this urilint does not know (it writes version %d): not used, not overwritten", path, version.v, cacheVersion), nil
	case err != nil:
		c.dirty = true
		return c, fmt.Errorf("cache %q is corrupt (%v): set aside, a fresh one is written", path, err), nil
	}
	for k, e := range f.Entries {
		if c.known(e, now) {
			c.entries[k] = e
		}
	}
	return c, nil, nil
}

var (
	errNotRegular = errors.New("not a regular file")
	errTooLarge   = errors.New("too large")
	errNotOurs    = errors.New("not a cache file")
)

type versionError struct{ v int }

func (e *versionError) Error() string { return fmt.Sprintf("version %d", e.v) }

// decodeCache decodes a cache file whose magic was checked: version 2
// after the magic, or version 1, which had none.
func decodeCache(data []byte) (*cacheFile, error) {
	var f cacheFile
	if rest, ok := bytes.CutPrefix(data, []byte(cacheMagic)); ok {
		var head struct {
			Version int `json:"version"`
		}
		if err := json.Unmarshal(rest, &head); err == nil && head.Version != cacheVersion {
			return nil, &versionError{head.Version}
		}
		if err := strictJSON(rest, &f); err != nil {
			return nil, err
		}
		if f.Version != cacheVersion {
			return nil, &versionError{f.Version}
		}
		return &f, nil
	}
	// Version 1 kept successes only, in the same entry shape.
	if err := strictJSON(data, &f); err != nil || f.Version != 1 {
		return nil, errNotOurs
	}
	f.Version = cacheVersion
	return &f, nil
}

func strictJSON(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("text after the JSON object")
	}
	return nil
}

// readCache reads the file at path, refusing what is not a regular file
// (a symbolic link, a device, a FIFO, a directory), what is larger than
// MaxCacheSize, and what is not a cache file (errNotOurs).
func readCache(path string) ([]byte, error) {
	info, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, errNotRegular
	}
	f, err := openNoFollow(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The file may have been replaced since the Lstat.
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		return nil, errNotRegular
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxCacheSize+1))
	if err != nil {
		return nil, err
	}
	if !bytes.HasPrefix(data, []byte(cacheMagic)) && !looksV1(data) {
		return nil, errNotOurs
	}
	if len(data) > MaxCacheSize {
		return nil, errTooLarge
	}
	return data, nil
}

// looksV1 reports whether data may be a cache of version 1: a JSON
// object that decodes strictly as one.
func looksV1(data []byte) bool {
	if len(data) > MaxCacheSize {
		return bytes.HasPrefix(data, []byte(`{"version":1,`))
	}
	var f cacheFile
	return strictJSON(data, &f) == nil && f.Version == 1
}

// known reports whether e is worth keeping at now: fresh, or a failure
// whose history may yet confirm it.
func (c *cache) known(e *entry, now time.Time) bool {
	if e == nil || e.Checked.After(now) {
		return false
	}
	if e.Failure != nil {
		f := e.Failure
		return f.Runs > 0 && !f.First.After(f.Last) && !f.Last.After(now) && now.Sub(f.Last) < MaxCacheTTL
	}
	return c.fresh(e, now)
}

// fresh reports whether e may stand for a fetch at now.
func (c *cache) fresh(e *entry, now time.Time) bool {
	if e.Checked.After(now) {
		return false
	}
	if e.Failure != nil {
		return now.Sub(e.Checked) < c.failTTL
	}
	return len(e.Chain) > 0 && now.Sub(e.Checked) < c.ttl
}

// get returns the entry for target when it is fresh. When anchors are
// wanted, a success of an HTML page whose body was not read will not do.
func (c *cache) get(target string, frags []string, now time.Time) (*entry, bool) {
	if c == nil {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.entries[target]
	if e == nil || !c.fresh(e, now) {
		return nil, false
	}
	if e.Failure == nil && len(frags) > 0 && e.HTML {
		if !e.Read {
			return nil, false
		}
		// On a long page, a fragment neither found in the part read
		// nor looked for in the rest is to be looked for.
		for _, f := range frags {
			if e.Truncated && !hasAnchor(e.Anchors, f) && !slices.Contains(e.Searched, f) {
				return nil, false
			}
		}
	}
	return e, true
}

// put keeps p, the page of a successful fetch of target: its failure
// history, if any, is over.
func (c *cache) put(target string, p page, now time.Time) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.entries[target] = &entry{Checked: now, page: p}
	c.dirty = true
}

// fail records a failed fetch of target at now, the run's fetch of it,
// and returns its history: the first failure of an unbroken run of them,
// the last, and how many runs saw it fail.
func (c *cache) fail(target string, f failure, chain []Hop, now time.Time) failure {
	f.First, f.Last, f.Runs = now, now, 1
	if c == nil {
		return f
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old := c.entries[target]; old != nil && old.Failure != nil && !old.Failure.Last.After(now) {
		f.First, f.Runs = old.Failure.First, old.Failure.Runs+1
	}
	c.entries[target] = &entry{Checked: now, page: page{Chain: chain}, Failure: &f}
	c.dirty = true
	return f
}

// save merges what this run found into the cache file, if it found
// anything, under a lock of the file's directory: the entries that other
// runs wrote meanwhile are kept, and of two entries for one URL the one
// checked last wins. The file is replaced whole (a temporary file in the
// same directory, synced and renamed over it): a reader sees the old file
// or the new one. A symbolic link, or a file that is not ours, found at
// the path meanwhile is not replaced.
func (c *cache) save(clock func() time.Time) error {
	if c == nil || c.keep {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.dirty {
		return nil
	}
	dir := filepath.Dir(c.path)
	unlock, err := lockDir(dir)
	if err != nil {
		return fmt.Errorf("cache %q cannot be written: its directory cannot be locked: %v", c.path, err)
	}
	defer unlock()
	// The time is read once the lock is held: a run that saved while
	// this one waited may have checked entries after this one ended.
	now := clock()
	merged := make(map[string]*entry, len(c.entries))
	data, err := readCache(c.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return fmt.Errorf("cache %q cannot be written: %v", c.path, err)
	default:
		if f, err := decodeCache(data); err == nil {
			for k, e := range f.Entries {
				if c.known(e, now) {
					merged[k] = e
				}
			}
		}
	}
	for k, e := range c.entries {
		if old := merged[k]; c.known(e, now) && (old == nil || !old.Checked.After(e.Checked)) {
			merged[k] = e
		}
	}
	var b bytes.Buffer
	b.WriteString(cacheMagic)
	if err := json.NewEncoder(&b).Encode(cacheFile{Version: cacheVersion, Entries: merged}); err != nil {
		return err
	}
	if err := replaceFile(c.path, b.Bytes()); err != nil {
		return fmt.Errorf("cache %q cannot be written: %v", c.path, err)
	}
	c.entries = merged
	c.dirty = false
	return nil
}

// replaceFile writes data to a temporary file in the directory of path
// and renames it over path. The rename replaces what is at path, never
// following a symbolic link there; one found there is refused all the
// same, as is anything else but a regular file.
func replaceFile(path string, data []byte) (err error) {
	if info, err := os.Lstat(path); err == nil && !info.Mode().IsRegular() {
		return errNotRegular
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".urilint-cache-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
