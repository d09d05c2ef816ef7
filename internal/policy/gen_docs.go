//go:build ignore

// gen_docs writes docs/checks.md and the category table of README.md from
// the table in categories.go. Run: go generate ./internal/policy
package main

import (
	"bytes"
	"log"
	"os"

	"github.com/urilint/urilint/internal/policy"
)

func main() {
	if err := os.WriteFile("../../docs/checks.md", []byte(policy.ChecksPage()), 0o644); err != nil {
		log.Fatal(err)
	}
	const readme = "../../README.md"
	src, err := os.ReadFile(readme)
	if err != nil {
		log.Fatal(err)
	}
	out, ok := policy.SpliceTable(src)
	if !ok {
		log.Fatalf("%s: no %q ... %q markers", readme, policy.TableBegin, policy.TableEnd)
	}
	if !bytes.Equal(out, src) {
		if err := os.WriteFile(readme, out, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
