package report

import (
	"cmp"
	"encoding/json"
	"io"
	"path/filepath"
	"strings"

	"github.com/urilint/urilint/audit"
	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/internal/site"
	"github.com/urilint/urilint/internal/version"
	"github.com/urilint/urilint/uri"
)

// verdictLevel is the SARIF level, and the GitHub workflow command, of a
// finding with a Verdict: shown, not failing.
var verdictLevel = map[string]string{audit.VerdictUnconfirmed: "warning", audit.VerdictUnchecked: "warning"}

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

// sarifReporter writes a SARIF log, result by result.
type sarifReporter struct{ s *SARIF }

func (r *sarifReporter) Findings(_ *audit.File, findings []audit.Finding) error {
	r.s.Write(findings)
	return r.s.err
}

func (r *sarifReporter) Close(res *audit.Result) error { return r.s.Close(res.Sites) }

// SARIF writes a SARIF 2.1.0 log result by result, so that a large audit
// does not hold its results: the log's head when made, each result as it
// comes, the tail at Close.
type SARIF struct {
	w     io.Writer
	log   sarifLog
	index map[uri.Category]int
	n     int
	err   error
	buf   []byte
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
func (s *SARIF) Write(findings []audit.Finding) {
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
		s.buf = appendPrintableJSON(append(s.buf[:0], sep...), b)
		_, s.err = s.w.Write(s.buf)
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
	_, s.err = s.w.Write(appendPrintableJSON(nil, []byte(end+tail+"\n")))
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
	if name == audit.StdinName {
		return "stdin"
	}
	p := site.EscapePath(filepath.ToSlash(name))
	// A relative reference whose first segment holds a ":" would read as
	// a scheme (RFC 3986 section 4.2: "a path segment that contains a
	// colon character ... cannot be used as the first segment of a
	// relative-path reference"): "./" in front keeps it a path.
	if first, _, _ := strings.Cut(p, "/"); strings.Contains(first, ":") {
		p = "./" + p
	}
	return p
}
