package api

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Backoff between read retries: 250 ms, 500 ms, 1 s (each jittered to
// [d/2, d)), never above maxBackoff. A Retry-After from the server replaces
// the computed wait, capped at MaxRetryAfter.
const (
	baseBackoff = 250 * time.Millisecond
	maxBackoff  = 4 * time.Second
)

// send runs rt, retrying a read up to c.cfg.retries times on a network
// error, 429, 502, 503 or 504. Actions are sent exactly once: a retried
// action could apply twice.
func (c *Client) send(ctx context.Context, rt route, read bodyReader) (*rawResponse, error) {
	var payload []byte
	if rt.body != nil {
		b, err := json.Marshal(rt.body)
		if err != nil {
			return nil, invalid("body", "cannot be encoded as JSON")
		}
		payload = b
	}
	u, err := c.url(rt)
	if err != nil {
		return nil, err
	}
	attempts := 1
	if rt.read {
		attempts += c.cfg.retries
	}
	for i := 0; ; i++ {
		if err := ctx.Err(); err != nil {
			return nil, &TransportError{Op: "send", Host: c.base.Host, Err: err}
		}
		end := beginAttempt(ctx)
		raw, err := c.attempt(ctx, rt, u, payload, read)
		end(err)
		if err == nil {
			return raw, nil
		}
		if i+1 >= attempts || ctx.Err() != nil || !retryable(err) {
			return nil, c.locate(err)
		}
		if werr := c.cfg.sleep(ctx, c.retryWait(i, err)); werr != nil {
			return nil, &TransportError{Op: "wait", Host: c.base.Host, Err: werr, MaybeDelivered: true}
		}
	}
}

// retryable is true for failures that a later attempt may not repeat.
func retryable(err error) bool {
	var ae *Error
	if errors.As(err, &ae) {
		switch ae.StatusCode {
		case http.StatusTooManyRequests, http.StatusBadGateway,
			http.StatusServiceUnavailable, http.StatusGatewayTimeout:
			return true
		}
		return false
	}
	var te *TransportError
	if errors.As(err, &te) {
		// A refused redirect or an untrusted certificate will not change.
		return !errors.Is(te.Err, ErrRedirectRefused) && !isCertError(te.Err)
	}
	return false
}

// retryWait is the pause before retry number i+1 after err.
func (c *Client) retryWait(i int, err error) time.Duration {
	var ae *Error
	if errors.As(err, &ae) && ae.RetryAfter > 0 {
		return min(ae.RetryAfter, MaxRetryAfter)
	}
	return c.cfg.jitter(backoff(i))
}

// backoff is the un-jittered exponential wait before retry number i+1.
func backoff(i int) time.Duration {
	if i < 0 {
		i = 0
	}
	if i > 16 {
		return maxBackoff
	}
	return min(baseBackoff<<i, maxBackoff)
}

// maxRetryAfterParsed bounds a parsed Retry-After so absurd values cannot
// overflow; the wait itself is capped at MaxRetryAfter.
const maxRetryAfterParsed = 24 * time.Hour

// parseRetryAfter reads a Retry-After header: delay seconds or an HTTP date
// (relative to now). A date in the past is a zero wait; garbage is ignored.
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.ParseInt(v, 10, 64); err == nil {
		if secs < 0 {
			return 0, false
		}
		if secs > int64(maxRetryAfterParsed/time.Second) || secs > math.MaxInt64/int64(time.Second) {
			return maxRetryAfterParsed, true
		}
		return time.Duration(secs) * time.Second, true
	}
	t, err := http.ParseTime(v)
	if err != nil {
		return 0, false
	}
	d := t.Sub(now)
	switch {
	case d < 0:
		return 0, true
	case d > maxRetryAfterParsed:
		return maxRetryAfterParsed, true
	}
	return d, true
}
