// Command sitecheck compares, link by link, what the audit's model of a
// site generator says of a fixture site (audit/testdata/site/*.txtar)
// with what the generator really built. scripts/site-check.sh drives it:
//
//	sitecheck extract FIXTURE.txtar DIR    write the fixture's files
//	sitecheck compare FIXTURE.txtar SRC OUT  audit SRC, read the built OUT
//	sitecheck nobuild FIXTURE.txtar [VERSION]  say why the fixture is not built (exit 0), or exit 1
//
// Every link of the fixture is labelled "L1", "L2"... (its text, or the
// label of a link reference definition "[L2]: dest" that "[L2]" uses);
// in the built pages it is the a element with that text. A link resolves in the
// build when the file it leads to exists in OUT (as is, or as a folder's
// index.html) and, with a fragment, that file has the id. A "base /p"
// line in the fixture's "site-check" section says the site is served
// under /p (Jekyll's baseurl); "skip L9: why" leaves a label out of the
// comparison, "strip L10: why" out of the build too; "url
// https://x.invalid" says that links to that URL are links to the site
// (Jekyll's absolute_url writes them); "nobuild: why" says
// the generator here cannot build the fixture (a plugin it lacks, a
// build folder the fixture brings); "needs 0.146: why" says so of a
// generator older than that version, given as nobuild's VERSION.
package main

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/urilint/urilint/audit"
	"github.com/urilint/urilint/internal/policy"
	"golang.org/x/mod/semver"
	"golang.org/x/net/html"
	"golang.org/x/tools/txtar"
)

func main() {
	if len(os.Args) < 3 || len(os.Args) < 4 && os.Args[1] != "nobuild" {
		fmt.Fprintln(os.Stderr, "usage: sitecheck extract FIXTURE DIR | compare FIXTURE SRC OUT")
		os.Exit(2)
	}
	ar, err := txtar.ParseFile(os.Args[2])
	if err != nil {
		fail(err)
	}
	switch os.Args[1] {
	case "nobuild":
		version := ""
		if len(os.Args) > 3 {
			version = os.Args[3]
		}
		if why, ok := noBuild(ar, version); ok {
			fmt.Println(why)
			return
		}
		os.Exit(1)
	case "extract":
		_, strip := directives(ar)
		for _, f := range ar.Files {
			if f.Name == "want" || f.Name == "options" || f.Name == "sites" || f.Name == "site-check" {
				continue
			}
			// A link the generator fails the build on is left out of
			// the build.
			var kept []string
			for _, line := range strings.SplitAfter(string(f.Data), "\n") {
				drop := false
				for lab, why := range strip {
					// "skip" leaves a label out of the comparison only.
					drop = drop || strings.HasPrefix(why, "stripped") && strings.Contains(line, "["+lab+"](")
				}
				if !drop {
					kept = append(kept, line)
				}
			}
			f.Data = []byte(strings.Join(kept, ""))
			// "-- a/b.md -> ../b.md --" is a symbolic link.
			name, target, link := strings.Cut(f.Name, " -> ")
			p := filepath.Join(os.Args[3], filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				fail(err)
			}
			if link {
				if err := os.Symlink(filepath.FromSlash(target), p); err != nil {
					fail(err)
				}
				continue
			}
			if err := os.WriteFile(p, f.Data, 0o644); err != nil {
				fail(err)
			}
		}
	case "compare":
		if len(os.Args) < 5 {
			fail(fmt.Errorf("compare needs FIXTURE SRC OUT"))
		}
		if !compare(ar, os.Args[3], os.Args[4]) {
			os.Exit(1)
		}
	default:
		fail(fmt.Errorf("unknown subcommand %q", os.Args[1]))
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "sitecheck:", err)
	os.Exit(2)
}

