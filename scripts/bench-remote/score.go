//go:build ignore

// score scores a link checker's report against the truth that web.go
// wrote: the URLs reported broken against those that are dead.
//
//	go run scripts/bench-remote/score.go -truth FILE -tool uriextract|linkinator|mlc REPORT
//
// prints "precision recall F1 tp fp fn". URLs whose truth is "skip"
// (hanging and resetting hosts, whose verdict is a matter of policy)
// count neither way. A URL reported without its fragment counts for the
// URLs that differ from it only by their fragment.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"regexp"
	"strings"
)

func main() {
	truthFile := flag.String("truth", "", "the truth file of web.go")
	tool := flag.String("tool", "", "uriextract, linkinator or mlc")
	flag.Parse()
	truth := map[string]string{}
	data, err := os.ReadFile(*truthFile)
	if err != nil {
		log.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		t, u, _ := strings.Cut(line, " ")
		truth[u] = t
	}
	report, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		log.Fatal(err)
	}
	broken := map[string]bool{}
	switch *tool {
	case "uriextract":
		sc := bufio.NewScanner(strings.NewReader(string(report)))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var f struct{ URI, Category, Verdict string }
			if json.Unmarshal(sc.Bytes(), &f) != nil {
				continue
			}
			// A moved link works; unconfirmed and unchecked fail nothing.
			if f.Verdict == "" && f.Category != "link-moved" && strings.HasPrefix(f.Category, "link-") {
				broken[f.URI] = true
			}
		}
	case "linkinator":
		var r struct {
			Links []struct {
				URL   string `json:"url"`
				State string `json:"state"`
			} `json:"links"`
		}
		i := strings.IndexByte(string(report), '{')
		if i < 0 || json.Unmarshal(report[i:], &r) != nil {
			log.Fatal("linkinator: no JSON report")
		}
		for _, l := range r.Links {
			if l.State == "BROKEN" {
				broken[l.URL] = true
			}
		}
	case "mlc":
		re := regexp.MustCompile(`\[✖\] (\S+)`)
		for _, m := range re.FindAllStringSubmatch(string(report), -1) {
			broken[m[1]] = true
		}
	default:
		log.Fatalf("unknown tool %q", *tool)
	}
	reported := func(u string) bool {
		if broken[u] {
			return true
		}
		base, _, _ := strings.Cut(u, "#")
		return broken[base] || broken[base+"/"]
	}
	tp, fp, fn := 0, 0, 0
	for u, t := range truth {
		switch r := reported(u); {
		case t == "skip":
		case t == "dead" && r:
			tp++
		case t == "dead":
			fn++
		case r:
			fp++
		}
	}
	p := float64(tp) / max(float64(tp+fp), 1)
	rc := float64(tp) / max(float64(tp+fn), 1)
	f1 := 0.0
	if p+rc > 0 {
		f1 = 2 * p * rc / (p + rc)
	}
	fmt.Printf("precision %.3f recall %.3f F1 %.3f (tp %d fp %d fn %d)\n", p, rc, f1, tp, fp, fn)
}
