// Package api is a typed client of the partner REST interface v1 (users,
// pools, strategies) plus the request and response types shared with the
// sandbox. One Client serves every route; each method takes a context first
// and returns typed errors that callers test with errors.Is and errors.As:
//
//   - *Error: a non-2xx answer (ErrBadRequest, ErrUnauthorized, ErrForbidden,
//     ErrNotFound, ErrConflict, ErrTooManyRequests, ErrServer);
//   - *DecodeError: a 2xx body that is not the expected JSON (ErrDecode,
//     ErrResponseTooLarge);
//   - *TransportError: a failure below HTTP or a refused redirect
//     (ErrNetwork); MaybeDelivered says whether an action's outcome is unknown;
//   - *ValidationError: input refused before sending (ErrValidation).
//
// Reads (every GET and the read POSTs) are retried at most 3 times, so at
// most 4 attempts, on a network error, 429, 502, 503 or 504, with jittered
// exponential backoff or the server's Retry-After (capped at 30 s). Actions
// are sent exactly once. Each attempt has its own timeout (WithTimeout).
// The credentials go only to the configured origin, redirects to another
// origin are refused, and no error text ever contains the key or secret.
package api

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"time"
)

// apiPrefix is the versioned path prefix under the base URL (spec section 9).
const apiPrefix = "/api/v1"

// Client talks to one partner interface origin. It is safe for concurrent use.
type Client struct {
	base   *url.URL // normalised base, without /api/v1 and trailing slash
	origin string   // scheme://host[:port], lower-cased
	http   *http.Client
	cfg    *config // a pointer, so printing a Client value shows no fields of it
}

// New returns a client of the interface at baseURL ({base_url} of the spec;
// routes live under baseURL + "/api/v1", and a baseURL that already ends in
// /api/v1 is accepted as the same thing). It refuses, before any connection,
// a URL that is not absolute http(s), carries user info, a query or a
// fragment, or uses http:// for a host other than loopback.
func New(baseURL string, opts ...Option) (*Client, error) {
	cfg := config{
		requestTimeout: DefaultRequestTimeout,
		retries:        DefaultRetries,
		maxBytes:       DefaultMaxResponseBytes,
		userAgent:      defaultUserAgent,
		sleep:          sleepCtx,
		jitter:         equalJitter,
		now:            time.Now,
	}
	for _, o := range opts {
		if o == nil {
			continue
		}
		if err := o(&cfg); err != nil {
			return nil, err
		}
	}
	base, err := parseBaseURL(baseURL)
	if err != nil {
		return nil, err
	}
	c := &Client{base: base, origin: originOf(base), cfg: &cfg}
	c.http = c.newHTTPClient()
	return c, nil
}

// BaseURL is the normalised base URL, e.g. "https://api.example.com".
func (c *Client) BaseURL() string { return c.base.String() }

// Host is host[:port] of the base URL, for status lines and errors.
func (c *Client) Host() string { return c.base.Host }

// String names the client by its base URL. With GoString and Format it keeps
// fmt from reflecting into the unexported fields, where the credentials are.
func (c *Client) String() string { return "api.Client{" + c.BaseURL() + "}" }

// GoString is String, for %#v.
func (c *Client) GoString() string { return c.String() }

// Format prints String for every verb.
func (c *Client) Format(f fmt.State, _ rune) { _, _ = f.Write([]byte(c.String())) }

// parseBaseURL checks and normalises a base URL.
func parseBaseURL(raw string) (*url.URL, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return nil, invalid("baseURL", "is required")
	}
	u, err := url.Parse(raw)
	if err != nil {
		// url errors quote the input, which may hold user info: say less.
		return nil, invalid("baseURL", "is not a valid URL")
	}
	switch {
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, invalid("baseURL", "must start with https:// (or http:// for a loopback host)")
	case u.Host == "" || u.Hostname() == "":
		return nil, invalid("baseURL", "has no host")
	case u.User != nil:
		return nil, invalid("baseURL", "must not contain user info; use credentials")
	case u.RawQuery != "" || u.ForceQuery || u.Fragment != "":
		return nil, invalid("baseURL", "must not contain a query or fragment")
	case u.Opaque != "":
		return nil, invalid("baseURL", "is not a valid URL")
	}
	if port := u.Port(); port != "" {
		if p, err := net.LookupPort("tcp", port); err != nil || p <= 0 || p > 65535 {
			return nil, invalid("baseURL", "has an invalid port")
		}
	}
	if u.Scheme == "http" && !isLoopback(u.Hostname()) {
		return nil, &ValidationError{Field: "baseURL", Reason: ErrInsecureURL.Error(), cause: ErrInsecureURL}
	}
	u.Scheme = strings.ToLower(u.Scheme)
	u.Host = strings.ToLower(u.Host)
	p := strings.TrimRight(u.Path, "/")
	p = strings.TrimSuffix(p, apiPrefix)
	u.Path = strings.TrimRight(p, "/")
	u.RawPath = ""
	return u, nil
}

// isLoopback reports whether host is localhost or a loopback IP literal.
// Names other than "localhost" are not resolved: a DNS answer could change.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	addr, err := netip.ParseAddr(host)
	if err != nil {
		return false
	}
	return addr.Unmap().IsLoopback()
}

// originOf is scheme://host:port with the default port made explicit, so
// "https://h" and "https://h:443" are the same origin.
func originOf(u *url.URL) string {
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	if port == "" {
		switch scheme {
		case "https":
			port = "443"
		case "http":
			port = "80"
		}
	}
	return scheme + "://" + net.JoinHostPort(strings.ToLower(u.Hostname()), port)
}

// sleepCtx waits d or until ctx ends.
func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// equalJitter spreads d over [d/2, d) so clients that failed together do not
// retry together.
func equalJitter(d time.Duration) time.Duration {
	if d <= 1 {
		return d
	}
	half := d / 2
	return half + rand.N(d-half)
}
