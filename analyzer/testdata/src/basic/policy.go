package basic

// The candidate policy is the one uriextract applies to documents: a
// registered scheme without "//" is a URI when the rest has the shape of
// one, and "http:/" with one slash (what path.Join makes of "http://") is
// a candidate, reported by the scheme's own rule.
const (
	oneSlash   = "http:/example.com/path"  // want `"http:/example.com/path" is not a valid http URI: "http:" must be followed by "//" and a host`
	sipSpace   = "sip:alice@exa mple.com"  // want `"sip:alice@exa mple.com" is not a valid URI reference: invalid character ' ' in path at offset 13`
	sipFine    = "sip:alice@example.com"   // a valid URI: nothing to report
	keyValue   = "sip:enabled"             // one word after the colon: a key:value pair, not a URI
	bareScheme = "sip:"                    // a mention of the scheme
	goDirect   = "go:generate stringer -x" // "go" counts only with "//"
)
