package uri

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// iriTests are IRI references (RFC 3987 section 2.2) that
// Options{IRI: true}.Parse accepts and Parse rejects, with their URI form
// (ToURI, section 3.1) and the findings of Check as category@start-end.
var iriTests = []struct {
	in, uri string
	want    []string
	sec     string
}{
	// Section 3.1's examples.
	{"http://r\u00e9sum\u00e9.example.org", "http://xn--rsum-bpad.example.org", []string{"iri@7-27", "empty-path@27-27"}, "RFC 3987 3.1: the host by ToASCII"},
	{"http://www.example.org/red%09ros\u00e9#red", "http://www.example.org/red%09ros%C3%A9#red", []string{"iri@32-34"}, "RFC 3987 3.1: UTF-8 then percent-encoding"},
	// The reports from real documents.
	{"#\u043f\u0456\u0434\u043f\u0438\u0441\u0430\u043d\u043d\u044f-cla", "#%D0%BF%D1%96%D0%B4%D0%BF%D0%B8%D1%81%D0%B0%D0%BD%D0%BD%D1%8F-cla", []string{"iri@1-21"}, "RFC 3987 2.2 ifragment"},
	{"#\u7f16\u8bd1\u539f\u7406", "#%E7%BC%96%E8%AF%91%E5%8E%9F%E7%90%86", []string{"iri@1-13"}, "RFC 3987 2.2 ifragment"},
	{"https://de.wikipedia.org/wiki/Stra\u00dfe", "https://de.wikipedia.org/wiki/Stra%C3%9Fe", []string{"iri@34-36"}, "RFC 3987 2.2 ipath"},
	{"?utf8=\u2713", "?utf8=%E2%9C%93", []string{"iri@6-9"}, "RFC 3987 2.2 iquery"},
	// Every component that takes ucschar, and iprivate in the query.
	{"http://j\u00fcrgen@h/", "http://j%C3%BCrgen@h/", []string{"iri@8-10"}, "RFC 3987 2.2 iuserinfo"},
	{"http://h/?\ue000", "http://h/?%EE%80%80", []string{"iri@10-13"}, "RFC 3987 2.2 iprivate in iquery"},
	{"http://h/\U0001F600", "http://h/%F0%9F%98%80", []string{"iri@9-13"}, "RFC 3987 2.2 ucschar beyond the BMP"},
	{"\u00e9t\u00e9/hiver", "%C3%A9t%C3%A9/hiver", []string{"iri@0-2"}, "RFC 3987 2.2 ipath-noscheme"},
	{"http://h/\u00fc%20\u00fc", "http://h/%C3%BC%20%C3%BC", []string{"iri@9-11"}, "RFC 3987 3.1: each run becomes an edit"},
	// Hosts (UTS #46 ToASCII).
	{"http://b\u00fccher.example/", "http://xn--bcher-kva.example/", []string{"iri@7-22"}, "UTS #46"},
	{"http://B\u00dcCHER.example/", "http://xn--bcher-kva.example/", []string{"host-case@7-22", "iri@7-22"}, "UTS #46 maps case"},
	{"http://\u4f8b\u3048\u3002\u30c6\u30b9\u30c8/", "http://xn--r8jz45g.xn--zckzah/", []string{"iri@7-25"}, "UTS #46: U+3002 separates labels"},
	{"http://www.xn--bcher-kva.ch/\u00e4", "http://www.xn--bcher-kva.ch/%C3%A4", []string{"iri@28-30"}, "an ASCII host stays as written"},
	{"http://b\u00fccher.example:8080/", "http://xn--bcher-kva.example:8080/", []string{"iri@7-22"}, "RFC 3987 2.2 iauthority with a port"},
	{"http://u:p\u00e4ss@h/", "http://u:p%C3%A4ss@h/", []string{"password@9-14", "iri@10-12"}, "RFC 3987 2.2 iuserinfo; RFC 3986 7.5"},
}

