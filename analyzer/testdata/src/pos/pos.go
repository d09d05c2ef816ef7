// Package pos checks that findings point at the exact byte inside the
// literal, through escapes and raw strings.
package pos

var (
	// The bytes each diagnostic covers are checked by the positions
	// subtest of TestAnalyzer; here only the messages.
	del    = "https://example.com/\x7fa"         // want `invalid character '\\x7f' in path at offset 20`
	hex    = "https://example.com/\x41 b"        // want `invalid character ' ' in path at offset 21`
	uni    = "https://example.com/\u0085"        // want `non-ASCII byte 0xC2 in path \(U\+0085 is not allowed in an IRI\) at offset 20`
	octal  = "https://example.com/\101 b"        // want `invalid character ' ' in path at offset 21`
	quote  = "https://example.com/\"a\""         // want `invalid character '"' in path at offset 20 \(and 1 more\)`
	raw    = `https://example.com/a b`           // want `invalid character ' ' in path at offset 21`
	rawCR  = `https://Example.com/`              // want `host "Example.com" should be lowercase`
	concat = "https://" + "example.com" + "/a b" // want `invalid character ' ' in path at offset 21`
)
