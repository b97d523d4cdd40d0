package api

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// Defaults chosen for an interactive dashboard: fail fast enough that a dead
// server shows within seconds, yet leave a slow list page room to answer.
const (
	DefaultDialTimeout      = 5 * time.Second
	DefaultTLSTimeout       = 5 * time.Second
	DefaultHeaderTimeout    = 10 * time.Second
	DefaultRequestTimeout   = 15 * time.Second // per attempt, body included
	DefaultRetries          = 3                // read retries: up to 4 attempts
	MaxRetries              = 3                // the interface contract allows no more
	DefaultMaxResponseBytes = 8 << 20          // 8 MiB
	MaxRetryAfter           = 30 * time.Second // a longer Retry-After is capped
	defaultUserAgent        = "stratop-api-client/1"
)

// Option configures a Client in New.
type Option func(*config) error

// config is what the options set; New validates and freezes it.
type config struct {
	creds          *Credentials // a pointer: fmt never prints through it
	requestTimeout time.Duration
	retries        int
	tlsConfig      *tls.Config
	maxBytes       int64
	transport      http.RoundTripper
	userAgent      string
	observe        func(Attempt)

	// Injection points for tests: waiting between retries, jitter and the
	// clock that resolves an HTTP-date Retry-After.
	sleep  func(ctx context.Context, d time.Duration) error
	jitter func(d time.Duration) time.Duration
	now    func() time.Time
}

// WithCredentials sets the key and secret sent as X-API-Key and X-API-Secret
// to the configured origin only.
func WithCredentials(c Credentials) Option {
	return func(cfg *config) error { cfg.creds = &c; return nil }
}

// WithTimeout bounds each attempt (connect, send, headers and body); retries
// of reads each get their own budget. It must be positive.
func WithTimeout(d time.Duration) Option {
	return func(cfg *config) error {
		if d <= 0 {
			return fmt.Errorf("api: WithTimeout: %v is not a positive duration", d)
		}
		cfg.requestTimeout = d
		return nil
	}
}

// WithRetries sets how many times a read is retried after a network error,
// 429, 502, 503 or 504 (0 disables; default and maximum 3). Actions are never
// retried whatever this says.
func WithRetries(n int) Option {
	return func(cfg *config) error {
		if n < 0 || n > MaxRetries {
			return fmt.Errorf("api: WithRetries: %d is outside 0..%d", n, MaxRetries)
		}
		cfg.retries = n
		return nil
	}
}

// WithTLSConfig sets the TLS configuration, e.g. to trust a private CA. It is
// cloned; a MinVersion below TLS 1.2 is raised to TLS 1.2.
func WithTLSConfig(tc *tls.Config) Option {
	return func(cfg *config) error {
		if tc == nil {
			return errors.New("api: WithTLSConfig: nil config")
		}
		cfg.tlsConfig = tc.Clone()
		return nil
	}
}

// WithMaxResponseBytes caps a response body; a larger body is an error
// (ErrResponseTooLarge), never a truncated decode. It must be positive.
func WithMaxResponseBytes(n int64) Option {
	return func(cfg *config) error {
		if n <= 0 {
			return fmt.Errorf("api: WithMaxResponseBytes: %d is not positive", n)
		}
		cfg.maxBytes = n
		return nil
	}
}

// WithHTTPTransport replaces the network transport (tests only). The client
// still adds credentials only for its origin and still refuses cross-origin
// and insecure redirects; dial and TLS timeouts become the transport's.
func WithHTTPTransport(rt http.RoundTripper) Option {
	return func(cfg *config) error {
		if rt == nil {
			return errors.New("api: WithHTTPTransport: nil transport")
		}
		cfg.transport = rt
		return nil
	}
}

// Attempt is one request as sent: what a watcher counts against its budget.
// Retries of a read are attempts of their own.
type Attempt struct {
	Method, Path string        // Path relative to /api/v1, without the query
	Bytes        int64         // response body bytes read
	Duration     time.Duration // from sending to the end of the body
	Err          error         // nil when the answer was a 2xx read in full
}

// WithAttemptObserver calls observe after every attempt, on the goroutine
// that sent it, so a caller can count requests, bytes and latency without a
// transport of its own. observe must be quick and must not call the client.
func WithAttemptObserver(observe func(Attempt)) Option {
	return func(cfg *config) error { cfg.observe = observe; return nil }
}

// WithUserAgent sets the User-Agent header, e.g. "stratop/1.2.3".
func WithUserAgent(ua string) Option {
	return func(cfg *config) error {
		if ua == "" {
			return errors.New("api: WithUserAgent: empty user agent")
		}
		cfg.userAgent = ua
		return nil
	}
}

// withWaiter replaces sleeping, jitter and the clock (tests only), so backoff
// is observed without real waits.
func withWaiter(sleep func(context.Context, time.Duration) error, jitter func(time.Duration) time.Duration, now func() time.Time) Option {
	return func(cfg *config) error {
		if sleep != nil {
			cfg.sleep = sleep
		}
		if jitter != nil {
			cfg.jitter = jitter
		}
		if now != nil {
			cfg.now = now
		}
		return nil
	}
}
