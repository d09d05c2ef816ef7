//go:build ignore

// check is what uriextract -check -remote will do until it is wired: it
// extracts the links of the Markdown files under a directory (code spans
// and blocks aside, as uriextract does), checks them with
// internal/remote's defaults, prints the findings as file:line:col:
// message, and a summary line on standard error.
//
//	go run scripts/bench-remote/check.go DIR
package main

import (
	"context"
	"fmt"
	"io/fs"
	"log"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/remote"
)

type place struct {
	file string
	pos  extract.Position
	uri  string
}

func main() {
	if len(os.Args) != 2 {
		log.Fatal("usage: check DIR")
	}
	start := time.Now()
	var places []place
	err := filepath.WalkDir(os.Args[1], func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(name), ".md") {
			return err
		}
		src, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		for _, l := range extract.Markdown(src) {
			places = append(places, place{name, l.Start, l.URI})
		}
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
	urls := make([]string, len(places))
	for i, p := range places {
		urls[i] = p.uri
	}
	c, err := remote.New(remote.DefaultConfig())
	if err != nil {
		log.Fatal(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := c.Check(ctx, urls)
	if err != nil {
		log.Print(err)
	}
	found := 0
	for _, p := range places {
		if r := res[p.uri]; r.Category != "" {
			found++
			fmt.Printf("%s:%d:%d: %s\n", p.file, p.pos.Line, p.pos.Column, r.Message)
		}
	}
	fmt.Fprintf(os.Stderr, "check: %d links, %d checked URLs, %d findings in %v\n", len(places), len(res), found, time.Since(start).Round(time.Millisecond))
	if found > 0 {
		os.Exit(1)
	}
}
