// Package integration holds end-to-end tests of urilint with the tools
// users run it from: they build the commands and run them, and go vet, on
// scratch modules, and check what a user would see.
//
// The golangci-lint and pre-commit integrations need programs that are
// built or installed outside "go test": .ci/golangci.sh and
// .ci/precommit.sh prove those.
package integration
