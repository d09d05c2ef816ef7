package audit

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/internal/version"
	"github.com/urilint/urilint/uri"
)

// verdictLevel is the SARIF level, and the GitHub workflow command, of a
// finding with a Verdict: shown, not failing.
var verdictLevel = map[string]string{VerdictUnconfirmed: "warning", VerdictUnchecked: "warning"}

// Formats are the output formats of Write.
var Formats = []string{"text", "json", "sarif", "github", "markdown"}

// Write writes the findings of r in the format named: "text" (one
// "file:line:col: message" line each), "json" (one object per line),
// "sarif" (a SARIF 2.1.0 log) or "github" (GitHub Actions workflow
// commands) or "markdown" (a GitHub job summary, see writeMarkdown).
// Write errors are returned.
func Write(w io.Writer, format string, r *Result) error {
	switch format {
	case "", "text":
		for _, f := range r.Findings {
			if _, err := fmt.Fprintf(w, "%s:%d:%d: %s\n", f.File, f.Pos.Line, f.Pos.Column, f.Message); err != nil {
				return err
			}
		}
		return nil
	case "json":
		return writeJSON(w, r)
	case "sarif":
		return writeSARIF(w, r)
	case "github":
		return writeGitHub(w, r)
	case "markdown":
		return writeMarkdown(w, r)
	}
	return fmt.Errorf("output format %q is not %s", format, strings.Join(Formats, ", "))
}

type jsonEdit struct {
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Offset int    `json:"offset"`
	End    int    `json:"end"`
	New    string `json:"new"`
}

type jsonFinding struct {
	File     string     `json:"file"`
	Line     int        `json:"line"`
	Column   int        `json:"column"`
	Offset   int        `json:"offset"`
	Category string     `json:"category"`
	Message  string     `json:"message"`
	URI      string     `json:"uri"`
	Fix      []jsonEdit `json:"fix,omitempty"`
	Verdict  string     `json:"verdict,omitempty"` // Finding.Verdict: unconfirmed, unchecked
}

// Streams are the formats that WriteFindings writes file by file.
var Streams = []string{"text", "json", "github"}

// WriteFindings writes the findings of one file in a format of Streams, for
// Config.Emit.
func WriteFindings(w io.Writer, format string, f *File, findings []Finding) error {
	r := &Result{Files: []*File{f}, Findings: findings}
	if format == "sarif" {
		return fmt.Errorf("output format %q is one document: it does not stream", format)
	}
	return Write(w, format, r)
}

func writeJSON(w io.Writer, r *Result) error {
	enc := json.NewEncoder(w)
	srcs := r.sources()
	for _, f := range r.Findings {
		jf := jsonFinding{File: f.File, Line: f.Pos.Line, Column: f.Pos.Column, Offset: f.Pos.Offset,
			Category: string(f.Category), Message: f.Message, URI: f.URI, Verdict: f.Verdict}
		for _, e := range f.Fix {
			line, col := lineCol(srcs[f.File], f.Pos, e.Start)
			jf.Fix = append(jf.Fix, jsonEdit{Line: line, Column: col, Offset: e.Start, End: e.End, New: e.New})
		}
		if err := enc.Encode(jf); err != nil {
			return err
		}
	}
	return nil
}

// sources maps each file name to its source.
func (r *Result) sources() map[string][]byte {
	m := make(map[string][]byte, len(r.Files))
	for _, f := range r.Files {
		m[f.Name] = f.Src
	}
	return m
}

// lineCol returns the line and byte column of offset off in src, counting
// on from the known position from when off lies after it (a fix's edits
// sit in or after the finding's link), so that a file of many fixes is
// not scanned from its start for each edit.
func lineCol(src []byte, from extract.Position, off int) (line, col int) {
	line, bol, i := 1, 0, 0
	if from.Line > 0 && from.Offset <= off && from.Offset-(from.Column-1) >= 0 {
		line, bol, i = from.Line, from.Offset-(from.Column-1), from.Offset
	}
	for ; i < off && i < len(src); i++ {
		if src[i] == '\n' {
			line++
			bol = i + 1
		}
	}
	return line, off - bol + 1
}

// SARIF 2.1.0, the parts that a result list needs.
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool       sarifTool     `json:"tool"`
	ColumnKind string        `json:"columnKind"`
	Results    []sarifResult `json:"results"`
	// Properties holds how the tree is published (Result.Sites).
	Properties map[string]any `json:"properties,omitempty"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	ShortDescription sarifMessage `json:"shortDescription"`
	HelpURI          string       `json:"helpUri"`
	DefaultConfig    sarifConfig  `json:"defaultConfiguration"`
}

type sarifConfig struct {
	Enabled bool   `json:"enabled"`
	Level   string `json:"level"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
	Fixes     []sarifFix      `json:"fixes,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine,omitempty"`
	StartColumn int `json:"startColumn,omitempty"`
	ByteOffset  int `json:"byteOffset,omitempty"`
	ByteLength  int `json:"byteLength,omitempty"`
}