// iriInvalidTests are not IRI references: RFC 3987 leaves the scheme, the
// port and IP literals ASCII, and ucschar leaves out controls,
// noncharacters, specials, surrogates and tags.
var iriInvalidTests = []struct {
	in     string
	offset int
	detail string
	sec    string
}{
	{"h\u00ebllo:x", 1, "scheme is ASCII", "RFC 3987 2.2 scheme"},
	{"http://h:8\u00fc/", 10, "port is ASCII", "RFC 3987 2.2 port"},
	{"http://[::1\u00fc]/", 11, "IP literal is ASCII", "RFC 3987 2.2 IP-literal"},
	{"http://[::1]\u00fc/", 12, "IP literal is ASCII", "RFC 3987 2.2 IP-literal"},
	{"http://[v1.\u00fc]/", 11, "IP literal is ASCII", "RFC 3987 2.2 IPvFuture"},
	{"http://h/\xff", 9, "invalid UTF-8", "RFC 3987 2.2, RFC 3629"},
	{"http://h/\xed\xa0\x80", 9, "invalid UTF-8", "RFC 3629: a surrogate"},
	{"http://h/\u0085", 9, "U+0085 is not allowed", "RFC 3987 2.2: C1 controls are no ucschar"},
	{"http://h/\ufdd0", 9, "U+FDD0 is not allowed", "RFC 3987 2.2: noncharacters"},
	{"http://h/\ufffd", 9, "U+FFFD is not allowed", "RFC 3987 2.2: specials"},
	{"http://h/\U0001FFFE", 9, "U+1FFFE is not allowed", "RFC 3987 2.2: the last two of a plane"},
	{"http://h/\U000E0100", 9, "U+E0100 is not allowed", "RFC 3987 2.2: tags and variation selectors"},
	{"http://h/\ue000", 9, "private-use", "RFC 3987 2.2: iprivate only in iquery"},
	{"http://h/#\ue000", 10, "private-use", "RFC 3987 2.2: not in ifragment"},
	{"http://\ue000/", 7, "private-use", "RFC 3987 2.2: not in ireg-name"},
	{"http://h/\u00fc b", 11, "", "RFC 3986 2: a space is still no URI character"},
}

func TestParseIRI(t *testing.T) {
	o := Options{IRI: true}
	for _, tt := range iriTests {
		u, err := o.Parse(tt.in)
		if err != nil {
			t.Errorf("Options{IRI}.Parse(%q) (section %s): %v", tt.in, tt.sec, err)
			continue
		}
		if got := u.String(); got != tt.in {
			t.Errorf("Options{IRI}.Parse(%q).String() = %q", tt.in, got)
		}
		if _, err := Parse(tt.in); !errors.Is(err, ErrNonASCII) {
			t.Errorf("Parse(%q) error = %v, want ErrNonASCII: Parse is strict RFC 3986", tt.in, err)
		}
		if Valid(tt.in) {
			t.Errorf("Valid(%q) = true, want false", tt.in)
		}
	}
	for _, tt := range iriInvalidTests {
		_, err := o.Parse(tt.in)
		var e *Error
		if !errors.As(err, &e) || e.Offset != tt.offset || !strings.Contains(e.Detail, tt.detail) {
			t.Errorf("Options{IRI}.Parse(%q) (section %s) = %v, want an error at offset %d saying %q", tt.in, tt.sec, err, tt.offset, tt.detail)
		}
	}
}

func TestToURI(t *testing.T) {
	for _, tt := range iriTests {
		got, err := ToURI(tt.in)
		if err != nil || got != tt.uri {
			t.Errorf("ToURI(%q) = %q, %v, want %q (section %s)", tt.in, got, err, tt.uri, tt.sec)
			continue
		}
		if !Valid(got) {
			t.Errorf("ToURI(%q) = %q, which is not a URI", tt.in, got)
		}
		if again, _ := ToURI(got); again != got {
			t.Errorf("ToURI(%q) = %q, want it unchanged", got, again)
		}
	}
	for _, tt := range iriInvalidTests {
		if got, err := ToURI(tt.in); err == nil {
			t.Errorf("ToURI(%q) = %q, want an error (section %s)", tt.in, got, tt.sec)
		}
	}
	// RFC 3987 3.1: a label that UTS #46 rejects is percent-encoded.
	if got, _ := ToURI("http://a\u200db.example/"); got != "http://a%E2%80%8Db.example/" {
		t.Errorf("ToURI of a host with a joiner = %q", got)
	}
}

// toIRITests are section 3.2's examples and the rules of its steps.
var toIRITests = []struct {
	in, want string
	sec      string
}{
	{"http://www.example.org/D%C3%BCrst", "http://www.example.org/D\u00fcrst", "RFC 3987 3.2 example"},
	{"http://www.example.org/D%FCrst", "http://www.example.org/D%FCrst", "RFC 3987 3.2 example: %FC is no UTF-8"},
	{"http://xn--99zt52a.example.org/%e2%80%ae", "http://xn--99zt52a.example.org/%e2%80%ae", "RFC 3987 3.2 example: RLO stays encoded (4.1); the host too"},
	{"http://h/%41%2F%20", "http://h/%41%2F%20", "RFC 3987 3.2 step 2: ASCII stays encoded"},
	{"http://h/%C3%BC%C3", "http://h/\u00fc%C3", "RFC 3987 3.2 step 3: an incomplete sequence stays encoded"},
	{"http://h/%C2%85", "http://h/%C2%85", "RFC 3987 3.2 step 4: U+0085 is no ucschar"},
	{"http://h/%EE%80%80?%EE%80%80", "http://h/%EE%80%80?\ue000", "RFC 3987 2.2: iprivate only in iquery"},
	{"http://j%C3%BCrgen@b%C3%BCcher.example/", "http://j\u00fcrgen@b%C3%BCcher.example/", "iuserinfo decoded, the host left alone"},
	{"http://h/e%CC%81", "http://h/e%CC%81", "RFC 3987 5.3.2.2: a combining mark after a letter would not be NFC"},
	{"http://h/%C3%A9%CC%81", "http://h/\u00e9\u0301", "NFC in context: no composition of the two"},
	{"http://h/plain", "http://h/plain", "nothing to decode"},
	{"#%E7%BC%96%E8%AF%91", "#\u7f16\u8bd1", "RFC 3987 3.2 ifragment"},
}

