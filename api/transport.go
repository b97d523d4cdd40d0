package api

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"strings"
	"sync/atomic"
	"time"
)

// maxRedirects bounds same-origin redirect chains.
const maxRedirects = 5

// Header names of spec section 5.
const (
	headerKey    = "X-API-Key"
	headerSecret = "X-API-Secret"
)

// newHTTPClient wires the network transport, the credential transport and the
// redirect policy. http.Client.Timeout stays zero: each attempt gets its own
// context deadline instead, so read retries each have a full budget.
func (c *Client) newHTTPClient() *http.Client {
	next := c.cfg.transport
	if next == nil {
		next = newNetTransport(c.cfg.tlsConfig)
	}
	return &http.Client{
		Transport: &authTransport{
			next:   next,
			origin: c.origin,
			creds:  c.cfg.creds,
			agent:  c.cfg.userAgent,
		},
		CheckRedirect: c.checkRedirect,
	}
}

// newNetTransport is the default transport with the dial, TLS and
// response-header timeouts and TLS 1.2 as the floor.
func newNetTransport(tc *tls.Config) *http.Transport {
	if tc == nil {
		tc = &tls.Config{}
	} else {
		tc = tc.Clone()
	}
	if tc.MinVersion < tls.VersionTLS12 {
		tc.MinVersion = tls.VersionTLS12
	}
	dialer := &net.Dialer{Timeout: DefaultDialTimeout, KeepAlive: 30 * time.Second}
	return &http.Transport{
		Proxy:                  http.ProxyFromEnvironment,
		DialContext:            dialer.DialContext,
		TLSClientConfig:        tc,
		TLSHandshakeTimeout:    DefaultTLSTimeout,
		ResponseHeaderTimeout:  DefaultHeaderTimeout,
		ExpectContinueTimeout:  time.Second,
		ForceAttemptHTTP2:      true,
		MaxIdleConns:           16,
		MaxIdleConnsPerHost:    8,
		IdleConnTimeout:        90 * time.Second,
		MaxResponseHeaderBytes: 64 << 10,
	}
}

// authTransport adds the credentials to a copy of each outgoing request whose
// origin is the configured one, and strips them from any other. Because the
// headers are added here and never on the caller's request, Go's redirect
// code has nothing to copy to another host.
type authTransport struct {
	next   http.RoundTripper
	origin string
	creds  *Credentials // nil: none
	agent  string
}

// RoundTrip implements http.RoundTripper.
func (t *authTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if !secureURL(req.URL) {
		if req.Body != nil {
			_ = req.Body.Close()
		}
		return nil, errInsecureRedirect
	}
	r := req.Clone(req.Context())
	r.Header.Del(headerKey)
	r.Header.Del(headerSecret)
	if t.creds != nil && originOf(req.URL) == t.origin {
		if t.creds.Key != "" {
			r.Header.Set(headerKey, t.creds.Key)
		}
		if t.creds.Secret != "" {
			r.Header.Set(headerSecret, t.creds.Secret)
		}
	}
	if r.Header.Get("User-Agent") == "" {
		r.Header.Set("User-Agent", t.agent)
	}
	return t.next.RoundTrip(r)
}

// secureURL is true for https, and for http only to a loopback host.
func secureURL(u *url.URL) bool {
	switch strings.ToLower(u.Scheme) {
	case "https":
		return true
	case "http":
		return isLoopback(u.Hostname())
	}
	return false
}

var (
	errCrossOrigin      = fmt.Errorf("%w: target is another origin", ErrRedirectRefused)
	errInsecureRedirect = fmt.Errorf("%w: %w", ErrRedirectRefused, ErrInsecureURL)
	errTooManyRedirects = fmt.Errorf("%w: more than %d redirects", ErrRedirectRefused, maxRedirects)
	errMethodChange     = fmt.Errorf("%w: it would change the request method", ErrRedirectRefused)
)

