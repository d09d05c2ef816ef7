package fixdriver

import "testing"

var redactLineTests = []struct{ in, want string }{
	{"\tu := \"http://user:pw@example.com/\" // x", "\tu := \"http://user:***@example.com/\" // x"},
	{"a `ftp://a:b@h/` and http://c:d@e/", "a `ftp://a:***@h/` and http://c:***@e/"},
	{"no uri: a:b@c", "no uri: a:b@c"},
	{"http://example.com/ é", "http://example.com/ é"},
}

func TestRedactLine(t *testing.T) {
	for _, tt := range redactLineTests {
		if got := redactLine(tt.in); got != tt.want {
			t.Errorf("redactLine(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

var isVetTests = []struct {
	args []string
	want bool
}{
	{[]string{"/tmp/vet.cfg"}, true},
	{[]string{"-tests", "/tmp/vet.cfg"}, true},
	{[]string{"-flags"}, true},
	{[]string{"--flags"}, true},
	{[]string{"-V=full"}, false}, // answered like -V
	{[]string{"./..."}, false},
	{[]string{"-fix", "./..."}, false},
	{[]string{"flags"}, false},
}

func TestIsVet(t *testing.T) {
	for _, tt := range isVetTests {
		if got := IsVet(tt.args); got != tt.want {
			t.Errorf("IsVet(%q) = %v, want %v", tt.args, got, tt.want)
		}
	}
}
