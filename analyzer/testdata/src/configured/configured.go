// Package configured has a .urilint.yaml that turns host-case off and
// empty-path on.
package configured

const (
	hostCase  = "https://Example.COM/"
	emptyPath = "https://example.com" // want `the empty path of an https URI with a host should be "/"`
)