type sarifFix struct {
	Description     sarifMessage          `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifact      `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifDeleted  `json:"deletedRegion"`
	InsertedContent *sarifContent `json:"insertedContent,omitempty"`
}

// sarifDeleted is a region by bytes; byteOffset 0 must be written.
type sarifDeleted struct {
	ByteOffset int `json:"byteOffset"`
	ByteLength int `json:"byteLength"`
}

type sarifContent struct {
	Text string `json:"text"`
}

// checksURL is where each category is documented.
const checksURL = "https://github.com/urilint/urilint/blob/main/docs/checks.md#"

func writeSARIF(w io.Writer, r *Result) error {
	sw := NewSARIF(w)
	sw.Write(r.Findings)
	return sw.Close(r.Sites)
}

// SARIF writes a SARIF 2.1.0 log result by result, so that a large audit
// does not hold its results: the log's head when made, each result as it
// comes, the tail at Close.
type SARIF struct {
	w     io.Writer
	log   sarifLog
	index map[uri.Category]int
	n     int
	err   error
}

// sarifResults is where the results go in the indented log.
const sarifResults = `"results": []`

// NewSARIF starts a SARIF log on w.
func NewSARIF(w io.Writer) *SARIF {
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{Name: "uriextract", Version: sarifVersion(), InformationURI: "https://github.com/urilint/urilint"}},
		// Columns count characters, not UTF-16 units or bytes.
		ColumnKind: "unicodeCodePoints",
		Results:    []sarifResult{},
	}
	s := &SARIF{w: w, index: map[uri.Category]int{}}
	for _, d := range policy.Categories {
		if d.GoOnly() {
			continue // never a finding of documents
		}
		s.index[d.Category] = len(run.Tool.Driver.Rules)
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRule{
			ID:               string(d.Category),
			ShortDescription: sarifMessage{Text: d.Summary},
			HelpURI:          checksURL + string(d.Category),
			DefaultConfig:    sarifConfig{Enabled: d.DefaultIn(policy.Documents), Level: "error"},
		})
	}
	s.log = sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs:    []sarifRun{run},
	}
	head, _, err := s.split()
	if err != nil {
		s.err = err
		return s
	}
	_, s.err = io.WriteString(w, head+`"results": [`)
	return s
}

// split returns the indented log without results, cut where they go.
func (s *SARIF) split() (head, tail string, err error) {
	doc, err := json.MarshalIndent(s.log, "", "  ")
	if err != nil {
		return "", "", err
	}
	head, tail, _ = strings.Cut(string(doc), sarifResults)
	return head, tail, nil
}

// Write adds the results of findings to the log.
func (s *SARIF) Write(findings []Finding) {
	for i := range findings {
		if s.err != nil {
			return
		}
		f := &findings[i]
		art := sarifArtifact{URI: artifactURI(f.File)}
		res := sarifResult{
			RuleID:    string(f.Category),
			RuleIndex: s.index[f.Category],
			Level:     cmp.Or(verdictLevel[f.Verdict], "error"),
			Message:   sarifMessage{Text: f.Message},
			Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{
				ArtifactLocation: art,
				Region:           sarifRegion{StartLine: f.Pos.Line, StartColumn: f.CharColumn()},
			}}},
		}
		if len(f.Fix) > 0 {
			ch := sarifArtifactChange{ArtifactLocation: art}
			for _, e := range f.Fix {
				rep := sarifReplacement{DeletedRegion: sarifDeleted{ByteOffset: e.Start, ByteLength: e.End - e.Start}}
				if e.New != "" {
					rep.InsertedContent = &sarifContent{Text: e.New}
				}
				ch.Replacements = append(ch.Replacements, rep)
			}
			res.Fixes = []sarifFix{{Description: sarifMessage{Text: "fix " + string(f.Category)}, ArtifactChanges: []sarifArtifactChange{ch}}}
		}
		const indent = "        " // the depth of runs[0].results[i]
		b, err := json.MarshalIndent(res, indent, "  ")
		if err != nil {
			s.err = err
			return
		}
		sep := ",\n" + indent
		if s.n == 0 {
			sep = "\n" + indent
		}
		s.n++
		_, s.err = io.WriteString(s.w, sep+string(b))
	}
}

