package uri

import (
	"strings"
)

// Resolve returns the target URI of the reference ref against the base
// URI base, by the strict algorithm of RFC 3986 section 5.2: a scheme in
// ref is kept even when it equals the base's ("http:g" stays "http:g").
//
// The base must be an absolute URI (sections 5.1 and 5.2.1: "only the
// scheme component is required to be present in a base URI"); a fragment
// in the base is ignored, as section 5.1 strips it. The target is not
// normalized beyond the removal of dot segments that section 5.2.2
// prescribes. On failure the error is an *Error with Op "resolve" whose
// Input is the base or the reference at fault; a base without a scheme
// fails with cause ErrMissingScheme.
func Resolve(base, ref string) (string, error) { return Options{}.Resolve(base, ref) }

// Resolve is the package's Resolve under the options o: base and ref are
// parsed as o.Parse parses them (with o.IRI, RFC 3987 section 6.5 resolves
// IRIs by the same algorithm).
func (o Options) Resolve(base, ref string) (string, error) {
	var b, r URI
	m := o.mode()
	if err := parseOp("resolve", base, &b, m); err != nil {
		return "", err
	}
	if b.Scheme == "" {
		return "", &Error{Op: "resolve", Input: base, Component: ComponentScheme, Err: ErrMissingScheme, Detail: "base must be an absolute URI"}
	}
	if err := parseOp("resolve", ref, &r, m); err != nil {
		return "", err
	}
	var t URI
	resolve(&b, &r, &t)
	return t.String(), nil
}

// ResolveReference returns the target of ref against the base u, by
// section 5.2.2 as in Resolve. The base u should be absolute; if it is
// not, the result is what the algorithm yields for an empty base scheme,
// which is a relative reference. Neither u nor ref is modified.
func (u *URI) ResolveReference(ref *URI) *URI {
	t := new(URI)
	resolve(u, ref, t)
	return t
}

// resolve sets t to the target of reference r against base b. The
// comments quote the pseudocode of section 5.2.2.
func resolve(b, r, t *URI) {
	// "if defined(R.scheme) then T.scheme = R.scheme; T.authority = R.authority;
	// T.path = remove_dot_segments(R.path); T.query = R.query;"
	// Strict: no "R.scheme == Base.scheme" loophole.
	if r.Scheme != "" {
		*t = *r
		t.Path = dotFree(r.Path)
	} else {
		if r.HasAuthority {
			// "if defined(R.authority) then T.authority = R.authority;
			// T.path = remove_dot_segments(R.path); T.query = R.query;"
			*t = *r
			t.Path = dotFree(r.Path)
		} else {
			// "T.authority = Base.authority;"
			*t = *b
			switch {
			case r.Path == "":
				// "T.path = Base.path; if defined(R.query) then
				// T.query = R.query; else T.query = Base.query;"
				if r.HasQuery {
					t.Query, t.HasQuery = r.Query, true
				}
			case r.Path[0] == '/':
				// "T.path = remove_dot_segments(R.path); T.query = R.query;"
				t.Path = dotFree(r.Path)
				t.Query, t.HasQuery = r.Query, r.HasQuery
			default:
				// "T.path = merge(Base.path, R.path);
				// T.path = remove_dot_segments(T.path); T.query = R.query;"
				t.Path = dotFree(merge(b, r.Path))
				t.Query, t.HasQuery = r.Query, r.HasQuery
			}
		}
		// "T.scheme = Base.scheme;"
		t.Scheme = b.Scheme
	}
	// "T.fragment = R.fragment;"
	t.Fragment, t.HasFragment = r.Fragment, r.HasFragment
	if !t.HasAuthority && strings.HasPrefix(t.Path, "//") {
		// A path may begin with "//" only after an authority (section 3.3);
		// written as is it would re-parse as one. "/." in front keeps the
		// same path once dot segments are removed again, as Normalize does.
		t.Path = "/." + t.Path
	}
	if t.Scheme == "" && !t.HasAuthority {
		// Only ResolveReference with a relative base gets here: a first
		// segment with a colon would read as a scheme ("a:b"), so it
		// takes "./" in front, as section 4.2 advises.
		seg, _, _ := strings.Cut(t.Path, "/")
		if strings.IndexByte(seg, ':') >= 0 {
			t.Path = "./" + t.Path
		}
	}
}

// merge is the routine of section 5.2.3.
func merge(b *URI, ref string) string {
	// "If the base URI has a defined authority component and an empty
	// path, then return a string consisting of "/" concatenated with the
	// reference's path"
	if b.HasAuthority && b.Path == "" {
		return "/" + ref
	}
	// "otherwise, return a string consisting of the reference's path
	// component appended to all but the last segment of the base URI's
	// path (i.e., excluding any characters after the right-most "/" in
	// the base URI path, or excluding the entire base URI path if it does
	// not contain any "/" characters)."
	i := strings.LastIndexByte(b.Path, '/')
	return b.Path[:i+1] + ref
}

// dotFree is remove_dot_segments (section 5.2.4), skipped when path has
// no dot segment so that the common case allocates nothing.
func dotFree(path string) string {
	if !hasDotSegments(path) {
		return path
	}
	return removeDotSegments(path)
}

// StripQueryFragment returns ref without its query and fragment: what
// precedes the first "?" or "#". For a relative reference that is its
// path (RFC 3986 section 3.3: the path "is terminated by the first
// question mark ("?") or number sign ("#") character"). ref is not
// checked, so that a malformed reference is cut the same way.
func StripQueryFragment(ref string) string {
	if k := strings.IndexAny(ref, "?#"); k >= 0 {
		return ref[:k]
	}
	return ref
}
