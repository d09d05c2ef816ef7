// Package keys has fixes that would make two keys of a map literal, or
// two cases of a switch, equal: they are left out, and keys.go.golden,
// the file after every suggested fix, still compiles.
package keys

var hosts = map[string]int{
	"https://EXAMPLE.COM/p": 1, // want `host "EXAMPLE.COM" should be lowercase "example.com" \(no fix: it would make the key of the map literal equal to the one on line 8, "https://example.com/p"\)`
	"https://example.com/p": 2,
	"HTTPS://example.com/q": 3, // want `scheme "HTTPS" should be lowercase`
}

// Both keys need a fix, and both fixes give the same value.
var both = map[string]bool{
	"HTTP://example.com/":  true, // want `scheme "HTTP" should be lowercase "http" \(no fix: it would make the key of the map literal equal to the one on line 15, "http://EXAMPLE.com/"\)`
	"http://EXAMPLE.com/":  true, // want `host "EXAMPLE.com" should be lowercase "example.com" \(no fix: it would make the key of the map literal equal to the one on line 14, "HTTP://example.com/"\)`
	"https://example.org/": false,
}

// Named constants as the cases of a switch: the fix is in the declaration.
const (
	upper = "https://Example.org/" // want `host "Example.org" should be lowercase "example.org" \(no fix: it would make the case of the switch equal to the one on line 30, "https://example.org/"\)`
	lower = "https://example.org/"
	alone = "HTTPS://example.net/" // want `scheme "HTTPS" should be lowercase`
)

func kind(s string) int {
	switch s {
	case upper:
		return 1
	case lower:
		return 2
	case alone:
		return 3
	}
	return 0
}

// The same values in a slice may be fixed: a slice may hold duplicates.
var list = []string{
	"https://EXAMPLE.COM/p", // want `host "EXAMPLE.COM" should be lowercase "example.com"$`
	"https://example.com/p",
}
