package site

import "golang.org/x/text/unicode/norm"

// nfkd returns s in Unicode Normalization Form KD.
func nfkd(s string) string { return norm.NFKD.String(s) }
