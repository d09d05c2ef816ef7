// Package uri parses, checks, normalizes and resolves URI references by
// RFC 3986, strictly to the ABNF of its Appendix A.
//
// It is the one place in urilint that knows the URI grammar: the Go
// analyzer and the document extractor hand their candidates to [Check],
// so a URI gets the same verdict wherever it is written.
//
// # Parsing
//
// [Parse] accepts any URI-reference (section 4.1), absolute or relative,
// and keeps every component exactly as written: still percent-encoded, in
// its original case, with absent and empty components told apart (the
// Has fields of [URI]). [URI.String] recomposes the reference by section
// 5.3, so Parse(s).String() == s for every valid s. Errors are [*Error]
// values carrying the input, the byte offset of the first offending byte
// and a sentinel cause such as [ErrInvalidChar]. [Valid] and [Validate]
// check without allocating.
//
// Deliberate limits: bytes outside ASCII are errors unless the options
// accept IRIs (see below); IPv6 zone identifiers
// ("[fe80::1%25eth0]", RFC 6874) are errors with cause [ErrZoneID], since
// RFC 3986 has no such syntax; host names are not checked against DNS
// rules, and "256.1.1.1" is a valid reg-name, as the first-match-wins rule
// of section 3.2.2 says.
//
// # IRIs
//
// An IRI (RFC 3987) is a URI with characters outside ASCII where section
// 2.2 allows them: ucschar in the userinfo, host, path, query and
// fragment, iprivate in the query; the scheme, the port and IP literals
// stay ASCII. Parse stays a URI parser, so that Parse, Valid and Validate
// keep RFC 3986's answer; Options{IRI: true}.Parse takes IRI references,
// keeping every component as written (Parse(s).String() == s still).
// [ToURI] maps an IRI to its URI form (section 3.1: UTF-8 and
// percent-encoding, the host by UTS #46 ToASCII), [ToIRI] maps back
// (section 3.2), and [Options.Equivalent] compares IRIs by their URI
// forms.
//
// [Check] takes IRIs whatever the options say: a valid IRI is reported as
// [CategoryIRI] with its URI form as the fix, not as malformed. Invalid
// UTF-8 and characters outside section 2.2 are malformed. Host labels
// outside ASCII, and A-labels ("xn--"), go through UTS #46 with the
// lookup profile of golang.org/x/net/idna, the one net/http uses; a label
// it rejects is malformed (cause [ErrInvalidIDN]), a check that no
// grammar expresses and that Parse therefore leaves to Check. A label
// that mixes scripts as look-alike names do is [CategoryMixedScript], a
// bidirectional control [CategoryBidiControl], text not in NFC
// [CategoryNotNFC] (fixed where NFC keeps the syntax: it would turn "="
// and U+0338 into "≠"). An ASCII URI costs no more than before: the IRI
// rules run only when the parser met a character outside ASCII or the
// host has an A-label.
//
// # Normalization
//
// [Normalize] applies the syntax-based normalization of section 6.2.2 and
// the scheme-based normalization of section 6.2.3; [NormalizeRules]
// applies a chosen subset, each [Rule] a named constant. When the input is
// already normal it is returned unchanged without allocating.
//
// Decisions where the RFC leaves room:
//   - Dot segments are removed only from hierarchical paths of URIs that
//     have a scheme: a path after an authority, or one that begins with
//     "/". A rootless path ("foo:a/../b", "urn:x:..") is left alone,
//     because such schemes (urn, mailto, tel) give "." and ".." no
//     meaning, and a relative reference is left alone because its dot
//     segments still mean something when it is resolved against a base.
//   - When dot-segment removal leaves a path beginning with "//" and there
//     is no authority, the path is written with a "/." prefix
//     ("foo:/a/..//c" becomes "foo:/.//c"), so it cannot re-parse as an
//     authority.
//   - An empty query or fragment ("http://h/?") is kept: section 6.2.3
//     does not let a normalizer drop the delimiter of an empty component
//     unless the scheme says so.
//   - The empty path becomes "/" only for http, https, ws and wss, the
//     schemes that define the two as equivalent.
//
// # Resolution and comparison
//
// [Resolve] follows section 5.2 strictly: a reference with a scheme is
// taken as is (no same-scheme loophole), so its dot segments are removed
// even from a rootless path, as 5.2.2 says ("foo:a/../b" resolves to
// "foo:/b"), unlike Normalize, which leaves such a path alone. With an empty
// reference the base path is used as it is. The target is not normalized.
// [Equivalent] compares at a chosen rung of the section 6.2 ladder; it does
// not resolve relative references (section 6.1 asks callers to do that
// first).
//
// # Checking
//
// [Check] returns every problem with a reference as [Finding] values, each
// with a constant [Category], the byte range at fault, a message that
// stands on its own, and the edits of a safe fix where there is one: ABNF
// violations, the normalization rules above, the scheme-specific rules of
// RFC 1738 and its successors, and the security concerns of section 7.
// The Go analyzer and the document audit print these findings unchanged,
// through one shared policy that selects the categories to report. A
// message never shows a password ([Redact]).
//
// # Options
//
// Where later RFCs extend RFC 3986 (RFC 6874 zone identifiers, RFC 3987
// IRIs), an [Options] value chooses, and its Parse, Normalize and Check
// agree: a string that one accepts the others accept too, save for the
// host labels that only Check and ToURI hold against UTS #46, and the
// IRIs that Check reports as iri, not malformed, under any options. The
// package functions are those of the zero Options, strict RFC 3986.
//
// The two sets mirror each other: every function that parses its input
// (Parse, ParseAbsolute, Validate, Valid, Check, Normalize, Equivalent,
// ToURI, ToIRI, Resolve, Repair) is also a method of Options of the same
// name and signature, and every method of Options is such a function.
// NormalizeRules(s, r) is Options{Skip: AllRules &^ r}.Normalize(s).
// Functions that do not parse (Escape, Unescape, Redact, ApplyEdits,
// KnownScheme, NeedsAuthority) take no options.
package uri
