// Package plugin registers urilint as a golangci-lint v2 module plugin.
//
// Importing the package for its side effect registers the linter under the
// name "urilint" with github.com/golangci/plugin-module-register. A
// golangci-lint binary built with the import (by "golangci-lint custom" or
// by this repository's cmd/custom-gcl) runs it when the configuration says:
//
//	linters:
//	  enable:
//	    - urilint
//	  settings:
//	    custom:
//	      urilint:
//	        type: module
//	        description: checks URI literals against RFC 3986
//	        settings:
//	          enable: [dot-segments]
//	          disable: [empty-path]
//	          tests: false
//
// The settings are those of [analyzer.Settings], which are the keys of the
// configuration file .urilint.yaml for Go code, one to one: enable,
// disable and allow-zone at its top, tests and fix-tests under go:, and
// config, the file to read instead of looking for .urilint.yaml
// (docs/configuration.md). Without fix-tests, findings in _test.go files
// come without a fix, so "golangci-lint run --fix" leaves tests alone.
// The analyzer reads that file from each package's directory, and the
// settings given here override it. They are decoded strictly:
// a key that is not a setting, or a value of the wrong type, is an error
// that names the key, so a misspelt setting never goes silently unused.
//
// New is the entry point that the registration names: golangci-lint calls
// it with those settings, and its plugin's BuildAnalyzers returns the
// analyzer that package analyzer's New makes of them (see the example).
package plugin