// noBuild returns why the fixture is not built: its "nobuild: why"
// line, or a "needs VERSION: why" line when the generator's version
// (as hugo version prints it; "" when not known) is older than VERSION.
func noBuild(ar *txtar.Archive, version string) (string, bool) {
	for _, l := range siteCheckLines(ar) {
		if why, ok := strings.CutPrefix(l, "nobuild:"); ok {
			return strings.TrimSpace(why), true
		}
		need, why, ok := strings.Cut(strings.TrimPrefix(l, "needs "), ":")
		if strings.HasPrefix(l, "needs ") && ok && version != "" && older(version, strings.TrimSpace(need)) {
			return fmt.Sprintf("it needs %s or later, this is %s: %s", strings.TrimSpace(need), version, strings.TrimSpace(why)), true
		}
	}
	return "", false
}

// siteCheckLines returns the lines of the fixture's "site-check"
// sections.
func siteCheckLines(ar *txtar.Archive) []string {
	var lines []string
	for _, f := range ar.Files {
		if f.Name == "site-check" {
			lines = append(lines, strings.Split(string(f.Data), "\n")...)
		}
	}
	return lines
}

// older reports whether the Hugo version have ("0.111.3", as hugo
// version prints it) is older than need ("0.146"), read as semantic
// versions ("0.146" is 0.146.0); one that is not counts as older than
// any that is.
func older(have, need string) bool {
	return semver.Compare("v"+have, "v"+need) < 0
}

// directives reads the fixture's "site-check" section: "base /p" (the
// site is served under /p), "skip L9: why" (not compared), "strip L10:
// why" (left out of the build, which fails on it; not compared either).
func directives(ar *txtar.Archive) (base string, skip map[string]string) {
	skip = map[string]string{}
	for _, l := range siteCheckLines(ar) {
		verb, rest, _ := strings.Cut(l, " ")
		switch verb {
		case "base":
			base = strings.TrimSuffix(strings.TrimSpace(rest), "/")
		case "skip", "strip":
			lab, why, _ := strings.Cut(rest, ":")
			skip[lab] = verb + "ped: " + strings.TrimSpace(why)
		}
	}
	return base, skip
}

// siteURL returns the URL of the fixture's "url" line in its
// "site-check" section, "" when there is none.
func siteURL(ar *txtar.Archive) string {
	for _, l := range siteCheckLines(ar) {
		if u, ok := strings.CutPrefix(l, "url "); ok {
			return strings.TrimSuffix(strings.TrimSpace(u), "/")
		}
	}
	return ""
}

// label is a labelled link, inline ("[L1](dest)") or a link reference
// definition ("[L2]: dest", which "[L2]" in the text uses): its
// destination follows the match, up to ")" or the line's end.
var label = regexp.MustCompile(`\[(L\d+)\]\(|(?m:^ {0,3}\[(L\d+)\]:)`)

// compare prints one line per label and reports whether model and build
// agree on all.
func compare(ar *txtar.Archive, src, out string) bool {
	base, skip := directives(ar)
	src, _ = filepath.Abs(src)
	r := audit.Run(audit.Config{Enable: []string{string(policy.CategoryUnverifiable)}, Root: src}, []string{src})
	for _, e := range r.Errors {
		fmt.Fprintln(os.Stderr, "sitecheck: audit:", e)
	}
	// The model's verdict: a label is broken when a link finding sits on
	// its destination.
	model := map[string]bool{} // label -> resolves
	where := map[string]string{}
	for _, f := range r.Files {
		for _, m := range label.FindAllSubmatchIndex(f.Src, -1) {
			closer := byte(')')
			if m[2] < 0 { // a definition
				m[2], m[3], closer = m[4], m[5], '\n'
			}
			lab := string(f.Src[m[2]:m[3]])
			end := m[1] + bytes.IndexByte(f.Src[m[1]:], closer)
			if end < m[1] {
				end = len(f.Src)
			}
			model[lab] = true
			for _, fd := range r.Findings {
				switch fd.Category {
				case policy.CategoryBrokenFile, policy.CategoryBrokenAnchor, policy.CategoryFileCase, policy.CategoryAnchorCase, policy.CategoryOutsideRoot:
					if fd.File == f.Name && fd.Pos.Offset >= m[1] && fd.Pos.Offset <= end {
						model[lab] = false
					}
				}
			}
			where[lab] = f.Name
		}
	}
	built := readBuilt(out, base, siteURL(ar))
	labs := make([]string, 0, len(model))
	for l := range model {
		labs = append(labs, l)
	}
	for l := range skip {
		if _, ok := model[l]; !ok {
			labs = append(labs, l)
		}
	}
	sort.Slice(labs, func(i, j int) bool { return num(labs[i]) < num(labs[j]) })
	ok := true
	agree := 0
	for _, l := range labs {
		b, found := built[l]
		switch {
		case skip[l] != "":
			fmt.Printf("%-4s %s\n", l, skip[l])
		case !found:
			fmt.Printf("%-4s model %-9s build: no such link in the built pages  MISMATCH\n", l, verdict(model[l]))
			ok = false
		case b != model[l]:
			fmt.Printf("%-4s model %-9s build %-9s MISMATCH (%s)\n", l, verdict(model[l]), verdict(b), where[l])
			ok = false
		default:
			agree++
			fmt.Printf("%-4s model %-9s build %-9s\n", l, verdict(model[l]), verdict(b))
		}
	}
	fmt.Printf("%d of %d links agree (%d not compared)\n", agree, len(labs)-len(skip), len(skip))
	return ok
}

