package fixdriver

import (
	"strings"
	"testing"
)

var reportsTests = []struct {
	args string
	want bool
}{
	{"./...", true},
	{"-json -c=2 ./...", true},
	{"-tests -- ./...", true},
	{"", false},        // x/tools prints the usage
	{"-json", false},   // no package named
	{"help", false},    // x/tools' help
	{"-h", false},      // and usage
	{"-V=full", false}, // go vet's protocol
	{"-flags", false},  // likewise
	{"-debug=v ./...", false},
	{"-tests pkg.cfg", false}, // go vet runs the tool on one package
}

func TestReports(t *testing.T) {
	for _, tt := range reportsTests {
		if got := Reports(strings.Fields(tt.args)); got != tt.want {
			t.Errorf("Reports(%q) = %v, want %v", tt.args, got, tt.want)
		}
	}
}

var redactLineTests = []struct{ in, want string }{
	{"\tu := \"http://user:pw@example.com/\" // x\n", "\tu := \"http://user:***@example.com/\" // x\n"},
	{"a `ftp://a:b@h/` and http://c:d@e/\n", "a `ftp://a:***@h/` and http://c:***@e/\n"},
	{"no uri: a:b@c\n", "no uri: a:b@c\n"},
	{"http://example.com/ é\n", "http://example.com/ é\n"},
}

func TestRedactLine(t *testing.T) {
	for _, tt := range redactLineTests {
		if got := redactLine(tt.in); got != tt.want {
			t.Errorf("redactLine(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
