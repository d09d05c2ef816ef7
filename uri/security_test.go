package uri

import (
	"strings"
	"testing"
)

// securityTests: both sides of each section 7 rule. want lists
// category@start-end; at is the text at fault of the first finding.
var securityTests = []struct {
	in   string
	want []string
	at   string
	sec  string
}{
	// 7.5 Sensitive Information
	{"http://user:secret@h/", []string{"password@12-18"}, "secret", "7.5"},
	{"postgres://app:hunter2@db.internal:5432/app", []string{"password@15-22"}, "hunter2", "7.5, unknown scheme too"},
	{"ftp://u:p:q@h/", []string{"password@8-11"}, "p:q", "7.5: the password runs to \"@\""},
	{"http://user@h/", nil, "", "7.5: a user name alone is fine"},
	{"http://user:@h/", nil, "", "7.5: an empty password reveals nothing"},
	{"http://@h/", nil, "", "empty userinfo"},
	{"http://h/a:b@c", nil, "", "a colon and @ in the path are no userinfo"},

	// 7.4 Rare IP Address Formats
	{"http://0x7f.1/", []string{"ipv4-form@7-13"}, "0x7f.1", "7.4: hexadecimal, two parts"},
	{"http://2130706433/", []string{"ipv4-form@7-17"}, "2130706433", "7.4: a single number"},
	{"http://127.1/", []string{"ipv4-form@7-12"}, "127.1", "7.4: two parts"},
	{"http://10.1.2/", []string{"ipv4-form@7-13"}, "10.1.2", "7.4: three parts"},
	{"http://0177.0.0.1/", []string{"ipv4-form@7-17"}, "0177.0.0.1", "7.4: octal"},
	{"http://127.0.0.01/", []string{"ipv4-form@7-17"}, "127.0.0.01", "7.4: leading zero"},
	{"http://0XC0.0xA8.0.1:8080/", []string{"ipv4-form@7-20"}, "0XC0.0xA8.0.1", "7.4: hexadecimal"},
	{"http://127.0.0.1./", []string{"ipv4-form@7-17"}, "127.0.0.1.", "trailing dot, as browsers read it"},
	{"http://0/", []string{"ipv4-form@7-8"}, "0", "7.4: 0 is 0.0.0.0"},
	{"foo://0x7f000001/", []string{"ipv4-form@6-16"}, "0x7f000001", "7.4 applies to any scheme"},
	{"http://127.0.0.1/", nil, "", "3.2.2 IPv4address"},
	{"http://192.0.2.16:80/", nil, "", "3.2.2 IPv4address"},
	{"http://[::ffff:127.0.0.1]/", nil, "", "IPv6 literal"},
	{"http://256.1.1.1/", nil, "", "not an address in any form: a reg-name"},
	{"http://1.2.3.4.5/", nil, "", "five parts: a reg-name"},
	{"http://08.1.1.1/", nil, "", "8 is no octal digit"},
	{"http://0x/", nil, "", "0x without digits"},
	{"http://4294967296/", nil, "", "above 32 bits"},
	{"http://1.16777216/", nil, "", "last of two parts above 24 bits"},
	{"http://example.com/", nil, "", "reg-name"},
	{"http://1.example/", nil, "", "reg-name with digits"},
	{"http://h/127.1", nil, "", "a path is no host"},

	// 7.6 Semantic Attacks
	{"ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm",
		[]string{"deceptive-userinfo@6-41"}, "cnn.example.com&story=breaking_news", "7.6 example"},
	{"http://trusted.example.com&story=x@10.0.0.1/", []string{"deceptive-userinfo@7-34"}, "trusted.example.com&story=x", "issue 6 example"},
	{"https://www.paypal.com@evil.example/", []string{"deceptive-userinfo@8-22"}, "www.paypal.com", "7.6"},
	{"https://bank.co.uk@evil.example/", []string{"deceptive-userinfo@8-18"}, "bank.co.uk", "7.6: three labels under a country code"},
	{"https://bank.de&x=1@evil.example/", []string{"deceptive-userinfo@8-19"}, "bank.de&x=1", "7.6: a country code with noise after the name"},
	{"https://bank.de@evil.example/", nil, "", "7.6: two labels under a country code read as a user name (wei.li, jane.do)"},
	{"https://wei.li@git.example.com/", nil, "", "a user name, not a host"},
	{"http://%31%32%37.1/", []string{"ipv4-form@7-18"}, "%31%32%37.1", "7.4: resolvers decode the host first"},
	{"http://10.0.0.1@evil.example/", []string{"deceptive-userinfo@7-15"}, "10.0.0.1", "7.6: an address"},
	{"http://example.com:443@evil.example/", []string{"deceptive-userinfo@7-22", "password@19-22"}, "example.com:443", "7.6: host:port"},
	{"ftp://john.doe@ftp.example.com/", nil, "", "a dotted user name"},
	{"ftp://jane%40example.com@ftp.example.com/", nil, "", "an e-mail address as user name"},
	{"ssh://git@github.com/o/r.git", nil, "", "a user name"},
	{"http://a..com@h/", nil, "", "empty label: no host name"},
	{"http://.com@h/", nil, "", "empty label: no host name"},
	{"http://v1.2@h/", nil, "", "last label not letters"},

	// 7.3 Back-end Transcoding, 7.2 Malicious Construction
	{"http://h/a%0D%0ASet-Cookie:x=1", []string{"encoded-control@10-16"}, "%0D%0A", "7.2: CR LF"},
	{"http://h/?q=%0a", []string{"encoded-control@12-15"}, "%0a", "7.2: LF, lowercase hex"},
	{"http://h/file.txt%00.jpg", []string{"encoded-control@17-20"}, "%00", "7.3: NUL"},
	{"http://h/%0D/%0A", []string{"encoded-control@9-12"}, "%0D", "one finding per URI, counting the other runs"},
	{"http://u%0Ax@h/", []string{"encoded-control@8-11"}, "%0A", "7.2: in userinfo"},
	{"http://h%0D%0A/", []string{"encoded-control@8-14"}, "%0D%0A", "7.2: in the host"},
	{"http://h/#%00", nil, "", "3.5: the fragment is never sent"},
	{"http://h/#a%0D%0Ab", nil, "", "3.5: nor a line break in it"},
	{"http://h/%0A#%0A", []string{"encoded-control@9-12"}, "%0A", "the path's is reported, the fragment's not counted"},
	{"https://example.com/#:~:text=a%0Ab", nil, "", "a text directive: a line break is text to find"},
	{"telnet://h%0D%0Aquit/", []string{"encoded-control@10-16"}, "%0D%0A", "7.2: the TELNET example"},
	{"http://h/a%09b", nil, "", "tab is not CR, LF or NUL"},
	{"gopher://h/1sel%09search", nil, "", "gopher's %09 separator"},
	{"http://h/%0E%20%10%7F", nil, "", "other controls are not reported"},
	{"http://h/%250D%250A", nil, "", "an encoded %: the text %0D, not CR"},
	{"http://h/%D0%A0", nil, "", "UTF-8 bytes"},
}