func TestToIRI(t *testing.T) {
	for _, tt := range toIRITests {
		got, err := ToIRI(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ToIRI(%q) = %q, %v, want %q (section %s)", tt.in, got, err, tt.want, tt.sec)
			continue
		}
		// The IRI maps back to the same URI, save for the case of hex digits.
		if back, _ := ToURI(got); !strings.EqualFold(back, tt.in) {
			t.Errorf("ToURI(ToIRI(%q)) = %q", tt.in, back)
		}
	}
	if got, err := ToIRI("http://h/\xff"); err == nil {
		t.Errorf("ToIRI(%q) = %q, want an error", "http://h/\xff", got)
	}
}

func TestToURIAllocs(t *testing.T) {
	for _, s := range benchURIs {
		if n := testing.AllocsPerRun(100, func() { _, _ = ToURI(s) }); n != 0 {
			t.Errorf("ToURI(%q) allocates %v times, want 0", s, n)
		}
		if n := testing.AllocsPerRun(100, func() { _, _ = ToIRI(s) }); n != 0 && !strings.Contains(s, "%") {
			t.Errorf("ToIRI(%q) allocates %v times, want 0", s, n)
		}
	}
}

// iriCheckTests are Check's findings about characters outside ASCII, with
// the string that all fixes together give ("" when none has a fix).
var iriCheckTests = []struct {
	in    string
	want  []string // category@start-end
	fixed string
	sec   string
}{
	// RFC 3987 5.3.2.2: NFC.
	{"http://h/e\u0301", []string{"not-nfc@9-12", "iri@10-12"}, "", "RFC 3987 5.3.2.2; fixes overlap"},
	{"http://h/\u212b", []string{"not-nfc@9-12", "iri@9-12"}, "", "RFC 3987 5.3.2.2: ANGSTROM SIGN is U+00C5 in NFC"},
	{"http://h/a=\u0338b", []string{"not-nfc@10-13", "iri@11-13"}, "http://h/a=%CC%B8b", "NFC would take \"=\" away: no NFC fix"},
	{"http://h/%4A\u0301", []string{"percent-unreserved@9-12", "not-nfc@11-14", "iri@12-14"}, "http://h/J%CC%81", "NFC would break \"%4A\": no NFC fix"},
	{"http://h/\u037e", []string{"not-nfc@9-11", "iri@9-11"}, "http://h/%CD%BE", "NFC maps U+037E to \";\": no NFC fix"},
	{"http://h/\u212a", []string{"not-nfc@9-12", "iri@9-12"}, "http://h/%E2%84%AA", "NFC maps KELVIN SIGN to \"K\": no NFC fix"},
	// RFC 3987 4.1: bidi controls.
	{"http://h/\u202egnp.exe", []string{"bidi-control@9-12", "iri@9-12"}, "http://h/%E2%80%AEgnp.exe", "RFC 3987 4.1 RLO"},
	{"http://h/#\u200e", []string{"bidi-control@10-13", "iri@10-13"}, "http://h/#%E2%80%8E", "RFC 3987 4.1 LRM"},
	{"http://h/?\u2066a\u2069", []string{"bidi-control@10-13", "iri@10-13"}, "http://h/?%E2%81%A6a%E2%81%A9", "Unicode 6.3 isolates"},
	{"http://h/%E2%80%AE", nil, "", "encoded, it reorders nothing"},
	// Section 7.6 with UTS #39: mixed scripts in a label.
	{"https://www.\u0430pple.com/", []string{"iri@8-22", "mixed-script@12-18"}, "https://www.xn--pple-43d.com/", "7.6: Cyrillic among Latin"},
	{"https://www.xn--pple-43d.com/", []string{"mixed-script@12-24"}, "", "7.6: the A-label decoded"},
	{"https://XN--PPLE-43D.com/", []string{"host-case@8-24", "mixed-script@8-20"}, "https://xn--pple-43d.com/", "7.6: an A-label in upper case"},
	{"https://paypa\u04cf.com/", []string{"mixed-script@8-15", "iri@8-19"}, "https://xn--paypa-iof.com/", "7.6: Cyrillic PALOCHKA among Latin"},
	{"https://\u0440\u0430\u0443\u0440\u0430\u04cf.com/", []string{"iri@8-24"}, "https://xn--80aa0cbo65f.com/", "one script: whole-script confusables are left alone"},
	{"http://\u03b1\u03b2c.example/", []string{"mixed-script@7-12", "iri@7-20"}, "http://xn--c-ylbd.example/", "7.6: Latin among Greek"},
	{"http://abc\u65e5\u672c.jp/", []string{"iri@7-19"}, "http://xn--abc-v08fl0d.jp/", "UTS #39 Highly Restrictive: Latin + Han"},
	{"http://\u65e5\u672c\u8a9e\u30c9\u30e1\u30a4\u30f3.jp/", []string{"iri@7-31"}, "http://xn--eckwd4c7c5976acvb2w6i.jp/", "UTS #39: Han + Katakana"},
	{"http://\ud55c\uad6d\u8a9ekr.example/", []string{"iri@7-26"}, "http://xn--kr-yu0g710joz4b.example/", "UTS #39: Latin + Han + Hangul"},
	{"http://\u3072\ud55c.example/", []string{"mixed-script@7-13", "iri@7-21"}, "http://xn--y9j5970c.example/", "UTS #39: Hiragana and Hangul are two systems"},
	{"http://b\u00fccher-123.example/", []string{"iri@7-26"}, "http://xn--bcher-123-q9a.example/", "Common digits and hyphens are ignored"},
	// RFC 3986 7.4: an IPv4 address in fullwidth digits.
	{"http://\uff11\uff12\uff17\uff0e\uff10\uff0e\uff10\uff0e\uff11/", []string{"ipv4-form@7-34", "iri@7-34"}, "http://127.0.0.1/", "7.4 after UTS #46 mapping"},
	// UTS #46: invalid labels are malformed.
	{"http://a\u200db.example/", []string{"malformed@7-12"}, "", "UTS #46 / RFC 5892: ZWJ out of context"},
	{"http://xn--a.example/", []string{"malformed@7-12"}, "", "UTS #46: the A-label decodes to U+0080"},
	{"http://xn--abc.example/", []string{"malformed@7-14"}, "", "UTS #46: an A-label of ASCII only"},
	{"http://xn--zz-9999999999999.example/", []string{"malformed@7-27"}, "", "RFC 3492: Punycode overflow"},
	{"http://ok.-b\u00fc.example/", []string{"malformed@10-14"}, "", "UTS #46 CheckHyphens: the second label's offset"},
	{"http://\u0301a.example/", []string{"malformed@7-10"}, "", "UTS #46: a leading combining mark"},
	{"http://a_b.b\u00fccher.example/", []string{"iri@7-26"}, "http://a_b.xn--bcher-kva.example/", "only the non-ASCII labels are checked"},
	{"http://a_\u00fc.example/", []string{"malformed@7-11"}, "", "UTS #46 UseSTD3ASCIIRules in a non-ASCII label"},
	{"http://1abc.\u05e2\u05d1\u05e8\u05d9\u05ea/", []string{"malformed@7-11"}, "", "RFC 5893: the Bidi Rule binds every label"},
	{"http://xn--bcher-kva.example/", nil, "", "a valid A-label"},
	{"http://ab--c.example/\u00fc", []string{"iri@21-23"}, "http://ab--c.example/%C3%BC", "ASCII labels are RFC 3986's"},
}