// Close ends the log, with how the tree is published (Result.Sites) in
// the run's properties, which come after the results, and returns the
// first error of writing it.
func (s *SARIF) Close(sites []string) error {
	if s.err != nil {
		return s.err
	}
	if len(sites) > 0 {
		s.log.Runs[0].Properties = map[string]any{"sites": sites}
	}
	_, tail, err := s.split()
	if err != nil {
		return err
	}
	end := "]"
	if s.n > 0 {
		end = "\n      ]"
	}
	_, s.err = io.WriteString(s.w, end+tail+"\n")
	return s.err
}

// sarifVersion returns the version the program was built as (version.Module:
// the release tag, or the module version go install recorded), without
// its "v", since SARIF consumers compare versions that start with a
// number; "0.0.0-devel" for a build from a work tree.
func sarifVersion() string {
	if v := strings.TrimPrefix(version.Module(), "v"); v != "" && '0' <= v[0] && v[0] <= '9' {
		return v
	}
	return "0.0.0-devel"
}

// artifactURI writes a file name as a relative URI reference: slashes,
// and each segment percent-encoded.
func artifactURI(name string) string {
	if name == StdinName {
		return "stdin"
	}
	p := escapePath(filepath.ToSlash(name))
	// A relative reference whose first segment holds a ":" would read as
	// a scheme (RFC 3986 section 4.2: "a path segment that contains a
	// colon character ... cannot be used as the first segment of a
	// relative-path reference"): "./" in front keeps it a path.
	if first, _, _ := strings.Cut(p, "/"); strings.Contains(first, ":") {
		p = "./" + p
	}
	return p
}

// writeGitHub writes one "::error" workflow command per finding, which
// GitHub Actions shows as an annotation of the line.
func writeGitHub(w io.Writer, r *Result) error {
	// One line is built in a reused buffer and written at once: Fprintf
	// and a Replacer made per call cost more than the rest of the audit.
	var b []byte
	for i := range r.Findings {
		f := &r.Findings[i]
		b = append(b[:0], "::"...)
		b = append(b, cmp.Or(verdictLevel[f.Verdict], "error")...)
		b = append(b, " file="...)
		b = ghEscape(b, f.File, true)
		b = append(b, ",line="...)
		b = strconv.AppendInt(b, int64(f.Pos.Line), 10)
		b = append(b, ",col="...)
		b = strconv.AppendInt(b, int64(f.CharColumn()), 10)
		b = append(b, ",title="...)
		b = ghEscape(b, "urilint "+string(f.Category), true)
		b = append(b, "::"...)
		b = ghEscape(b, f.Message, false)
		b = append(b, '\n')
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	return nil
}

// ghEscape appends s to b escaped as the message of a workflow command
// ("%", CR, LF) or, when property is set, as a property value (also ":"
// and ",").
func ghEscape(b []byte, s string, property bool) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '%':
			b = append(b, "%25"...)
		case c == '\r':
			b = append(b, "%0D"...)
		case c == '\n':
			b = append(b, "%0A"...)
		case property && c == ':':
			b = append(b, "%3A"...)
		case property && c == ',':
			b = append(b, "%2C"...)
		default:
			b = append(b, c)
		}
	}
	return b
}

// ghData escapes the message of a workflow command.
func ghData(s string) string { return string(ghEscape(nil, s, false)) }

// ghProperty escapes a property value of a workflow command.
func ghProperty(s string) string { return string(ghEscape(nil, s, true)) }

// Summary returns the line printed at the end of an audit: how many
// files, links and findings, the findings by category in the order of
// policy.Categories.
func Summary(r *Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, %s", plural(len(r.Files), "file"), plural(r.Links(), "link"))
	unconfirmed, unchecked := r.Tentative()
	tentative := func() {
		if unconfirmed > 0 {
			fmt.Fprintf(&b, "; %d unconfirmed (transient failures, not failing)", unconfirmed)
		}
		if unchecked > 0 {
			fmt.Fprintf(&b, "; %s unchecked (out of time, not failing)", plural(unchecked, "link"))
		}
	}
	if r.Count() == 0 {
		b.WriteString(", no findings")
		tentative()
		return b.String()
	}
	count := r.counts
	if count == nil {
		count = map[uri.Category]int{}
		for _, f := range r.Findings {
			if f.Verdict == "" {
				count[f.Category]++
			}
		}
	}
	fmt.Fprintf(&b, ", %s:", plural(r.Count(), "finding"))
	sep := " "
	for _, d := range policy.Categories {
		if n := count[d.Category]; n > 0 {
			fmt.Fprintf(&b, "%s%s %d", sep, d.Category, n)
			sep = ", "
		}
	}
	tentative()
	return b.String()
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
