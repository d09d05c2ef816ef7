package testson

import (
	"net/http"
	"testing"
)

// With -tests, the deliberate bad inputs of a parser test are its
// fixtures: not reported.
func TestParse(t *testing.T) {
	for _, in := range []string{
		"https://exa mple.com/",
		"http://[::1",
	} {
		_ = in
	}
}

// Credentials in tests are fixtures, placeholders or made up to look
// real.
var clients = []string{
	"postgres://user:password@localhost:5432/db",
	"redis://:pw@localhost:6379/0",
	"postgres://doadmin:zt91mum075ofzyww@db.example.com:25060/defaultdb",
}

const deploy = "https://deploy:9fQ2xLr7Vb1Kw3Zp@example.com/"

// A placeholder host named like the variable it stands for.
const authURL = "http://authURL"

// A test of something else gets its URLs checked.
func TestClient(t *testing.T) {
	_, _ = http.Get("https://exa mple.com/") // want `invalid character ' ' in host`
	_ = "HTTPS://example.com/"               // want `scheme "HTTPS" should be lowercase`
}

// A test named for what it tests: dot segments on purpose.
func TestDotPath(t *testing.T) {
	_ = "https://example.com/a/../b"
}

// A table whose rows hold the verdict feeds its URLs to the code under
// test on purpose.
func TestTokenOnlySentToHost(t *testing.T) {
	for _, tt := range []struct {
		url     string
		allowed bool
	}{
		{"https://FILES.example.com/a.txt", true},
		{"https://files.example.com:443/a.txt", true},
		{"https://files.example.com@evil.example/a.txt", false},
	} {
		_ = tt
	}
}

// A row that says what it tests.
func TestTopology(t *testing.T) {
	for _, tt := range []struct {
		name string
		uri  string
		msgs []string
	}{
		{name: "case-insensitive matching", uri: "mongodb://a.MONGO.EXAMPLE.COM:19555/"},
		{name: "cosmos", uri: "mongodb://a.MONGO.EXAMPLE.COM:19555/"}, // want `host "a.MONGO.EXAMPLE.COM" should be lowercase`
	} {
		_ = tt
	}
}
