package remote

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"syscall"

	"github.com/urilint/urilint/uri"
)

// describe returns the category of a failed request, and for a network
// error the reason in a few words.
func describe(err error) (uri.Category, string) {
	var ne net.Error
	if errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne) && ne.Timeout() {
		return CategoryTimeout, ""
	}
	var dns *net.DNSError
	var cert *tls.CertificateVerificationError
	var header tls.RecordHeaderError
	var alert tls.AlertError
	switch {
	case errors.As(err, &dns):
		if dns.IsNotFound {
			return CategoryNetwork, fmt.Sprintf("no such host %q", dns.Name)
		}
		return CategoryNetwork, fmt.Sprintf("the name %q cannot be resolved: %s", dns.Name, dns.Err)
	case errors.Is(err, syscall.ECONNREFUSED):
		return CategoryNetwork, "connection refused"
	case errors.Is(err, syscall.ECONNRESET):
		return CategoryNetwork, "connection reset"
	case errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETUNREACH):
		return CategoryNetwork, "no route to the host"
	case errors.As(err, &cert):
		return CategoryNetwork, "tls: " + cert.Err.Error()
	case errors.As(err, &header):
		return CategoryNetwork, "tls: the server does not speak TLS"
	case errors.As(err, &alert):
		return CategoryNetwork, "tls: " + alert.Error()
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return CategoryNetwork, "the server closed the connection without an answer"
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return CategoryNetwork, err.Error()
}