func num(l string) int {
	n := 0
	_, _ = fmt.Sscanf(l, "L%d", &n) // a label without a number is link 0
	return n
}

func verdict(ok bool) string {
	if ok {
		return "resolves"
	}
	return "broken"
}

// readBuilt reads every HTML page under out and returns, for each
// labelled link, whether its target exists in out.
func readBuilt(out, base, own string) map[string]bool {
	res := map[string]bool{}
	_ = filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error { // unreadable pages count as missing
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(out, p)
		page := base + "/" + filepath.ToSlash(rel)
		for lab, href := range labelled(src) {
			if rest, ok := strings.CutPrefix(href, own); ok && own != "" && (rest == "" || strings.ContainsRune("/?#", rune(rest[0]))) {
				href = "/" + strings.TrimPrefix(rest, "/")
			}
			res[lab] = resolves(out, base, page, href)
		}
		return nil
	})
	return res
}

// labelled returns the href of each a element whose text is a label.
func labelled(src []byte) map[string]string {
	out := map[string]string{}
	z := html.NewTokenizer(bytes.NewReader(src))
	href := ""
	inA := false
	for {
		switch z.Next() {
		case html.ErrorToken:
			return out
		case html.StartTagToken:
			name, more := z.TagName()
			if string(name) != "a" {
				continue
			}
			inA, href = true, ""
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				if string(k) == "href" {
					href = string(v)
				}
			}
		case html.EndTagToken:
			inA = false
		case html.TextToken:
			if t := strings.TrimSpace(string(z.Text())); inA && label.MatchString("["+t+"](") {
				out[t] = href
			}
		}
	}
}

// resolves reports whether href, on the page at URL path page of a site
// served under the path served, leads to a file of out and, with a fragment, to an element with that id.
func resolves(out, served, page, href string) bool {
	if href == "" {
		return false // what a generator writes for a reference it could not resolve
	}
	base, _ := url.Parse("http://site.invalid" + page)
	u, err := base.Parse(href)
	if err != nil || u.Host != "site.invalid" {
		return false
	}
	p, ok := strings.CutPrefix(u.Path, served)
	if !ok || served != "" && p != "" && p[0] != '/' {
		return false // outside the path the site is served under
	}
	var file string
	for _, c := range []string{p, path.Join(p, "index.html"), strings.TrimSuffix(p, "/") + ".html"} {
		full := filepath.Join(out, filepath.FromSlash(c))
		if info, err := os.Stat(full); err == nil && !info.IsDir() {
			file = full
			break
		}
	}
	if file == "" {
		return false
	}
	if u.Fragment == "" {
		return true
	}
	src, err := os.ReadFile(file)
	if err != nil {
		return false
	}
	z := html.NewTokenizer(bytes.NewReader(src))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return false
		case html.StartTagToken, html.SelfClosingTagToken:
			_, more := z.TagName()
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				if string(k) == "id" && string(v) == u.Fragment {
					return true
				}
			}
		}
	}
}