func TestCheckIRI(t *testing.T) {
	for _, tt := range iriTests {
		if got := findingKeys(Check(tt.in)); !slices.Equal(got, tt.want) {
			t.Errorf("Check(%q) (section %s) = %v, want %v", tt.in, tt.sec, got, tt.want)
		}
		// The fix of the iri finding is ToURI.
		for _, f := range Check(tt.in) {
			if f.Category == CategoryIRI {
				if got := ApplyEdits(tt.in, f.Fix); got != tt.uri {
					t.Errorf("Check(%q): the iri fix gives %q, want %q", tt.in, got, tt.uri)
				}
			}
		}
	}
	for _, tt := range iriCheckTests {
		fs := Check(tt.in)
		if got := findingKeys(fs); !slices.Equal(got, tt.want) {
			t.Errorf("Check(%q) (section %s) = %v, want %v", tt.in, tt.sec, got, tt.want)
			continue
		}
		var edits []Edit
		overlap := false
		for _, f := range fs {
			if !strings.HasPrefix(f.Message, strconv.Quote(tt.in)) {
				t.Errorf("Check(%q): message %q does not quote the input first", tt.in, f.Message)
			}
			for _, e := range f.Fix {
				for _, o := range edits {
					overlap = overlap || e.Start < o.End && o.Start < e.End
				}
			}
			edits = append(edits, f.Fix...)
		}
		if overlap {
			continue // drivers apply one fix at a time; "" in the table
		}
		got := ""
		if edits != nil {
			got = ApplyEdits(tt.in, edits)
		}
		if got != tt.fixed {
			t.Errorf("Check(%q): fixes give %q, want %q (section %s)", tt.in, got, tt.fixed, tt.sec)
		}
	}
	for _, tt := range iriInvalidTests {
		fs := Check(tt.in)
		if len(fs) == 0 || fs[0].Category != CategoryMalformed || fs[0].Start != tt.offset {
			t.Errorf("Check(%q) = %v, want malformed at %d (section %s)", tt.in, findingKeys(fs), tt.offset, tt.sec)
		}
	}
}

