//go:build ignore

// web is the realistic web of bench-remote.sh (issue 27): 25 hosts on
// 127.0.0.1 to 127.0.0.25, one port, each with a behaviour that link
// checkers meet in the wild, and a tree of Markdown files linking to
// them, with the truth about each URL.
//
//	go run scripts/bench-remote/web.go -tree DIR -truth FILE -port-file FILE
//
// writes DIR (100 files, 30 links each, over the distinct URLs; one URL in
// 30 files) and FILE (one line a distinct URL: "dead", "alive" or "skip"
// and the URL), then serves until killed. /__stats on any host gives the
// requests and the distinct URLs requested, and ?reset=1 zeroes them
// (and the hosts' memory: a 429 or a 500 answers again first).
//
// The hosts:
//
//	1-10   docs hosts, 20 to 110 ms latency: pages, 404s, 410s
//	11     redirects: 301 and 308 chains that end well, a 301 to a 404, loops
//	12     answers 403 to HEAD, the page to GET
//	13     429 with Retry-After: 1 to the first request of each page
//	14     429 always, no Retry-After (alive: it is not dead, only busy)
//	15     hangs (never answers)                  skipped by the score
//	16     resets every connection                skipped by the score
//	17     500 to the first request of each page, then the page
//	18     a 20 MB page, ids at its start and its end
//	19     403 unless the User-Agent is a browser's (Mozilla/...)
//	20     pages whose fragments exist, or not
//	21-25  fast hosts (10 ms): pages and 404s
//
// and three URLs on host names that do not exist (.invalid).
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

type url struct {
	u     string
	truth string // dead, alive, skip
}

var (
	mu       sync.Mutex
	requests int
	methods  = map[string]int{}
	seen     = map[string]bool{}
	answered = map[string]int{} // requests per host+path
	perHost  = map[string]int{}
)

func main() {
	tree := flag.String("tree", "", "directory to write the Markdown tree to")
	truth := flag.String("truth", "", "file to write the truth to")
	portFile := flag.String("port-file", "", "file to write the port to once listening")
	flag.Parse()

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	lns := []net.Listener{ln}
	for i := 2; i <= 25; i++ {
		l, err := net.Listen("tcp", fmt.Sprintf("127.0.0.%d:%d", i, port))
		if err != nil {
			log.Fatal(err)
		}
		lns = append(lns, l)
	}
	urls := web(port)
	if err := writeTree(*tree, *truth, urls); err != nil {
		log.Fatal(err)
	}
	big := bigPage()
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		serve(w, r, big)
	}), ErrorLog: log.New(io{}, "", 0)}
	for _, l := range lns {
		go srv.Serve(l)
	}
	if *portFile != "" {
		os.WriteFile(*portFile+".tmp", []byte(strconv.Itoa(port)), 0o644)
		os.Rename(*portFile+".tmp", *portFile)
	}
	select {}
}

type io struct{}

func (io) Write(p []byte) (int, error) { return len(p), nil }

// web returns the distinct URLs and their truth.
func web(port int) []url {
	var out []url
	h := func(i int) string { return fmt.Sprintf("http://127.0.0.%d:%d", i, port) }
	add := func(truth, format string, args ...any) { out = append(out, url{fmt.Sprintf(format, args...), truth}) }
	for i := 1; i <= 10; i++ {
		for n := range 25 {
			if n%5 == 0 {
				add("alive", "%s/p/%d.html#s%d", h(i), n, n%4+1)
			} else {
				add("alive", "%s/p/%d.html", h(i), n)
			}
		}
		add("dead", "%s/missing/%d", h(i), 1)
		add("dead", "%s/missing/%d", h(i), 2)
		add("dead", "%s/gone/%d", h(i), 1)
	}
	for n := range 10 {
		add("alive", "%s/m301/%d", h(11), n)
	}
	for n := range 5 {
		add("alive", "%s/m308/%d", h(11), n)
	}
	for n := range 3 {
		add("dead", "%s/chain404/%d", h(11), n)
	}
	for n := range 2 {
		add("dead", "%s/loop/%d", h(11), n)
	}
	for n := range 10 {
		add("alive", "%s/p/%d.html", h(12), n)
	}
	for n := range 10 {
		add("alive", "%s/p/%d.html", h(13), n)
	}
	for n := range 8 {
		add("alive", "%s/p/%d.html", h(14), n)
	}
	for n := range 4 {
		add("skip", "%s/p/%d.html", h(15), n)
	}
	for n := range 3 {
		add("skip", "%s/p/%d.html", h(16), n)
	}
	for n := range 5 {
		add("alive", "%s/p/%d.html", h(17), n)
	}
	add("alive", "%s/big.html#start", h(18))
	add("alive", "%s/big.html#end", h(18))
	add("dead", "%s/big.html#absent", h(18))
	for n := range 6 {
		add("alive", "%s/p/%d.html", h(19), n)
	}
	for n := range 10 {
		add("alive", "%s/f/%d.html#s2", h(20), n)
	}
	for n := range 5 {
		add("dead", "%s/f/%d.html#nowhere", h(20), n)
	}
	for i := 21; i <= 25; i++ {
		for n := range 18 {
			add("alive", "%s/p/%d.html", h(i), n)
		}
		add("dead", "%s/missing/%d", h(i), 1)
		add("dead", "%s/missing/%d", h(i), 2)
	}
	for n := range 3 {
		add("dead", "http://no-such-host-%d.invalid/", n)
	}
	return out
}

