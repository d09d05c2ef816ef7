package remote_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"

	"github.com/urilint/urilint/audit"
	"github.com/urilint/urilint/audit/remote"
)

// A Checker set as audit.Config.Remote checks the web links of the
// documents that the audit reads, each distinct URL once.
func Example() {
	mux := http.NewServeMux()
	mux.HandleFunc("/guide", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<h2 id="install">Install</h2>`)
	})
	srv := httptest.NewServer(mux) // on the loopback interface
	defer srv.Close()

	dir, err := os.MkdirTemp("", "docs")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	doc := "See " + srv.URL + "/guide#install, " + srv.URL + "/guide#setup and " + srv.URL + "/gone.\n"
	if err := os.WriteFile(filepath.Join(dir, "README.md"), []byte(doc), 0o644); err != nil {
		panic(err)
	}

	checker, err := remote.New(remote.DefaultConfig())
	if err != nil {
		panic(err)
	}
	r := audit.Run(audit.Config{Root: dir, Remote: checker}, []string{dir})
	for _, f := range r.Findings {
		fmt.Printf("%s: %s\n", f.Category, strings.ReplaceAll(f.Message, srv.URL, "http://docs.example"))
	}
	// Output:
	// link-fragment: the fragment "setup" matches no id or anchor name on "http://docs.example/guide"
	// link-client-error: "http://docs.example/gone" returns 404 not found
}

func ExampleChecker_Check() {
	mux := http.NewServeMux()
	mux.HandleFunc("/guide", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<h2 id="install">Install</h2>`)
	})
	mux.Handle("/old", http.RedirectHandler("/guide", http.StatusMovedPermanently))
	srv := httptest.NewServer(mux)
	defer srv.Close()

	c, err := remote.New(remote.DefaultConfig())
	if err != nil {
		panic(err)
	}
	links := []string{srv.URL + "/guide#install", srv.URL + "/guide#usage", srv.URL + "/old", srv.URL + "/gone", "mailto:joe@example.com"}
	res, err := c.Check(context.Background(), links)
	if err != nil {
		panic(err)
	}
	for _, l := range links {
		r, checked := res[l]
		if !checked {
			fmt.Printf("%s: not checked\n", l)
			continue
		}
		if r.Category == "" {
			fmt.Printf("%d: fine\n", r.Status)
			continue
		}
		msg := strings.ReplaceAll(r.Message, srv.URL, "http://docs.example")
		fmt.Printf("%s: %s\n", r.Category, msg)
	}
	// Output:
	// 200: fine
	// link-fragment: the fragment "usage" matches no id or anchor name on "http://docs.example/guide"
	// link-moved: "http://docs.example/old" moved permanently to "http://docs.example/guide"
	// link-client-error: "http://docs.example/gone" returns 404 not found
	// mailto:joe@example.com: not checked
}

func ExampleNew() {
	cfg := remote.DefaultConfig()
	cfg.PerHost = 0
	_, err := remote.New(cfg)
	fmt.Println(err)
	// Output: per-host limit 0 is not a positive number
}

func ExampleUserAgent() {
	fmt.Println(remote.UserAgent())
	// Output: urilint/devel (+https://github.com/urilint/urilint)
}

func ExampleDefaultConfig() {
	cfg := remote.DefaultConfig()
	fmt.Println(cfg.Concurrency, cfg.PerHost, cfg.Timeout, cfg.Retries, cfg.CacheTTL)
	// Output: 128 10 10s 2 24h0m0s
}
