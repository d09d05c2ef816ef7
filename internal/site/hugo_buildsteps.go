package site

import (
	"bytes"
	"path"
	"regexp"
	"slices"
	"strings"
)

// A Hugo site's deploy build often runs a script before hugo that writes
// content: crossplane's netlify_build.sh copies content/v2.3 to
// content/latest, containerd.io's refresh-docs.sh (run by "make
// production-build") copies each release's docs into content/docs/VER.
// The pages it writes are not in the tree, so a link or a ref to one is
// unknown, not broken. hugoBuildSteps reads the steps the deployment
// runs, as far as they are written in the tree: the build commands of
// netlify.toml (the site folder's, or the root's), a shell script a
// command runs ("bash netlify_build.sh", "./tools/refresh-docs.sh"), and
// a Makefile target a command makes ("make production-build"), with the
// targets it depends on. In each, a command that writes a path below a
// content folder (cp, mv, rsync, ln, install, mkdir, git clone, or a
// redirection) makes the folder it names unknown: the path up to its
// first segment a variable or a pattern writes.

// hugoStepDepth bounds how deep scripts that run scripts, and targets
// that depend on targets, are followed; hugoStepFiles bounds how many
// files are read.
const (
	hugoStepDepth = 4
	hugoStepFiles = 16
)

// netlifyCommand matches a build command of netlify.toml ([build] or a
// context's): command = "..." or '...'.
var netlifyCommand = regexp.MustCompile(`(?m)^\s*command\s*=\s*(?:"((?:[^"\\\n]|\\.)*)"|'([^'\n]*)')`)

// hugoBuildSteps returns the folders below the content folders dirs
// (slash paths of the site's folder, "content/latest") that the build
// steps write, each with the file whose step writes it.
func hugoBuildSteps(t *Tree, dirs []string) (written []string, by map[string]string) {
	var commands []string
	for _, f := range []string{"netlify.toml", strings.Repeat("../", t.Up) + "netlify.toml"} {
		src, err := t.Read(f)
		if err != nil {
			continue
		}
		for _, m := range netlifyCommand.FindAllSubmatch(src, -1) {
			c := string(m[1]) + string(m[2])
			commands = append(commands, strings.ReplaceAll(c, `\"`, `"`))
		}
		if t.Up == 0 {
			break
		}
	}
	if len(commands) == 0 {
		return nil, nil
	}
	r := stepReader{t: t, dirs: dirs, by: map[string]string{}, read: map[string]bool{}}
	for _, c := range commands {
		r.line(c, "netlify.toml", 0)
	}
	return r.written, r.by
}

// stepReader reads build steps for what they write into content.
type stepReader struct {
	t       *Tree
	dirs    []string
	written []string
	by      map[string]string
	read    map[string]bool // files and targets read
}

// line reads one line of commands (a netlify command, a script's line, a
// recipe's line) of the file from.
func (r *stepReader) line(line, from string, depth int) {
	if depth > hugoStepDepth {
		return
	}
	for _, cmd := range splitCommands(line) {
		words := shellWords(cmd)
		for len(words) > 0 && strings.Contains(words[0], "=") && !strings.HasPrefix(words[0], "=") {
			words = words[1:] // VAR=value before the command
		}
		if len(words) == 0 {
			continue
		}
		for i, w := range words {
			// A redirection writes its target: "> content/x.md".
			switch {
			case w == ">" || w == ">>":
				if i+1 < len(words) {
					r.writes(words[i+1], from)
				}
			case strings.HasPrefix(w, ">"):
				r.writes(strings.TrimLeft(w, ">"), from)
			}
		}
		args := operands(words[1:])
		switch name := path.Base(words[0]); name {
		case "cp", "mv", "rsync", "ln", "install":
			if len(args) >= 2 {
				r.writes(args[len(args)-1], from)
			}
		case "mkdir":
			for _, a := range args {
				r.writes(a, from)
			}
		case "git":
			if len(args) >= 3 && args[0] == "clone" {
				r.writes(args[len(args)-1], from)
			}
		case "bash", "sh":
			if len(args) > 0 {
				r.script(args[0], depth)
			}
		case "make":
			r.make(args, depth)
		default:
			if strings.HasSuffix(words[0], ".sh") {
				r.script(words[0], depth)
			}
		}
	}
}

// script reads the shell script f (a path from the site's folder, where
// the deployment runs its commands).
func (r *stepReader) script(f string, depth int) {
	f = path.Clean(strings.TrimPrefix(f, "./"))
	if strings.HasPrefix(f, "/") || strings.HasPrefix(f, "..") || strings.ContainsAny(f, "$`*") || r.read[f] || len(r.read) >= hugoStepFiles {
		return
	}
	r.read[f] = true
	if r.t == nil {
		return // a line read alone (tests)
	}
	src, err := r.t.Read(f)
	if err != nil {
		return
	}
	for _, l := range joinContinued(src) {
		if l = strings.TrimSpace(l); l != "" && l[0] != '#' {
			r.line(l, f, depth+1)
		}
	}
}

