// Package analyzer defines an Analyzer that reports malformed and
// non-normalized URI literals in Go code.
//
// Analyzer is the entry point, with the default settings and its flags;
// New makes one from Settings, as the golangci-lint plugin (package
// plugin) does. Any go/analysis driver runs it: singlechecker.Main for a
// command of its own (cmd/urilint, which is also a go vet -vettool),
// multichecker.Main beside other analyzers (see the examples), or
// golang.org/x/tools/go/analysis/checker from a program.
//
// # Analyzer urilint
//
// urilint: check that URI literals are well-formed and normalized
//
// The analyzer finds the constant strings of a package that are meant as
// URIs and hands each to [uri.Options.Check], the single judge of RFC 3986
// in this module. It reports every finding, with the finding's own message
// and its category as Diagnostic.Category, at the exact byte inside the
// literal: offsets are mapped through escape sequences (\t, \x41, \u00e9,
// octal) and raw strings. For a constant expression that is not a single
// literal (a named constant, a constant concatenation) a finding points at
// the operand it falls in, or at the whole operand when that is not a
// literal.
//
// # Candidates
//
// A constant string (literal, constant expression or named constant; its
// value comes from type information) is checked when
//
//   - its whole value is a URI: a scheme followed by "://", or a registered
//     scheme (IANA's list) followed by text with the shape of a URI rather
//     than of a "key:value" pair ("mailto:a@example.com",
//     "sip:alice@example.com", and the typo "http:/example.com"; not
//     "Content-Type:text/plain", "APT::Get" or "bb:95:e0:4f"), by the
//     same candidate rules as uriextract applies to documents;
//   - it is the URL argument of a function that takes one, resolved by
//     type: net/url.Parse, ParseRequestURI and JoinPath, (*url.URL).Parse,
//     net/http.Get, Head, Post and PostForm and the same (*http.Client)
//     methods, http.NewRequest, NewRequestWithContext and Redirect,
//     httptest.NewRequest and NewRequestWithContext. There relative
//     references are checked too;
//   - it is a field of a net/url.URL composite literal: Scheme, Host,
//     RawPath, RawQuery and RawFragment, each as the component it holds
//     (Path and Fragment hold decoded text, which URL.String encodes).
//
// # What is not checked
//
// The analyzer stays silent where a string is written on purpose in a form
// that is not a whole URI:
//
//   - format strings: the format argument of a printf-like function (a
//     name ending in "f" and a final ...any parameter), and any string with
//     a verb such as %s, %q, %d, %v, %[1]s or %% ("%2F" is
//     percent-encoding), as the document audit skips them too;
//   - templates and placeholders: {id}, {{.Host}}, ${VAR}, $VAR, <host>,
//     :param path segments, and placeholder authorities (HOST:PORT,
//     host:port, [user@]host);
//   - bare prefixes ("http://", "mailto:") and comparisons: operands of
//     ==, !=, <, ..., case clauses, and arguments of the strings, bytes and
//     regexp packages (HasPrefix, TrimPrefix, Contains, Replace, Compile...);
//   - regular expressions (a leading ^, a trailing $, \., .*, (?...);
//   - struct tags and import paths;
//   - URIs inside prose: a value with a newline, or with a space or tab
//     followed by more words, by another URI, or by one word that ends a
//     sentence ("http://example.com/ quux!"), be it a whole constant or
//     the first operand of a concatenation computed at run time
//     ("https://x.example rerouted to " + url). One space or tab and one
//     word after it is a URI with a bad character
//     ("https://example.com/docs/getting started",
//     "https://example.com/tab\there"), and is reported;
//   - pieces of concatenations computed at run time
//     ("https://example.com:" + port): there only what no other operand can
//     complete is reported (a byte valid nowhere in a URI, a non-ASCII byte,
//     a broken percent-encoding), without a fix, and only in the first
//     operand unless the concatenation is the argument of a URL-taking
//     function.
//
// # Test files
//
// Files ending in _test.go are not checked by default: there malformed URIs
// are usually deliberate inputs of parse-error tests, and a repository's
// tests must not fail its CI over them. The -tests flag (Settings.Tests)
// checks them too. In the urilint command, -tests is the one flag for test
// files: it both loads the test packages and reports in them, and without
// it they are not even loaded (half the time and memory over std). -test,
// the name golang.org/x/tools' drivers give to loading test packages, is
// kept as a deprecated alias of -tests. Under go vet, which loads test
// packages itself, -tests decides what is reported. Findings in test files
// come without a fix unless -fix-tests (Settings.FixTests) is set, their
// message ending "(no fix in a test file: see -fix-tests)": tests hold
// expected values and invalid inputs on purpose, and no driver's -fix
// (urilint's, golangci-lint's, go fix's) should rewrite them. Both are
// also keys of the configuration file (go: tests, fix-tests), which a flag
// overrides.
//
// # Categories and flags
//
// Every category that Go code can have (docs/checks.md lists them, with
// their sections and defaults) has a boolean flag of its own name:
// -dot-segments=false turns dot-segment findings off, -empty-path turns the
// empty-path rule on. Every category is reported by default except
// "empty-path": an empty path with an authority ("https://api.example.com")
// is the usual way to write a base URL. The -enable and -disable flags take
// comma-separated lists of categories, like Settings.Enable and
// Settings.Disable; uriextract -check takes the same lists, and starts from
// the same defaults but for the normalization categories, which are off for
// documents (docs/checks.md).
//
// # Fixes
//
// Each finding that package uri can fix (a normalization, or the repair of
// an unambiguous malformation such as a space, which becomes %20) comes
// with one suggested fix that replaces only the bytes the rule changes,
// written in the literal's own quoting. There is no fix in generated files
// (findings are still reported there, their message ending "(no fix in a
// generated file)"): files with a "// Code generated ... DO NOT EDIT."
// line before the package clause. A file that imports "C" is not one,
// though drivers hand the analyzer cmd/cgo's rewrite of it, which has
// such a line: its findings are at the user's file, and their fixes edit
// it, through cgo's line directives. Neither is there a fix where an edit
// would fall outside a
// single literal or split an escape sequence, where a raw string cannot
// hold the replacement, or in a concatenation computed at run time.
//
// Fixes settle in one run: when the fixes of a literal's findings, made
// together, would leave something to fix (decoding "%41" in a host makes
// it uppercase; fixing a space uncovers a lowercase escape that Check did
// not reach), the analyzer fixes, checks again and fixes again, up to
// eight rounds, and offers one fix on the literal's first fixable finding
// that rewrites the literal to the settled result; its other findings then
// have none. A fix's message quotes the result with any password shown as
// "***".
//
// # Silencing a finding
//
// A //urilint:ignore comment, followed by the reason, on the line of the
// finding, on the line above it, or in the doc comment of the enclosing
// declaration (function, const, var, type, struct field) silences it.
// golangci-lint's //nolint:urilint (and //nolint) works too, in
// golangci-lint and in the standalone command, and so do staticcheck's
// directives for SA1007 (its check of url.Parse's argument), both
// "//lint:ignore SA1007 reason" and "//lint:file-ignore SA1007 reason".
// As staticcheck does for its own, a directive //urilint:ignore without a
// reason, or one that silences no finding of the run, is reported
// (category ignore-directive).
//
// # What -fix changes
//
// A fix changes nothing but the defect it names. The fixes that repair a
// defect are offered to every driver; those of normalization (scheme-case,
// host-case, default-port...) only when asked by -fixes (Settings.Fixes),
// since a Go program compares URIs as strings and sends the host as
// written. A comma-separated list of URIs is checked element by element;
// a multi-host URI ("postgres://a:5432,b:5432/db") is left alone. See
// docs/checks.md.
package analyzer
