package uri

import "github.com/urilint/urilint/internal/abnf"

// The character classes of RFC 3986 Appendix A live in internal/abnf,
// generated once; these short names keep the parser readable.
const (
	cAlpha      = abnf.Alpha
	cDigit      = abnf.Digit
	cHex        = abnf.Hex
	cScheme     = abnf.Scheme
	cUnreserved = abnf.Unreserved
	cSubDelim   = abnf.SubDelim
	cGenDelim   = abnf.GenDelim
	cRegName    = abnf.RegName
	cUserinfo   = abnf.Userinfo
	cPchar      = abnf.Pchar
	cPath       = abnf.Path
	cQuery      = abnf.Query
	cIPvFuture  = abnf.IPvFuture
)

const upperHex = abnf.UpperHex

func is(c byte, class uint16) bool { return abnf.Is(c, class) }

func unhex(c byte) byte { return abnf.Unhex(c) }

func lower(c byte) byte { return abnf.Lower(c) }

func hasUpper(s string) bool { return abnf.HasUpper(s) }