// TestCheckIRIMessages pins the wording of each new kind of finding.
func TestCheckIRIMessages(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"https://www.xn--pple-43d.com/", `"https://www.xn--pple-43d.com/" has host "www.xn--pple-43d.com" ("www.аpple.com") whose label "аpple" mixes scripts, Cyrillic 'а' among Latin: it can pass for another name`},
		{"http://h/\u202e", `"http://h/\u202e" has the invisible bidirectional control U+202E RIGHT-TO-LEFT OVERRIDE, which reorders what a reader sees`},
		{"http://h/\u202e\u202c\u202e", `"http://h/\u202e\u202c\u202e" has the invisible bidirectional control U+202E RIGHT-TO-LEFT OVERRIDE, which reorders what a reader sees (and 2 more)`},
		{"http://h/e\u0301", "\"http://h/e\u0301\" is not normalized: \"e\\u0301\" is not in Unicode Normalization Form C and should be \"\\u00e9\""},
		{"http://h/a=\u0338", "\"http://h/a=\u0338\" is not normalized: \"=\\u0338\" is not in Unicode Normalization Form C, but its NFC form \"\\u2260\" would change the syntax of the reference"},
		{"http://h/\u00fc", `"http://h/ü" is an IRI; its URI form is "http://h/%C3%BC"`},
		{"http://u:p\u00e4ss@b\u00fccher.example/", `"http://u:***@bücher.example/" is an IRI; its URI form is "http://u:***@xn--bcher-kva.example/"`},
		{"http://u:pa\u0301ss@h/", `"http://u:***@h/" is not normalized: the password is not in Unicode Normalization Form C`},
		{"http://xn--a.example/", `"http://xn--a.example/" is not a valid URI reference: invalid internationalized domain name in host (label "xn--a" decodes to "\u0080", which is not a valid label; idna: invalid label "\u0080") at offset 7`},
		{"http://a\u200db/", `"http://a\u200db/" is not a valid URI reference: invalid internationalized domain name in host (label "a\u200db" has a zero-width joiner or non-joiner outside the contexts of RFC 5892; idna: invalid label "a\u200db") at offset 7`},
		{"http://-b\u00fc/", `"http://-bü/" is not a valid URI reference: invalid internationalized domain name in host (label "-bü" begins or ends with a hyphen; idna: invalid label "-bü") at offset 7`},
		{"http://h/\xff", `"http://h/\xff" is not a valid URI reference: non-ASCII byte 0xFF in path (invalid UTF-8) at offset 9`},
	} {
		var msgs []string
		for _, f := range Check(tt.in) {
			msgs = append(msgs, f.Message)
		}
		if !slices.Contains(msgs, tt.want) {
			t.Errorf("Check(%q) messages = %q, want one %q", tt.in, msgs, tt.want)
		}
	}
}

// TestCheckIRIErr checks the cause of a malformed host label.
func TestCheckIRIErr(t *testing.T) {
	fs := Check("http://xn--a.example/")
	if len(fs) != 1 || !errors.Is(fs[0].Err, ErrInvalidIDN) {
		t.Errorf("Check(%q) = %+v, want one finding caused by ErrInvalidIDN", "http://xn--a.example/", fs)
	}
}

