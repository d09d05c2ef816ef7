package policy

import "testing"

var plausibleOpaqueTests = []struct {
	in   string
	want bool
}{
	{"mailto:joe@example.com", true},
	{"urn:isbn:0451450523", true},
	{"URN:ISBN:0-395-36341-1", true}, // RFC 2141's own examples are in capitals
	{"news:comp.lang.go", true},
	{"tel:+1-201-555-0123", true},
	{"TEL:+1-201-555-0123", true},
	{"info:lccn/2002022641", true}, // RFC 4452 section 3
	{"sip:alice@example.com", true},
	{"spotify:track:6rqhFgbbKwnb9MLmUQDhG6", true},
	{"file:line", false},
	{"tag:latest", false},
	// RFC 4452: an info URI has a namespace and a "/".
	{"info:display-text", false},
	// Headers, properties and labels: a capital scheme without a known shape.
	{"Content-Type:application/sdp", false},
	{"content-type:application/sdp", true},
	{"FAX:+1-418-656-9254", false},
	{"Prospero:/papers/subjects", false},
	{"HTTP:/example.com/path", false},
	{"http:/example.com/path", true},
	{"Session:a.b", false},
	// Colon-separated hex.
	{"bb:95:e0:4f:1c", false},
	{"FEED::7", false},
	{"feed::7", false},
	{"BEEF::/48", false},
	{"feed::192.0.2.1", false},
	{"feed:news.example", true},
	{"dab:1:2:xyz", true},
	// A scope operator.
	{"APT::Get::Install", false},
	{"http::geturl", false},
	{"http::/site/path", false},
}

func TestPlausibleOpaque(t *testing.T) {
	for _, tt := range plausibleOpaqueTests {
		i := indexColon(tt.in)
		if got := PlausibleOpaque(tt.in[:i], tt.in[i+1:]); got != tt.want {
			t.Errorf("PlausibleOpaque(%q, %q) = %v, want %v", tt.in[:i], tt.in[i+1:], got, tt.want)
		}
	}
}

func indexColon(s string) int {
	for i := range len(s) {
		if s[i] == ':' {
			return i
		}
	}
	return -1
}

var gluedSchemeTests = []struct {
	scheme string
	want   int
}{
	{"greathttps", 5},
	{"OWNERShttps", 6},
	{"seehttp", 3},
	{"xftp", 0}, // registered
	{"https", 0},
	{"dhttp", 0},   // registered
	{"sftp", 0},    // registered
	{"git+ssh", 0}, // not letters
	{"v2https", 0},
	{"profile", 0}, // file may go without "//": no glued word
	{"myapp", 0},
	{"windows", 0}, // "ws" is too short to tell a glued word
	{"awss", 1},
	{"xwais", 1},
	{"", 0},
}

func TestGluedScheme(t *testing.T) {
	for _, tt := range gluedSchemeTests {
		if got := GluedScheme(tt.scheme); got != tt.want {
			t.Errorf("GluedScheme(%q) = %d, want %d", tt.scheme, got, tt.want)
		}
		if got := GluedScheme([]byte(tt.scheme)); got != tt.want {
			t.Errorf("GluedScheme([]byte(%q)) = %d, want %d", tt.scheme, got, tt.want)
		}
	}
}

var base64ValueTests = []struct {
	in   string
	want bool
}{
	{"h1://AqZbyNHeLOKZB3J/UPPXaBvk3nCqvqVRbPkffDx60=", true},
	{"h1://AqZbyNHeLOKZB3J/UPPXaBvk3nCqvqVRbPkffDx60=.", true},
	{"h1://AqZbyNHeLOKZB3J/UPPXaBvk3nCqvqVRbPkffDx60= next", true},
	{"h1://AqZbyNHeLOKZB3J/UPPXaBvk3nCqvqVRbPkffDx60=/x", false},  // the token goes on
	{"h1://AqZbyNHeLOKZB3J/UPPXaBvk3nCqvqVRbPkffDx60", false},     // no padding
	{"https://AqZbyNHeLOKZB3J/UPPXaBvk3nCqvqVRbPkffDx60=", false}, // a registered scheme
	{"myapp://open/a=", false},                                    // too short
	{"myapp://example/path/to/file=", false},                      // one case only
}

func TestBase64Value(t *testing.T) {
	for _, tt := range base64ValueTests {
		i := indexColon(tt.in)
		if got := Base64Value(tt.in[:i], tt.in[i+1:]); got != tt.want {
			t.Errorf("Base64Value(%q, %q) = %v, want %v", tt.in[:i], tt.in[i+1:], got, tt.want)
		}
	}
}

// TestGluedSchemeCost: a long scheme costs no allocation and no more than
// a look at its last bytes.
func TestGluedSchemeCost(t *testing.T) {
	long := make([]byte, 1<<16)
	for i := range long {
		long[i] = 'a'
	}
	long = append(long, "https"...)
	if n := testing.AllocsPerRun(10, func() { GluedScheme(long) }); n != 0 {
		t.Errorf("GluedScheme of %d bytes allocates %v times, want 0", len(long), n)
	}
	if got := GluedScheme(long); got != len(long)-5 {
		t.Errorf("GluedScheme(%d letters + \"https\") = %d, want %d", len(long)-5, got, len(long)-5)
	}
	if n := testing.AllocsPerRun(10, func() { GluedScheme([]byte("greathttps")) }); n != 0 {
		t.Errorf("GluedScheme(\"greathttps\") allocates %v times, want 0", n)
	}
}
