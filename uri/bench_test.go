package uri

import (
	"net/url"
	"testing"
)

// benchURIs is a realistic mix: the kinds of URI that appear in Go code
// and in documentation, all valid and in normal form.
var benchURIs = []string{
	"https://example.com/",
	"https://api.example.com/v1/users/42?expand=orders&limit=10#top",
	"http://www.ietf.org/rfc/rfc2396.txt",
	"https://user@git.example.org/org/repo.git",
	"http://192.0.2.16:8080/status",
	"http://[2001:db8::7]/c=GB?objectClass?one",
	"https://[::1]:8443/healthz",
	"mailto:John.Doe@example.com",
	"urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
	"file:///etc/hosts",
	"ftp://ftp.is.co.za/rfc/rfc1808.txt",
	"ws://localhost:9000/socket",
	"wss://stream.example.com/feed?token=abc123",
	"tel:+1-816-555-1212",
	"news:comp.infosystems.www.servers.unix",
	"../images/logo.png",
	"/static/css/site.css?v=3",
	"docs/getting-started.md#install",
	"?page=2",
	"#section-3.2",
	"https://example.com/a/b/c/d;p?q=1&r=%E2%82%AC",
	"https://pkg.go.dev/net/url#URL.ResolveReference",
	"postgres://db.internal:5432/app?sslmode=disable",
	"https://en.wikipedia.org/wiki/Uniform_Resource_Identifier_(disambiguation)",
}

func benchBytes() int64 {
	n := 0
	for _, s := range benchURIs {
		n += len(s)
	}
	return int64(n)
}

// benchNetURL is the peer: net/url.Parse over the same mix.
func benchNetURL(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(benchBytes())
	for b.Loop() {
		for _, s := range benchURIs {
			if _, err := url.Parse(s); err != nil {
				b.Fatal(err)
			}
		}
	}
}

var sinkURI *URI

// BenchmarkParse compares Parse with net/url.Parse on benchURIs; compare
// with "benchstat -col /impl".
func BenchmarkParse(b *testing.B) {
	b.Run("impl=uri", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(benchBytes())
		for b.Loop() {
			for _, s := range benchURIs {
				u, err := Parse(s)
				if err != nil {
					b.Fatal(err)
				}
				sinkURI = u
			}
		}
	})
	b.Run("impl=net-url", benchNetURL)
}

// BenchmarkValidate is the validation-only path, which never allocates.
func BenchmarkValidate(b *testing.B) {
	b.Run("impl=uri", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(benchBytes())
		for b.Loop() {
			for _, s := range benchURIs {
				if !Valid(s) {
					b.Fatal(s)
				}
			}
		}
	})
	b.Run("impl=net-url", benchNetURL)
}

// BenchmarkNormalize normalizes already normal input, which must cost no
// allocation and no more than net/url.Parse.
func BenchmarkNormalize(b *testing.B) {
	b.Run("impl=uri", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(benchBytes())
		for b.Loop() {
			for _, s := range benchURIs {
				if _, err := Normalize(s); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("impl=net-url", benchNetURL)
}

// BenchmarkCheck is the shared check on clean input, the common case for
// the analyzer and the docs audit.
func BenchmarkCheck(b *testing.B) {
	b.Run("impl=uri", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(benchBytes())
		for b.Loop() {
			for _, s := range benchURIs {
				if fs := Check(s); fs != nil {
					b.Fatal(s, fs)
				}
			}
		}
	})
	b.Run("impl=net-url", benchNetURL)
}

// benchIRIs are IRIs of the kinds found in documentation: non-ASCII
// paths, fragments and queries, and an internationalized host.
var benchIRIs = []string{
	"https://de.wikipedia.org/wiki/Straße",
	"https://github.com/kubernetes/community/blob/master/README.md#підписання-cla",
	"https://github.com/search?utf8=✓&q=uri",
	"http://例え.jp/",
	"https://bücher.example/katalog?q=straße",
}

// BenchmarkCheckIRI is Check on IRIs: each has an iri finding, whose
// message and fix are what it allocates for, and the hosts go through
// UTS #46.
func BenchmarkCheckIRI(b *testing.B) {
	b.ReportAllocs()
	n := 0
	for _, s := range benchIRIs {
		n += len(s)
	}
	b.SetBytes(int64(n))
	for b.Loop() {
		for _, s := range benchIRIs {
			if fs := Check(s); len(fs) != 1 || fs[0].Category != CategoryIRI {
				b.Fatal(s, fs)
			}
		}
	}
}
