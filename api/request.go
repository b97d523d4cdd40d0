package api

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// maxErrorBodyBytes bounds how much of a non-2xx body is read for its message.
const maxErrorBodyBytes = 64 << 10

// route is one request to the interface.
type route struct {
	method string
	path   string     // escaped, relative to /api/v1, e.g. "/users/a%2Fb"
	query  url.Values // GET filters; nil for none
	body   any        // JSON body; nil sends none
	read   bool       // a read: safe to retry

	// A route whose answer grows with the integration and is decoded as a
	// stream may read more, for longer, than the client's caps; 0 keeps
	// them. See usersRoute.
	maxBytes int64
	timeout  time.Duration
}

// limits are the response cap and the per-attempt timeout of rt.
func (c *Client) limits(rt route) (int64, time.Duration) {
	return max(c.cfg.maxBytes, rt.maxBytes), max(c.cfg.requestTimeout, rt.timeout)
}

// bodyReader reads a 2xx body of at most limit bytes into raw. It returns
// *DecodeError for a body that is not what was expected, and an error of
// the body's reader (the connection) unwrapped, for attempt to classify.
type bodyReader func(raw *rawResponse, body io.Reader, limit int64, declared int64) error

// rawResponse is a 2xx answer, read in full (within the cap).
type rawResponse struct {
	method      string
	path        string
	status      int
	contentType string
	body        []byte
}

// seg escapes one path segment. "." and ".." are escaped too: they are
// valid segments for url.PathEscape but would change the route.
func seg(s string) string {
	switch s {
	case ".":
		return "%2E"
	case "..":
		return "%2E%2E"
	}
	return url.PathEscape(s)
}

// idSeg formats a numeric id as a path segment.
func idSeg(id int64) string { return strconv.FormatInt(id, 10) }

// url builds the absolute URL of a route.
func (c *Client) url(rt route) (*url.URL, error) {
	s := c.base.String() + apiPrefix + rt.path
	if len(rt.query) > 0 {
		s += "?" + rt.query.Encode()
	}
	u, err := url.Parse(s)
	if err != nil {
		return nil, invalid("path", "cannot be encoded")
	}
	return u, nil
}

// readAll is the bodyReader of every route but streamed ones: the body
// whole, within the cap.
func readAll(raw *rawResponse, body io.Reader, limit, declared int64) error {
	if declared > limit {
		return raw.tooLarge()
	}
	b, err := io.ReadAll(io.LimitReader(body, limit+1))
	if err != nil {
		return err
	}
	if int64(len(b)) > limit {
		return raw.tooLarge()
	}
	raw.body = b
	return nil
}

// tooLarge is the error of a body over the cap.
func (raw *rawResponse) tooLarge() error {
	return &DecodeError{Method: raw.method, Path: raw.path, StatusCode: raw.status, ContentType: raw.contentType, Err: ErrResponseTooLarge}
}

// attempt sends one request and reads the answer with read. A non-2xx
// answer becomes *Error; a failure below HTTP becomes *TransportError.
func (c *Client) attempt(ctx context.Context, rt route, u *url.URL, payload []byte, read bodyReader) (raw *rawResponse, err error) {
	var counted *countingBody
	if c.cfg.observe != nil {
		start := time.Now()
		counted = &countingBody{}
		defer func() {
			c.cfg.observe(Attempt{Method: rt.method, Path: rt.path, Bytes: counted.n, Duration: time.Since(start), Err: err})
		}()
	}
	limit, timeout := c.limits(rt)
	actx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	tr := &connTrace{}
	actx = tr.with(actx)

	var body io.Reader
	if payload != nil {
		body = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(actx, rt.method, u.String(), body)
	if err != nil {
		return nil, invalid("path", "cannot be encoded")
	}
	req.Header.Set("Accept", "application/json")
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, c.transportError(err, tr, "send")
	}
	defer func() { _ = resp.Body.Close() }()
	if counted != nil {
		counted.r = resp.Body
		resp.Body = counted
	}

	// Errors name the route the caller asked for, even after a redirect.
	path := u.EscapedPath()
	ct := c.clean(resp.Header.Get("Content-Type"), 80)
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, min(c.cfg.maxBytes, maxErrorBodyBytes)))
		return nil, c.apiError(rt.method, path, resp, b)
	}
	raw = &rawResponse{method: rt.method, path: path, status: resp.StatusCode, contentType: ct}
	if err := read(raw, resp.Body, limit, resp.ContentLength); err != nil {
		var de *DecodeError
		if errors.As(err, &de) {
			return nil, err
		}
		return nil, c.transportError(err, tr, "read")
	}
	return raw, nil
}

// call sends rt and decodes the answer into T. The answer is decoded as
// part of its attempt, so that a body of the wrong shape is that attempt's
// outcome (attempt observers see it).
func call[T any](ctx context.Context, c *Client, rt route, mode bodyMode) (*T, error) {
	var out *T
	_, err := c.send(ctx, rt, func(raw *rawResponse, body io.Reader, limit, declared int64) error {
		if err := readAll(raw, body, limit, declared); err != nil {
			return err
		}
		v, err := decodeRaw[T](raw, mode)
		out = v
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// callList is call for routes answering a JSON array.
func callList[T any](ctx context.Context, c *Client, rt route) ([]T, error) {
	p, err := call[[]T](ctx, c, rt, needJSON)
	if err != nil {
		return nil, err
	}
	return *p, nil
}

// countingBody counts the bytes read from a response body.
type countingBody struct {
	r io.ReadCloser
	n int64
}

func (b *countingBody) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	b.n += int64(n)
	return n, err
}

func (b *countingBody) Close() error { return b.r.Close() }
