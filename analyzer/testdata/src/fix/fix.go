// Package fix has one fixable finding per rule; fix.go.golden is the file
// after every suggested fix.
package fix

var (
	schemeCase        = "HTTPS://example.com/"                         // want `scheme "HTTPS" should be lowercase`
	hostCase          = "https://Example.COM/a"                        // want `host "Example.COM" should be lowercase`
	percentCase       = "https://example.com/a%2fb%3a"                 // want `percent-encoding "%2f" should use uppercase hex digits "%2F" \(and 1 more\)`
	percentUnreserved = "https://example.com/%7Euser"                  // want `"%7E" encodes the unreserved character "~"`
	dotSegments       = "https://example.com/a/./b/../c"               // want `path "/a/./b/../c" has dot segments and should be "/a/c"`
	emptyPort         = "https://example.com:/"                        // want `the port is empty`
	defaultPort       = "https://example.com:443/x"                    // want `port 443 is the default for https`
	space             = "https://example.com/my file.pdf"              // want `invalid character ' ' in path`
	escaped           = "https://Example.com/\x41\x20b"                // want `invalid character ' ' in path at offset 21`
	raw               = `https://example.com/a"b c`                    // want `invalid character '"' in path` `invalid character ' ' in path`
	constExpr         = "HTTP://" + "example.com/"                     // want `scheme "HTTP" should be lowercase`
	named             = "https://" + host + "/a b"                     // want `invalid character ' ' in path`
	pieces            = "https://example.com/%7e" + "a%7e\x41" + "%7e" // want `"%7e" encodes the unreserved character "~", which should be written as is \(and 2 more\)`
)

const host = "example.com"

// Fixes that settle in one run: the fix of the space comes with those of
// the findings it hides (scheme, "%41", dot segment), and decoding "%41"
// makes the host uppercase, which is fixed too.
var settles = "HTTP://Ex%41mple.com/a b/./c" // want `invalid character ' ' in path`

// The message of a fix shows no password (urilint -json prints it).
var password = "HTTP://user:secret@example.com/" // want `scheme "HTTP" should be lowercase` `has a password`
