//go:build ignore

// server is the link target of bench-remote.sh: a web server that answers
// every request after a fixed latency with a small HTML page, on
// 127.0.0.1 and on more loopback addresses (127.0.0.2, ...) with the same
// port, so that one process plays several hosts. It counts the requests,
// and the distinct URLs among them (first requests), at /__stats, which
// ?reset=1 zeroes.
//
// Paths under three prefixes play rate-limiting hosts (issue 19, item 12):
//
//	/r429/N/...   429 with "Retry-After: N" until N seconds after the first
//	              request for the path, then the page
//	/always429/... 429 without Retry-After, always
//	/hold/...     429 with "Retry-After: 999999", always
//
//	go run scripts/bench-remote/server.go -latency 50ms -hosts 20 -port-file /tmp/port
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

type stats struct {
	mu       sync.Mutex
	requests int
	methods  map[string]int
	seen     map[string]bool
	first    map[string]time.Time // of each /r429/ path
}

func (s *stats) reset() {
	s.requests, s.methods, s.seen, s.first = 0, make(map[string]int), make(map[string]bool), make(map[string]time.Time)
}

func main() {
	latency := flag.Duration("latency", 50*time.Millisecond, "time to wait before each answer")
	hosts := flag.Int("hosts", 1, "how many loopback addresses to listen on, from 127.0.0.1 up")
	portFile := flag.String("port-file", "", "file to write the port to once listening")
	flag.Parse()

	var s stats
	s.reset()
	mux := http.NewServeMux()
	mux.HandleFunc("/__stats", func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		defer s.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"requests": s.requests, "first": len(s.seen), "methods": s.methods})
		if r.URL.Query().Get("reset") == "1" {
			s.reset()
		}
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.requests++
		s.methods[r.Method]++
		key := strings.ToLower(r.Host) + r.URL.RequestURI()
		s.seen[key] = true
		first, ok := s.first[key]
		if !ok {
			first = time.Now()
			s.first[key] = first
		}
		s.mu.Unlock()
		time.Sleep(*latency)
		switch parts := strings.SplitN(r.URL.Path, "/", 4); parts[1] {
		case "r429":
			secs, _ := strconv.Atoi(parts[2])
			if time.Since(first) < time.Duration(secs)*time.Second {
				w.Header().Set("Retry-After", parts[2])
				w.WriteHeader(http.StatusTooManyRequests)
				return
			}
		case "always429":
			w.WriteHeader(http.StatusTooManyRequests)
			return
		case "hold":
			w.Header().Set("Retry-After", "999999")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, "<!doctype html><title>%s</title><h1 id=\"top-heading\">%s</h1>\n", r.URL.Path, r.URL.Path)
	})

	first, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	port := first.Addr().(*net.TCPAddr).Port
	listeners := []net.Listener{first}
	for i := 2; i <= *hosts; i++ {
		l, err := net.Listen("tcp", fmt.Sprintf("127.0.0.%d:%d", i, port))
		if err != nil {
			log.Fatal(err)
		}
		listeners = append(listeners, l)
	}
	for _, l := range listeners {
		go func() { log.Fatal(http.Serve(l, mux)) }()
	}
	if *portFile != "" {
		if err := os.WriteFile(*portFile, []byte(fmt.Sprint(port)), 0o644); err != nil {
			log.Fatal(err)
		}
	}
	select {}
}
