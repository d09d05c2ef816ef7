package main

import (
	"flag"
	"io"
	"testing"
	"time"

	"github.com/urilint/urilint/internal/config"
	"github.com/urilint/urilint/internal/version"
)

// TestRemoteSettings: each bound of the remote checks comes from its
// flag, else from the configuration file's remote section, else the
// default; a flag wins over the file.
func TestRemoteSettings(t *testing.T) {
	file, err := config.Decode(".urilint.yaml", []byte("version: 1\nremote:\n  max-time: 3m\n  url-time: 1m\n  timeout: 7s\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args                   []string
		maxTime, urlTime, each time.Duration
	}{
		{nil, 3 * time.Minute, time.Minute, 7 * time.Second},
		{[]string{"-url-time", "20s"}, 3 * time.Minute, 20 * time.Second, 7 * time.Second},
		{[]string{"-max-time", "0", "-url-time", "0", "-timeout", "2s"}, 0, 0, 2 * time.Second},
	} {
		var o options
		var v *version.Flag
		fset := newFlags(&o, &v, io.Discard)
		if err := fset.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		set := map[string]bool{}
		fset.Visit(func(f *flag.Flag) { set[f.Name] = true })
		if err := o.apply(file, set); err != nil {
			t.Fatal(err)
		}
		if n := o.audit.net; n.MaxTime != c.maxTime || n.URLBudget != c.urlTime || n.Timeout != c.each {
			t.Errorf("%q: max-time %v, url-time %v, timeout %v; want %v, %v, %v", c.args, n.MaxTime, n.URLBudget, n.Timeout, c.maxTime, c.urlTime, c.each)
		}
	}
}
