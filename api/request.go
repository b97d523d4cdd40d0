package api

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"
	"strconv"
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
}

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

// attempt sends one request and reads the answer. A non-2xx answer becomes
// *Error; a failure below HTTP becomes *TransportError.
func (c *Client) attempt(ctx context.Context, rt route, u *url.URL, payload []byte) (*rawResponse, error) {
	actx, cancel := context.WithTimeout(ctx, c.cfg.requestTimeout)
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

	// Errors name the route the caller asked for, even after a redirect.
	path := u.EscapedPath()
	ct := c.clean(resp.Header.Get("Content-Type"), 80)
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, min(c.cfg.maxBytes, maxErrorBodyBytes)))
		return nil, c.apiError(rt.method, path, resp, b)
	}
	raw := &rawResponse{method: rt.method, path: path, status: resp.StatusCode, contentType: ct}
	tooLarge := &DecodeError{Method: rt.method, Path: path, StatusCode: resp.StatusCode, ContentType: ct, Err: ErrResponseTooLarge}
	if resp.ContentLength > c.cfg.maxBytes {
		return nil, tooLarge
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, c.cfg.maxBytes+1))
	if err != nil {
		return nil, c.transportError(err, tr, "read")
	}
	if int64(len(b)) > c.cfg.maxBytes {
		return nil, tooLarge
	}
	raw.body = b
	return raw, nil
}

// call sends rt and decodes the answer into T.
func call[T any](ctx context.Context, c *Client, rt route, mode bodyMode) (*T, error) {
	raw, err := c.send(ctx, rt)
	if err != nil {
		return nil, err
	}
	return decodeRaw[T](raw, mode)
}

// callList is call for routes answering a JSON array.
func callList[T any](ctx context.Context, c *Client, rt route) ([]T, error) {
	p, err := call[[]T](ctx, c, rt, needJSON)
	if err != nil {
		return nil, err
	}
	return *p, nil
}
