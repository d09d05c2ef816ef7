package remote_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/urilint/urilint/audit/remote"
)

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