// checkRedirect follows same-origin redirects only. A redirect elsewhere is
// refused outright rather than followed without credentials: the answer
// from another origin is not an answer of the configured server. A redirect
// that turns a POST into a GET (301, 302, 303) is refused too: the GET's
// answer would pass for the result of an action that never ran.
func (c *Client) checkRedirect(req *http.Request, via []*http.Request) error {
	switch {
	case len(via) > maxRedirects:
		return errTooManyRedirects
	case len(via) > 0 && req.Method != via[0].Method:
		return errMethodChange
	case !secureURL(req.URL):
		return errInsecureRedirect
	case originOf(req.URL) != c.origin:
		return errCrossOrigin
	}
	return nil
}

// connTrace records whether a connection was ever obtained for an attempt:
// before that, the request provably has not left the machine.
type connTrace struct {
	getConn atomic.Bool // the standard transport started on this request
	gotConn atomic.Bool // a connection was obtained; bytes may have been sent
}

// with attaches the trace hooks to ctx.
func (t *connTrace) with(ctx context.Context) context.Context {
	return httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{
		GetConn: func(string) { t.getConn.Store(true) },
		GotConn: func(httptrace.GotConnInfo) { t.gotConn.Store(true) },
	})
}

// transportError classifies a failed exchange; op names the phase
// ("send" for the exchange up to the headers, "read" for the body).
func (c *Client) transportError(err error, tr *connTrace, op string) *TransportError {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err // url.Error repeats the URL; the host is enough
	}
	te := &TransportError{Op: op, Host: c.base.Host, Err: c.scrubErr(err)}
	var ne net.Error
	te.Timeout = errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout())

	switch {
	case errors.Is(err, ErrRedirectRefused):
		te.Op, te.MaybeDelivered = "redirect", true // the first hop was answered
	case op == "read":
		te.MaybeDelivered = true
	case tr != nil && tr.getConn.Load():
		te.MaybeDelivered = tr.gotConn.Load()
	default:
		// A transport without trace hooks: trust only well-known
		// before-sending failures.
		te.MaybeDelivered = !isPreSendError(err)
	}
	if !te.MaybeDelivered && op == "send" {
		te.Op = "connect"
		if isTLSError(err) {
			te.Op = "tls"
		}
	}
	return te
}

// isPreSendError is true for failures that happen before a request is written.
func isPreSendError(err error) bool {
	var dns *net.DNSError
	if errors.As(err, &dns) || isTLSError(err) {
		return true
	}
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial"
}

// isTLSError is true for handshake and certificate failures, which retrying
// will not fix when they concern the certificate.
func isTLSError(err error) bool {
	if isCertError(err) {
		return true
	}
	var rh tls.RecordHeaderError
	var alert tls.AlertError
	return errors.As(err, &rh) || errors.As(err, &alert) ||
		strings.Contains(err.Error(), "TLS handshake")
}

// isCertError is true when the server's certificate was not trusted.
func isCertError(err error) bool {
	var cv *tls.CertificateVerificationError
	var ua x509.UnknownAuthorityError
	var hn x509.HostnameError
	var ci x509.CertificateInvalidError
	return errors.As(err, &cv) || errors.As(err, &ua) || errors.As(err, &hn) || errors.As(err, &ci)
}

// textError replaces the text of an error (to hide the credentials, or to
// say it shorter) while keeping the cause for errors.Is and errors.As.
type textError struct {
	msg string
	err error
}

func (e *textError) Error() string { return e.msg }
func (e *textError) Unwrap() error { return e.err }

// scrubErr hides the credentials in err's text, if they occur there.
func (c *Client) scrubErr(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	if s := c.scrub(msg); s != msg {
		return &textError{msg: s, err: err}
	}
	return err
}

// scrub replaces any occurrence of the key or secret in s, so a server that
// echoes them back cannot put them on screen or in a log.
func (c *Client) scrub(s string) string {
	if c.cfg.creds == nil {
		return s
	}
	for _, v := range []string{c.cfg.creds.Secret, c.cfg.creds.Key} {
		if v != "" && strings.Contains(s, v) {
			s = strings.ReplaceAll(s, v, redacted)
		}
	}
	return s
}
