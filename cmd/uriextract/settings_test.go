package main

import (
	"io"
	"path/filepath"
	"testing"
	"time"

	"github.com/urilint/urilint/audit/remote"
	"github.com/urilint/urilint/internal/config"
	"github.com/urilint/urilint/internal/version"
	"github.com/urilint/urilint/internal/wire"
)

// precedenceTests: each setting comes from its flag when the user set
// it, else from the configuration file, else the default; a flag set to
// its default or to zero still wins.
var precedenceTests = []struct {
	name string
	file string // the configuration, "" for none
	args []string
	want func(o *options, net remote.Config) (got, want any)
}{
	{"default", "", nil, func(o *options, net remote.Config) (any, any) {
		return net.Timeout, remote.DefaultTimeout
	}},
	{"file", "remote:\n  timeout: 7s\n", nil, func(o *options, net remote.Config) (any, any) {
		return net.Timeout, 7 * time.Second
	}},
	{"flag over file", "remote:\n  timeout: 7s\n", []string{"-timeout", "2s"}, func(o *options, net remote.Config) (any, any) {
		return net.Timeout, 2 * time.Second
	}},
	{"flag zero over file", "remote:\n  max-time: 3m\n  url-time: 1m\n", []string{"-max-time", "0", "-url-time", "0"}, func(o *options, net remote.Config) (any, any) {
		return [2]time.Duration{net.MaxTime, net.URLBudget}, [2]time.Duration{}
	}},
	{"flag at default over file", "remote:\n  retries: 5\n", []string{"-retries", "2"}, func(o *options, net remote.Config) (any, any) {
		return net.Retries, 2
	}},
	{"file zero retries", "remote:\n  retries: 0\n", nil, func(o *options, net remote.Config) (any, any) {
		return net.Retries, 0
	}},
	{"file only key", "remote:\n  failure-ttl: 2h\n", nil, func(o *options, net remote.Config) (any, any) {
		return net.FailureTTL, 2 * time.Hour
	}},
	{"lists append", "remote:\n  exclude-urls: [a]\n", []string{"-exclude-url", "b,c"}, func(o *options, net remote.Config) (any, any) {
		var res []string
		for _, re := range net.Exclude {
			res = append(res, re.String())
		}
		return res, []string{"a", "b,c"}
	}},
	{"path from the file's folder", "remote:\n  cache: links.json\n", nil, func(o *options, net remote.Config) (any, any) {
		return net.Cache, filepath.Join("sub", "links.json")
	}},
	{"path of the flag as typed", "remote:\n  cache: links.json\n", []string{"-cache", "mine.json"}, func(o *options, net remote.Config) (any, any) {
		return net.Cache, "mine.json"
	}},
	{"hosts of the file, then -header", "remote:\n  hosts: [{match: a.example, user-agent: x}]\n", []string{"-header", "b.example=X-A: 1"}, func(o *options, net remote.Config) (any, any) {
		return [2]string{net.Hosts[0].Pattern, net.Hosts[1].Pattern}, [2]string{"a.example", "b.example"}
	}},
}

// TestSettingsPrecedence runs precedenceTests through the flags of
// uriextract, config.Flags.Resolve and wire.Remote, as run does.
func TestSettingsPrecedence(t *testing.T) {
	for _, c := range precedenceTests {
		file := &config.File{}
		if c.file != "" {
			var err error
			if file, err = config.Decode(filepath.Join("sub", ".urilint.yaml"), []byte("version: 1\n"+c.file)); err != nil {
				t.Fatal(err)
			}
		}
		var o options
		var v *version.Flag
		if err := newFlags(&o, &v, io.Discard).Parse(c.args); err != nil {
			t.Fatal(err)
		}
		net, err := wire.Remote(o.settings.Resolve(file), &o.env)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := c.want(&o, net); !equal(got, want) {
			t.Errorf("%s: file %q, flags %q: got %v, want %v", c.name, c.file, c.args, got, want)
		}
	}
}

func equal(a, b any) bool {
	if as, ok := a.([]string); ok {
		bs, _ := b.([]string)
		if len(as) != len(bs) {
			return false
		}
		for i := range as {
			if as[i] != bs[i] {
				return false
			}
		}
		return true
	}
	return a == b
}