// make reads the recipes of the Makefile's targets named in args (the
// first target when none is), and of the targets they depend on.
func (r *stepReader) make(args []string, depth int) {
	if r.t == nil {
		return // a line read alone (tests)
	}
	src, err := r.t.Read("Makefile")
	if err != nil {
		return
	}
	rules := makeRules(src)
	var targets []string
	for _, a := range args {
		if !strings.Contains(a, "=") {
			targets = append(targets, a)
		}
	}
	if len(targets) == 0 && len(rules.order) > 0 {
		targets = rules.order[:1]
	}
	var visit func(target string, d int)
	visit = func(target string, d int) {
		key := "Makefile:" + target
		if d > hugoStepDepth || r.read[key] {
			return
		}
		r.read[key] = true
		rule, ok := rules.byName[target]
		if !ok {
			return
		}
		for _, p := range rule.deps {
			visit(p, d+1)
		}
		for _, l := range rule.recipe {
			r.line(strings.TrimLeft(l, "@-+ \t"), "Makefile", d+1)
		}
	}
	for _, tg := range targets {
		visit(tg, depth+1)
	}
}

// writes records the path p that a step of the file from writes, when it
// lies below a content folder: the folder up to the first segment that a
// variable, a pattern or a substitution writes.
func (r *stepReader) writes(p, from string) {
	p = strings.Trim(p, `"'`)
	p = strings.TrimPrefix(p, "./")
	if p == "" || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") {
		return
	}
	var kept []string
	for _, seg := range strings.Split(p, "/") {
		if seg == ".." {
			return
		}
		if strings.ContainsAny(seg, "$`*?[{") {
			break
		}
		if seg != "" && seg != "." {
			kept = append(kept, seg)
		}
	}
	dir := strings.Join(kept, "/")
	for _, c := range r.dirs {
		if dir == c || strings.HasPrefix(dir, c+"/") {
			if _, ok := r.by[dir]; !ok {
				r.by[dir] = from
				r.written = append(r.written, dir)
			}
			return
		}
	}
}

// makeRule is a Makefile rule: its prerequisites and recipe lines.
type makeRule struct {
	deps   []string
	recipe []string
}

// makeRuleSet is a Makefile's rules by target, and the targets in order.
type makeRuleSet struct {
	byName map[string]*makeRule
	order  []string
}

// makeRules reads the rules of a Makefile: "target ...: prereq ..."
// lines and the tab-indented recipe lines after them. Variables,
// conditionals and pattern rules are not expanded.
func makeRules(src []byte) makeRuleSet {
	set := makeRuleSet{byName: map[string]*makeRule{}}
	var cur []*makeRule
	for _, l := range joinContinued(src) {
		if strings.HasPrefix(l, "\t") {
			for _, r := range cur {
				r.recipe = append(r.recipe, strings.TrimSpace(l))
			}
			continue
		}
		if strings.TrimSpace(l) == "" || strings.HasPrefix(strings.TrimSpace(l), "#") {
			continue
		}
		cur = nil
		head, deps, ok := strings.Cut(l, ":")
		if !ok || strings.HasPrefix(deps, "=") || strings.ContainsAny(head, "=$%") {
			continue
		}
		deps, _, _ = strings.Cut(deps, ";")
		for _, name := range strings.Fields(head) {
			if strings.HasPrefix(name, ".") {
				continue // .PHONY and other special targets
			}
			r, ok := set.byName[name]
			if !ok {
				r = &makeRule{}
				set.byName[name] = r
				set.order = append(set.order, name)
			}
			r.deps = append(r.deps, strings.Fields(deps)...)
			cur = append(cur, r)
		}
	}
	return set
}

// joinContinued returns the lines of src with those a backslash
// continues joined.
func joinContinued(src []byte) []string {
	var out []string
	var b strings.Builder
	for _, l := range bytes.Split(src, []byte("\n")) {
		l = bytes.TrimSuffix(l, []byte("\r"))
		if t := bytes.TrimRight(l, " \t"); bytes.HasSuffix(t, []byte(`\`)) {
			b.Write(t[:len(t)-1])
			b.WriteByte(' ')
			continue
		}
		b.Write(l)
		out = append(out, b.String())
		b.Reset()
	}
	return out
}

// splitCommands splits a line of shell at ";", "&&", "||", "|" and "&"
// outside quotes, and drops what follows an unquoted "#" that begins a
// word.
func splitCommands(line string) []string {
	var out []string
	var quote byte
	start := 0
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else if c == '\\' && quote == '"' {
				i++
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '\\':
			i++
		case c == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t'):
			out = append(out, line[start:i])
			return out
		case c == ';' || c == '|' || c == '&':
			out = append(out, line[start:i])
			start = i + 1
		}
	}
	return append(out, line[start:])
}

// shellWords splits a simple command into words at blanks outside
// quotes, the quotes kept (writes drops them), and parentheses dropped
// ("(cd x" is "cd x").
func shellWords(cmd string) []string {
	var out []string
	var quote byte
	start := -1
	for i := 0; i <= len(cmd); i++ {
		var c byte = ' '
		if i < len(cmd) {
			c = cmd[i]
		}
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
			continue
		case c == '\'' || c == '"':
			quote = c
		case c == ' ' || c == '\t' || c == '(' || c == ')':
			if start >= 0 {
				out = append(out, cmd[start:i])
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	return out
}

// operands returns the words that are no options ("-R", "--files-from",
// and the value of an option that takes one as the next word is not told
// apart: the last operand, a destination, is what is read).
func operands(words []string) []string {
	return slices.DeleteFunc(slices.Clone(words), func(w string) bool { return strings.HasPrefix(w, "-") })
}
