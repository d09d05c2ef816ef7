package remote

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"syscall"

	"github.com/urilint/urilint/internal/policy"
	"github.com/urilint/urilint/uri"
)

// describe returns the category of a failed request, and for a network
// error the reason in a few words.
func describe(err error) (uri.Category, string) {
	var ce *cachedErr
	if errors.As(err, &ce) {
		return ce.f.Category, ce.f.Reason
	}
	var ne net.Error
	if errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne) && ne.Timeout() {
		return policy.CategoryLinkTimeout, ""
	}
	var dns *net.DNSError
	var cert *tls.CertificateVerificationError
	var header tls.RecordHeaderError
	var alert tls.AlertError
	switch {
	case errors.As(err, &dns):
		if dns.IsNotFound {
			return policy.CategoryLinkNetwork, fmt.Sprintf("no such host %q", dns.Name)
		}
		return policy.CategoryLinkNetwork, fmt.Sprintf("the name %q cannot be resolved: %s", dns.Name, dns.Err)
	case errors.Is(err, syscall.ECONNREFUSED):
		return policy.CategoryLinkNetwork, "connection refused"
	case errors.Is(err, syscall.ECONNRESET):
		return policy.CategoryLinkNetwork, "connection reset"
	case errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETUNREACH):
		return policy.CategoryLinkNetwork, "no route to the host"
	case errors.As(err, &cert):
		return policy.CategoryLinkNetwork, "tls: " + cert.Err.Error()
	case errors.As(err, &header):
		return policy.CategoryLinkNetwork, "tls: the server does not speak TLS"
	case errors.As(err, &alert):
		return policy.CategoryLinkNetwork, "tls: " + alert.Error()
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return policy.CategoryLinkNetwork, "the server closed the connection without an answer"
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return policy.CategoryLinkNetwork, err.Error()
}

// permanentError reports whether err is one that asking again, HEAD or
// GET, a second or a minute later, will not change: a host name that does
// not exist, a certificate that does not verify, a server that does not
// speak TLS.
func permanentError(err error) bool {
	var dns *net.DNSError
	var cert *tls.CertificateVerificationError
	var header tls.RecordHeaderError
	var unknown x509.UnknownAuthorityError
	var hostname x509.HostnameError
	var invalid x509.CertificateInvalidError
	return errors.As(err, &dns) && dns.IsNotFound || errors.As(err, &cert) || errors.As(err, &header) ||
		errors.As(err, &unknown) || errors.As(err, &hostname) || errors.As(err, &invalid)
}
