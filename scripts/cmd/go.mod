// Programs of the repository's own CI and benchmarks, in a module of their
// own so that "go install ./..." at the root, which is how pre-commit
// installs the hooks, installs cmd/urilint and cmd/uriextract alone.
module github.com/urilint/urilint/scripts/cmd

go 1.26.0

replace github.com/urilint/urilint => ../..

require (
	github.com/urilint/urilint v0.0.0-00010101000000-000000000000
	golang.org/x/tools v0.52.0
)

require (
	go.yaml.in/yaml/v3 v3.0.6 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/text v0.43.0 // indirect
	mvdan.cc/xurls/v2 v2.6.0 // indirect
)
