package service

import (
	"encoding/json"
	"log"
	"net/http"
	"regexp"
)

// allowedOrigin matches the web front ends.
var allowedOrigin = regexp.MustCompile(`^https://([a-z]+\.)?example\.com$`)

// Routes registers the handlers.
func Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /v1/users/{id}", getUser)
	mux.HandleFunc("GET /login", login)
	mux.HandleFunc("GET /old", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/new page", http.StatusMovedPermanently) // want `invalid character ' ' in path`
	})
	mux.HandleFunc("GET /docs", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, DocsURL, http.StatusFound)
	})
}

func getUser(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if origin := r.Header.Get("Origin"); origin != "" && allowedOrigin.MatchString(origin) {
		w.Header().Set("Access-Control-Allow-Origin", origin)
	}
	w.Header().Set("Link", "<https://api.example.com/v1/users>; rel=\"collection\"")
	json.NewEncoder(w).Encode(map[string]string{
		"id":      id,
		"self":    "https://api.example.com/v1/users/" + id,
		"avatar":  "https://cdn.example.com/avatars/%7E" + id, // normalization is for whole values
		"profile": "https://example.com/users/" + id + "/profile",
	})
}

func login(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Query().Get("provider") {
	case "https://accounts.example.com":
	default:
		log.Printf("unknown provider, redirecting to %s", "https://accounts.example.com/")
	}
	http.Redirect(w, r, "https://accounts.example.com/o/oauth2/auth?client_id=abc&redirect_uri=https%3a%2f%2fexample.com%2fcallback", http.StatusFound) // want `percent-encoding "%3a" should use uppercase hex digits "%3A" \(and 3 more\)`
}