// punycodeSamples are the sample strings of RFC 3492 section 7.1, (A) to
// (R), with their Punycode; (S) is ASCII and no label.
var punycodeSamples = []struct {
	name, unicode, punycode string
}{
	{"(A) Arabic (Egyptian)", "\u0644\u064A\u0647\u0645\u0627\u0628\u062A\u0643\u0644\u0645\u0648\u0634\u0639\u0631\u0628\u064A\u061F", "egbpdaj6bu4bxfgehfvwxn"},
	{"(B) Chinese (simplified)", "\u4ED6\u4EEC\u4E3A\u4EC0\u4E48\u4E0D\u8BF4\u4E2D\u6587", "ihqwcrb4cv8a8dqg056pqjye"},
	{"(C) Chinese (traditional)", "\u4ED6\u5011\u7232\u4EC0\u9EBD\u4E0D\u8AAA\u4E2D\u6587", "ihqwctvzc91f659drss3x8bo0yb"},
	{"(D) Czech", "Pro\u010Dprost\u011Bnemluv\u00ED\u010Desky", "Proprostnemluvesky-uyb24dma41a"},
	{"(E) Hebrew", "\u05DC\u05DE\u05D4\u05D4\u05DD\u05E4\u05E9\u05D5\u05D8\u05DC\u05D0\u05DE\u05D3\u05D1\u05E8\u05D9\u05DD\u05E2\u05D1\u05E8\u05D9\u05EA", "4dbcagdahymbxekheh6e0a7fei0b"},
	{"(F) Hindi (Devanagari)", "\u092F\u0939\u0932\u094B\u0917\u0939\u093F\u0928\u094D\u0926\u0940\u0915\u094D\u092F\u094B\u0902\u0928\u0939\u0940\u0902\u092C\u094B\u0932\u0938\u0915\u0924\u0947\u0939\u0948\u0902", "i1baa7eci9glrd9b2ae1bj0hfcgg6iyaf8o0a1dig0cd"},
	{"(G) Japanese (kanji and hiragana)", "\u306A\u305C\u307F\u3093\u306A\u65E5\u672C\u8A9E\u3092\u8A71\u3057\u3066\u304F\u308C\u306A\u3044\u306E\u304B", "n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa"},
	{"(H) Korean (Hangul syllables)", "\uC138\uACC4\uC758\uBAA8\uB4E0\uC0AC\uB78C\uB4E4\uC774\uD55C\uAD6D\uC5B4\uB97C\uC774\uD574\uD55C\uB2E4\uBA74\uC5BC\uB9C8\uB098\uC88B\uC744\uAE4C", "989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c"},
	{"(I) Russian (Cyrillic)", "\u043F\u043E\u0447\u0435\u043C\u0443\u0436\u0435\u043E\u043D\u0438\u043D\u0435\u0433\u043E\u0432\u043E\u0440\u044F\u0442\u043F\u043E\u0440\u0443\u0441\u0441\u043A\u0438", "b1abfaaepdrnnbgefbaDotcwatmq2g4l"},
	{"(J) Spanish", "Porqu\u00E9nopuedensimplementehablarenEspa\u00F1ol", "PorqunopuedensimplementehablarenEspaol-fmd56a"},
	{"(K) Vietnamese", "T\u1EA1isaoh\u1ECDkh\u00F4ngth\u1EC3ch\u1EC9n\u00F3iti\u1EBFngVi\u1EC7t", "TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g"},
	{"(L) 3<nen>B<gumi><kinpachi><sensei>", "3\u5E74B\u7D44\u91D1\u516B\u5148\u751F", "3B-ww4c5e180e575a65lsy2b"},
	{"(M) <amuro><namie>-with-SUPER-MONKEYS", "\u5B89\u5BA4\u5948\u7F8E\u6075-with-SUPER-MONKEYS", "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"},
	{"(N) Hello-Another-Way-<sorezore><no><basho>", "Hello-Another-Way-\u305D\u308C\u305E\u308C\u306E\u5834\u6240", "Hello-Another-Way--fc4qua05auwb3674vfr0b"},
	{"(O) <hitotsu><yane><no><shita>2", "\u3072\u3068\u3064\u5C4B\u6839\u306E\u4E0B2", "2-u9tlzr9756bt3uc0v"},
	{"(P) Maji<de>Koi<suru>5<byou><mae>", "Maji\u3067Koi\u3059\u308B5\u79D2\u524D", "MajiKoi5-783gue6qz075azm5e"},
	{"(Q) <pafii>de<runba>", "\u30D1\u30D5\u30A3\u30FCde\u30EB\u30F3\u30D0", "de-jg4avhby1noc0d"},
	{"(R) <sono><supiido><de>", "\u305D\u306E\u30B9\u30D4\u30FC\u30C9\u3067", "d9juau41awczczp"},
}

// TestPunycodeSamples runs the samples of RFC 3492 section 7.1 both ways
// through host processing: a U-label becomes "xn--" and its Punycode
// (case folded, as UTS #46 maps labels to lower case first), and the
// A-label decodes to the sample, as mixed-script reads it.
func TestPunycodeSamples(t *testing.T) {
	for _, tt := range punycodeSamples {
		ascii := "xn--" + strings.ToLower(tt.punycode)
		if got, err := ToURI("http://" + tt.unicode + "/"); err != nil || got != "http://"+ascii+"/" {
			t.Errorf("RFC 3492 7.1 %s: ToURI = %q, %v, want host %q", tt.name, got, err, ascii)
		}
		u := URI{HasAuthority: true, Host: ascii, HostKind: HostRegName}
		h := checkHost(u.String(), &u, false)
		if h.bad || len(h.labels) != 1 || h.labels[0].unicode != strings.ToLower(tt.unicode) {
			t.Errorf("RFC 3492 7.1 %s: %q decodes to %+v, want %q", tt.name, ascii, h, strings.ToLower(tt.unicode))
		}
	}
}

