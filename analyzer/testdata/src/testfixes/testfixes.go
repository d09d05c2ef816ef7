// Package testfixes has a finding with a fix in a test file.
package testfixes