func TestSecurity(t *testing.T) {
	for _, tt := range securityTests {
		t.Run(tt.in, func(t *testing.T) { testFindings(t, tt.in, tt.want, tt.at, tt.sec) })
	}
}

var securityMessages = []struct {
	in, want string
}{
	{"http://user:secret@h/", `"http://user:***@h/" has a password in its userinfo, which anyone who sees the URI can read`},
	{"http://0x7f.1/", `"http://0x7f.1/" has host "0x7f.1", which many resolvers read as the IPv4 address 127.0.0.1: filters that compare the host as text miss it`},
	{"http://2130706433/", `"http://2130706433/" has host "2130706433", which many resolvers read as the IPv4 address 127.0.0.1: filters that compare the host as text miss it`},
	{"http://0300.0250.1/", `"http://0300.0250.1/" has host "0300.0250.1", which many resolvers read as the IPv4 address 192.168.0.1: filters that compare the host as text miss it`},
	{"ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm", `"ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm" has userinfo "cnn.example.com&story=breaking_news" that looks like a host name, but the host is "10.0.0.1": a reader may trust the wrong site`},
	{"http://h/?q=%0D%0A", `"http://h/?q=%0D%0A" has a percent-encoded line break "%0D%0A" in its query, which can inject a header or command where it is decoded`},
	{"http://h/a%00", `"http://h/a%00" has a percent-encoded NUL "%00" in its path, which can cut the value short where it is decoded (a file name, a C string)`},
	{"http://h/a%00%0A", `"http://h/a%00%0A" has a percent-encoded line break "%00%0A" in its path, which can inject a header or command where it is decoded`},
}