// uts46Tests are examples of processing from UTS #46 (section 4, "Table:
// Examples"), through the host of an http URI; ascii is "" where
// processing fails, so that Check reports malformed.
var uts46Tests = []struct {
	host, ascii string
}{
	{"Blo\u00df.de", "xn--blo-7ka.de"},                                          // nontransitional: ß stays
	{"\u00d6BB.at", "xn--bb-eka.at"},                                            // mapped to "öbb.at"
	{"I\u2665NY.de", "xn--iny-zx5a.de"},                                         // a symbol
	{"\uff21\uff22\uff23\u30fb\u65e5\u672c.co.jp", "xn--abc-rs4b422ycvb.co.jp"}, // fullwidth letters
	{"\u65e5\u672c\uff61co\uff61jp", "xn--wgv71a.co.jp"},                        // U+FF61 separates labels
	{"\u65e5\u672c\uff61co\uff0ejp", "xn--wgv71a.co.jp"},                        // so does U+FF0E
	{"\u65e5\u672c\u2488co\uff0ejp", ""},                                        // U+2488 is disallowed
	{"x\u0327\u0301.de", "xn--x-xbb7i.de"},                                      // in NFC
	{"x\u0301\u0327.de", "xn--x-xbb7i.de"},                                      // reordered by NFC
	{"\u03c3\u03cc\u03bb\u03bf\u03c2.gr", "xn--wxaijb9b.gr"},                    // final sigma stays (nontransitional)
	{"\u03a3\u03cc\u03bb\u03bf\u03c2.gr", "xn--wxaijb9b.gr"},                    // mapped to lower case
	{"\u039d\u03ac\u03bc\u03b5\u03b7\u03b1\u0026.gr", ""},                       // "&": no STD3 letter
	{"\u0646\u0627\u0645\u0647\u0627\u06cc.de", "xn--mgba3gch31f.de"},
	{"\u0646\u0627\u0645\u0647\u200c\u0627\u06cc.de", "xn--mgba3gch31f060k.de"}, // ZWNJ in its context (RFC 5892)
	{"\u03a3\u038c\u039b\u039f\u03a3.gr\ufecb\ufeae\ufe91\ufef2.de", ""},        // Bidi Rule
}

func TestUTS46(t *testing.T) {
	for _, tt := range uts46Tests {
		in := "http://" + tt.host + "/"
		fs := Check(in)
		if tt.ascii == "" {
			if len(fs) != 1 || !errors.Is(fs[0].Err, ErrInvalidIDN) {
				t.Errorf("UTS #46: Check(%q) = %v, want malformed with ErrInvalidIDN", in, findingKeys(fs))
			}
			continue
		}
		got, err := ToURI(in)
		if want := "http://" + tt.ascii + "/"; err != nil || got != want {
			t.Errorf("UTS #46: ToURI(%q) = %q, %v, want %q", in, got, err, want)
		}
		for _, f := range fs {
			if f.Category == CategoryMalformed || f.Category == CategoryMixedScript {
				t.Errorf("UTS #46: Check(%q) has %s: %s", in, f.Category, f.Message)
			}
		}
	}
}

// iriNormalizeTests give Options{IRI: true}.Normalize.
var iriNormalizeTests = []struct {
	in, want string
	sec      string
}{
	{"HTTP://B\u00fccher.Example:80/\u00e4/./b?\u00e9#\u00e9", "http://b\u00fccher.example/\u00e4/b?\u00e9#\u00e9", "RFC 3987 5.3.2.1: ASCII case only; 6.2.2.3, 6.2.3"},
	{"http://h/e\u0301", "http://h/\u00e9", "RFC 3987 5.3.2.2 NFC"},
	{"http://h/%65\u0301", "http://h/\u00e9", "6.2.2.2 then NFC"},
	{"http://h/a=\u0338", "http://h/a=\u0338", "NFC left out where it changes the syntax"},
	{"http://h/\u00fc?%c3%bc", "http://h/\u00fc?%C3%BC", "RFC 3987 5.3.2.3: encoded characters stay encoded"},
	{"http://h/\u00fc", "http://h/\u00fc", "already normal"},
}

func TestNormalizeIRI(t *testing.T) {
	o := Options{IRI: true}
	for _, tt := range iriNormalizeTests {
		got, err := o.Normalize(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("Options{IRI}.Normalize(%q) = %q, %v, want %q (section %s)", tt.in, got, err, tt.want, tt.sec)
		}
		if again, _ := o.Normalize(got); again != got {
			t.Errorf("Options{IRI}.Normalize is not idempotent: %q -> %q -> %q", tt.in, got, again)
		}
		if _, err := Normalize(tt.in); !errors.Is(err, ErrNonASCII) {
			t.Errorf("Normalize(%q) error = %v, want ErrNonASCII", tt.in, err)
		}
	}
	// Normal input, an IRI too, comes back as is without allocating.
	for _, s := range []string{"http://b\u00fccher.example/\u00e4?\u00e9", benchURIs[1]} {
		if n := testing.AllocsPerRun(100, func() { _, _ = o.Normalize(s) }); n != 0 {
			t.Errorf("Options{IRI}.Normalize(%q) allocates %v times, want 0", s, n)
		}
	}
}

