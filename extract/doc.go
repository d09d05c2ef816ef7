// Package extract finds the URIs in plain text and Markdown documents.
package extract
