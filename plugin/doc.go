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
// The settings are those of [analyzer.Settings]. They are decoded strictly:
// a key that is not a setting, or a value of the wrong type, is an error
// that names the key, so a misspelt setting never goes silently unused.
package plugin