// writeTree writes 100 files of 30 links each, link k of file i being
// URL (30i+k) mod len(urls), and URL 0 once more in files 0 to 29.
func writeTree(dir, truth string, urls []url) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for i := range 100 {
		var b strings.Builder
		fmt.Fprintf(&b, "# Document %d\n\nSome prose with links.\n\n", i)
		for k := range 30 {
			u := urls[(30*i+k)%len(urls)]
			fmt.Fprintf(&b, "- See [link %d](%s) for more.\n", k, u.u)
		}
		if i < 30 {
			fmt.Fprintf(&b, "\nAlso [the main page](%s).\n", urls[0].u)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("doc-%03d.md", i)), []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	f, err := os.Create(truth)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	for _, u := range urls {
		fmt.Fprintf(w, "%s %s\n", u.truth, u.u)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Close()
}

func bigPage() []byte {
	var b strings.Builder
	b.WriteString(`<!doctype html><title>Big</title><h1 id="start">Start</h1>`)
	for b.Len() < 20<<20 {
		b.WriteString("<p>A long page of reference material, paragraph after paragraph.</p>\n")
	}
	b.WriteString(`<h2 id="end">End</h2>`)
	return []byte(b.String())
}

func page(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprint(w, `<!doctype html><title>Page</title><h1 id="s1">One</h1><h2 id="s2">Two</h2><h2 id="s3">Three</h2><a name="s4"></a><p>Text.</p>`)
}

func serve(w http.ResponseWriter, r *http.Request, big []byte) {
	host, _, _ := net.SplitHostPort(r.Host)
	if r.URL.Path == "/__stats" {
		mu.Lock()
		defer mu.Unlock()
		json.NewEncoder(w).Encode(map[string]any{"requests": requests, "distinct": len(seen), "methods": methods})
		if r.URL.Query().Get("reset") == "1" {
			requests, methods, seen, answered, perHost = 0, map[string]int{}, map[string]bool{}, map[string]int{}, map[string]int{}
		}
		return
	}
	n, _ := strconv.Atoi(strings.TrimPrefix(host, "127.0.0."))
	key := host + r.URL.Path
	mu.Lock()
	requests++
	methods[r.Method]++
	seen[key] = true
	answered[key]++
	count := answered[key]
	perHost[host]++
	mu.Unlock()
	switch {
	case n >= 1 && n <= 10:
		time.Sleep(time.Duration(10+10*n) * time.Millisecond)
	case n >= 21:
		time.Sleep(10 * time.Millisecond)
	default:
		time.Sleep(30 * time.Millisecond)
	}
	parts := strings.Split(strings.Trim(r.URL.Path, "/"), "/")
	id := parts[len(parts)-1]
	switch n {
	case 11:
		switch parts[0] {
		case "m301":
			http.Redirect(w, r, fmt.Sprintf("http://%s/p/%s.html", r.Host, id), http.StatusMovedPermanently)
		case "m308":
			http.Redirect(w, r, "/m301/"+id, http.StatusPermanentRedirect)
		case "chain404":
			http.Redirect(w, r, "/missing/"+id, http.StatusMovedPermanently)
		case "loop":
			http.Redirect(w, r, "/loop2/"+id, http.StatusFound)
		case "loop2":
			http.Redirect(w, r, "/loop/"+id, http.StatusFound)
		case "p":
			page(w)
		default:
			http.NotFound(w, r)
		}
		return
	case 12:
		if r.Method == http.MethodHead {
			w.WriteHeader(http.StatusForbidden)
			return
		}
	case 13:
		if count == 1 {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
	case 14:
		w.WriteHeader(http.StatusTooManyRequests)
		return
	case 15:
		<-r.Context().Done()
		return
	case 16:
		if conn, _, err := http.NewResponseController(w).Hijack(); err == nil {
			if tc, ok := conn.(*net.TCPConn); ok {
				tc.SetLinger(0)
			}
			conn.Close()
		}
		return
	case 17:
		if count == 1 {
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
	case 18:
		w.Header().Set("Content-Type", "text/html")
		w.Write(big)
		return
	case 19:
		if !strings.HasPrefix(r.UserAgent(), "Mozilla/") {
			w.WriteHeader(http.StatusForbidden)
			fmt.Fprint(w, "<p>Please use a browser.</p>")
			return
		}
	}
	switch parts[0] {
	case "missing":
		http.NotFound(w, r)
	case "gone":
		w.WriteHeader(http.StatusGone)
	case "p", "f":
		page(w)
	default:
		http.NotFound(w, r)
	}
}
