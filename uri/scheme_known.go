package uri

// KnownScheme reports whether Check knows the own syntax of scheme, in any
// case, besides the generic syntax of RFC 3986: http, https, ws, wss,
// ftp, file, gopher, mailto, news, nntp, telnet, wais and prospero (RFC
// 1738, RFC 6068, RFC 6455, RFC 8089). It does not allocate.
func KnownScheme(scheme string) bool { return lookupScheme(scheme) != nil }

// NeedsAuthority reports whether the syntax of scheme, in any case, as
// Check knows it, starts with "//" and a host (RFC 1738 ip-schemepart:
// http, https, ws, wss, ftp, gopher, nntp, telnet, wais, prospero).
// "file" and "news" may leave the authority out and "mailto" has none.
// It does not allocate.
func NeedsAuthority(scheme string) bool {
	info := lookupScheme(scheme)
	return info != nil && info.authority == authRequired
}
