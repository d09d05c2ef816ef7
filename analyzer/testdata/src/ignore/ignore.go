// Package ignore checks the //urilint:ignore and //nolint:urilint comments.
package ignore

var (
	sameLine = "https://Example.com/" //urilint:ignore the host's case is the vendor's
	//urilint:ignore a deliberately broken URI for the error page
	lineAbove = "https://example.com/a b"
	nolint    = "https://example.com:443/" //nolint:urilint // kept as documented by the vendor
	nolintAll = "https://example.com:443/" //nolint:all
	other     = "https://example.com:443/" //nolint:errcheck // want `port 443 is the default`
	reported  = "https://Example.com/"     // want `host "Example.com" should be lowercase`
	noSpace   = "https://Example.com/"     //urilint:ignoreme // want `host "Example.com"`
)

// Legacy endpoints, written as the partner documents them.
//
//urilint:ignore the partner's URLs must match byte for byte
var (
	legacyA = "HTTP://Partner.example:80/a/../b"
	legacyB = "https://partner.example/%7euser"
)

// fetch is silenced as a whole.
//
//urilint:ignore test fixtures for the proxy
func fetch() []string {
	return []string{"https://Example.com/", "https://example.com/a b"}
}

type Config struct {
	// Endpoint keeps the vendor's spelling.
	//urilint:ignore the vendor compares it byte for byte // want `//urilint:ignore silences no finding`
	Endpoint string
}

var cfg = Config{
	Endpoint: "https://Vendor.example/", // want `host "Vendor.example"`
}

func after() string {
	return "https://Example.com/" // want `host "Example.com"`
}

//urilint:ignore // want `//urilint:ignore needs a reason`
var noReason = "https://Example.com/"

// Staticcheck's and golangci-lint's own directives are theirs to check.
//
//lint:ignore SA1007 nothing to silence here
var clean = "https://example.com/"
