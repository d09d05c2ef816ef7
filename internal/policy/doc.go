//go:generate go run gen_docs.go
//go:generate go test ../config -run TestSchemaUpToDate -update

// Package policy is what urilint's two front ends, the Go analyzer and the
// document audit of uriextract, decide alike, so that a URI gets the same
// verdict in Go code and in a README: which strings are URI candidates at
// all (Candidate, Registered, PlausibleOpaque, IsTemplate), the table of
// every category either tool reports (Categories), and the one
// configuration object (Config, Policy) that turns categories on and off
// and returns only the selected findings.
//
// Package uri knows the grammar; this package knows what people write.
package policy
