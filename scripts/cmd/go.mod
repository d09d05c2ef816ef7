// Programs of the repository's own CI and benchmarks, in a module of their
// own so that "go install ./..." at the root, which is how pre-commit
// installs the hooks, installs cmd/urilint and cmd/uriextract alone.
module github.com/urilint/urilint/scripts/cmd

go 1.26.0

replace github.com/urilint/urilint => ../..

require (
	github.com/urilint/urilint v0.0.0-00010101000000-000000000000
	github.com/yuin/goldmark v1.8.7
	golang.org/x/mod v0.42.0
	golang.org/x/net v0.62.0
	golang.org/x/tools v0.52.0
)

require (
	github.com/BurntSushi/toml v1.6.0 // indirect
	github.com/go-git/gcfg v1.5.1-0.20230307220236-3a3c6141e376 // indirect
	github.com/go-git/go-billy/v5 v5.9.2 // indirect
	github.com/go-git/go-git/v5 v5.19.3 // indirect
	github.com/jbenet/go-context v0.0.0-20150711004518-d14ea06fba99 // indirect
	go.yaml.in/yaml/v3 v3.0.6 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/text v0.43.0 // indirect
	gopkg.in/warnings.v0 v0.1.2 // indirect
	mvdan.cc/xurls/v2 v2.6.0 // indirect
)
