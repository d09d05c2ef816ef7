// Package testfixesconf, whose .urilint.yaml sets go.tests and go.fix-tests, has a finding with a fix in a test file.
package testfixesconf
