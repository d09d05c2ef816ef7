module github.com/urilint/urilint

go 1.26.0

require (
	github.com/golangci/plugin-module-register v0.1.2
	github.com/yuin/goldmark v1.8.7
	golang.org/x/net v0.62.0
	golang.org/x/text v0.43.0
	golang.org/x/tools v0.52.0
	mvdan.cc/xurls/v2 v2.6.0
)

require (
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
)