// iriEquivalentTests give, for each pair, the lowest rung of the ladder
// at which Options{IRI: true}.Equivalent finds them equivalent.
var iriEquivalentTests = []struct {
	a, b string
	from Level
	sec  string
}{
	{"http://example.org/D\u00fcrst", "http://example.org/D%C3%BCrst", LevelSyntaxBased, "RFC 3987 5.3.2.3: by the URI form"},
	{"http://example.org/D\u00fcrst", "http://example.org/D%c3%bcrst", LevelSyntaxBased, "RFC 3987 5.3.2.3 and 5.3.2.1"},
	{"http://h/e\u0301", "http://h/\u00e9", never, "RFC 3987 5.3.2.2: comparison does not apply NFC"},
	{"http://h/e\u0301", "http://h/e%CC%81", LevelSyntaxBased, "RFC 3987 3.1: the URI form"},
	{"http://h/%65\u0301", "http://h/e%cc%81", LevelSyntaxBased, "RFC 3987 3.1 then RFC 3986 6.2.2.1 and 6.2.2.2"},
	{"http://h/\u00e9", "http://h/e%CC%81", never, "RFC 3987 5.3.2.2"},
	{"http://h/\u00fc", "http://h/\u00dc", never, "the path is case-sensitive"},
	{"http://h/a\u2260", "http://h/a=\u0338", never, "NFC that would change the syntax is not applied"},
	{"http://b\u00fccher.example/", "http://b%C3%BCcher.example/", LevelSyntaxBased, "RFC 3987 3.1: the host percent-encoded"},
	{"http://b\u00fccher.example/", "http://xn--bcher-kva.example/", LevelSchemeBased, "RFC 3987 3.1 ToASCII: a resolver's view"},
	{"http://b%C3%BCcher.example/", "http://XN--BCHER-KVA.example/", LevelSchemeBased, "RFC 3986 3.2.2: a percent-encoded host is UTF-8"},
	{"http://B\u00dcCHER.example/", "http://b\u00fccher.example/", LevelSchemeBased, "UTS #46 maps case"},
	{"http://b\u00fccher.example:80", "http://xn--bcher-kva.example/", LevelSchemeBased, "6.2.3 with ToASCII"},
	{"http://a\u200db.example/", "http://a%E2%80%8Db.example/", LevelSyntaxBased, "an invalid label stays percent-encoded"},
}

func TestEquivalentIRI(t *testing.T) {
	o := Options{IRI: true}
	for _, tt := range iriEquivalentTests {
		for l := LevelSimpleString; l <= LevelSchemeBased; l++ {
			want := l >= tt.from
			for _, p := range [][2]string{{tt.a, tt.b}, {tt.b, tt.a}} {
				got, err := o.Equivalent(p[0], p[1], l)
				if err != nil || got != want {
					t.Errorf("Options{IRI}.Equivalent(%q, %q, %v) = %v, %v, want %v (section %s)", p[0], p[1], l, got, err, want, tt.sec)
				}
			}
		}
	}
	// An IRI and its URI form: equivalent at the level that maps one to
	// the other.
	for _, tt := range iriTests {
		level := LevelSyntaxBased
		if u, _ := o.Parse(tt.in); hasNonASCII(u.Host) {
			level = LevelSchemeBased
		}
		for l := LevelSimpleString; l <= LevelSchemeBased; l++ {
			if got, err := o.Equivalent(tt.in, tt.uri, l); err != nil || got != (l >= level) {
				t.Errorf("Options{IRI}.Equivalent(%q, %q, %v) = %v, %v, want %v", tt.in, tt.uri, l, got, err, l >= level)
			}
		}
	}
	if _, err := Equivalent("http://h/\u00fc", "http://h/%C3%BC", LevelSyntaxBased); !errors.Is(err, ErrNonASCII) {
		t.Errorf("Equivalent of an IRI error = %v, want ErrNonASCII: the package function takes URIs", err)
	}
}

// TestCheckIRIAllocs: an IRI allocates for its findings only; with the
// iri finding alone there are its message, its fix and the URI form.
func TestCheckIRIAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector adds allocations")
	}
	const s = "https://example.com/wiki/Stra\u00dfe"
	n := testing.AllocsPerRun(100, func() { _ = Check(s) })
	// The findings slice, the fix's edit slice and its text, the URI
	// form, and the message (two arguments boxed and the text).
	if n > 7 {
		t.Errorf("Check(%q) allocates %v times, want at most 7", s, n)
	}
}