func TestSecurityMessages(t *testing.T) {
	for _, tt := range securityMessages {
		t.Run(tt.in, func(t *testing.T) {
			if got := firstFinding(tt.in).Message; got != tt.want {
				t.Errorf("Check(%q) message = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestSecurityNoAlloc(t *testing.T) {
	for _, tt := range securityTests {
		if tt.want != nil {
			continue
		}
		var u URI
		if err := parse(tt.in, &u); err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(100, func() { _ = checkSecurity(tt.in, &u, lookupScheme(u.Scheme), nil) }); n != 0 {
			t.Errorf("checkSecurity(%q) allocates %v times, want 0", tt.in, n)
		}
	}
}

// inetAtonTests follow section 7.4's description of inet_aton.
var inetAtonTests = []struct {
	in   string
	want uint32
	ok   bool
}{
	{"127.0.0.1", 0x7f000001, true},
	{"127.1", 0x7f000001, true},
	{"127.0.1", 0x7f000001, true},      // "the last part is interpreted as a 16-bit quantity"
	{"10.65535", 0x0a00ffff, true},     // "a 24-bit quantity"
	{"2130706433", 0x7f000001, true},   // "a 32-bit quantity"
	{"0x7F.0.0.1", 0x7f000001, true},   // "a leading 0x or 0X implies hexadecimal"
	{"0177.0.0.1", 0x7f000001, true},   // "a leading 0 implies octal"
	{"0xffffffff", 0xffffffff, true},   // largest
	{"0", 0, true},                     // decimal zero
	{"00", 0, true},                    // octal zero
	{"1.2.3.256", 0, false},            // last of four parts is 8 bits
	{"1.2.65536", 0, false},            // last of three is 16 bits
	{"256.1", 0, false},                // leading parts are 8 bits
	{"4294967296", 0, false},           // 33 bits
	{"09", 0, false},                   // 9 is no octal digit
	{"0xg", 0, false},                  // g is no hex digit
	{"1..2", 0, false},                 // empty part
	{"", 0, false},                     // nothing
	{"1.2.3.4.5", 0, false},            // five parts
	{"99999999999999999999", 0, false}, // overflow
}

func TestInetAton(t *testing.T) {
	for _, tt := range inetAtonTests {
		t.Run(tt.in, func(t *testing.T) {
			got, ok := inetAton(tt.in)
			if got != tt.want || ok != tt.ok {
				t.Errorf("inetAton(%q) = %#x, %v, want %#x, %v", tt.in, got, ok, tt.want, tt.ok)
			}
		})
	}
}

// TestPasswordRedacted checks that no message shows a password, whatever
// the finding, malformed references included.
func TestPasswordRedacted(t *testing.T) {
	for _, s := range []string{
		"http://user:s3cret@host/a b",
		"http://bank.example.com:s3cret@evil.example/",
		"HTTP://user:s3cret@Host:80/a/../b",
		"ftp://user:s3cret@h/f;type=x",
	} {
		fs := Check(s)
		if len(fs) == 0 {
			t.Errorf("Check(%q) found nothing", s)
		}
		for _, f := range fs {
			if strings.Contains(f.Message, "s3cret") {
				t.Errorf("Check(%q): message %q shows the password", s, f.Message)
			}
		}
	}
}

func TestControlsCounted(t *testing.T) {
	fs := Check("https://x.example/?blocks=%5B%0A%09%7B%0A%09%09%22a%22%0A%7D%0A%5D")
	if len(fs) != 1 || fs[0].Category != CategoryEncodedControl || !strings.HasSuffix(fs[0].Message, "(and 3 more)") {
		t.Errorf("Check of a JSON payload = %+v, want one encoded-control finding counting 3 more", fs)
	}
}
