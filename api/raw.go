package api

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
)

// RawResponse is the answer to a raw request, whatever its status. Body is
// read within the client's response cap, with the key and secret replaced
// should the server echo them.
type RawResponse struct {
	StatusCode  int
	ContentType string
	Body        []byte
}

// ErrRawPath matches a raw path that is not a route under /api/v1.
var ErrRawPath = &ValidationError{Field: "path", Reason: "must be a route under /api/v1, without scheme, host or \"..\""}

// Raw sends one request to a route given relative to /api/v1 ("strategies",
// "/users/alice/balances", "strategies?status=active"), with the client's
// credentials, redirect policy and timeout, and returns the answer whatever
// its status. It refuses, before any connection, an absolute URL, a
// host-relative "//" path and any "." or ".." segment (also percent-encoded),
// so the credentials never reach another origin or another prefix. It is
// sent exactly once: the caller cannot be known to send a read.
func (c *Client) Raw(ctx context.Context, method, path string, body []byte) (*RawResponse, error) {
	method = strings.ToUpper(strings.TrimSpace(method))
	if method == "" || strings.ContainsFunc(method, func(r rune) bool { return r < 'A' || r > 'Z' }) {
		return nil, invalid("method", "must be an HTTP method such as GET or POST")
	}
	u, err := c.rawURL(path)
	if err != nil {
		return nil, err
	}
	actx, cancel := context.WithTimeout(ctx, c.cfg.requestTimeout)
	defer cancel()
	tr := &connTrace{}
	actx = tr.with(actx)
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(actx, method, u.String(), rd)
	if err != nil {
		return nil, ErrRawPath
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, c.transportError(err, tr, "send")
	}
	defer func() { _ = resp.Body.Close() }()
	ct := c.clean(resp.Header.Get("Content-Type"), 80)
	if resp.ContentLength > c.cfg.maxBytes {
		return nil, &DecodeError{Method: method, Path: u.EscapedPath(), StatusCode: resp.StatusCode, ContentType: ct, Err: ErrResponseTooLarge, Origin: c.named()}
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, c.cfg.maxBytes+1))
	if err != nil {
		return nil, c.transportError(err, tr, "read")
	}
	if int64(len(b)) > c.cfg.maxBytes {
		return nil, &DecodeError{Method: method, Path: u.EscapedPath(), StatusCode: resp.StatusCode, ContentType: ct, Err: ErrResponseTooLarge, Origin: c.named()}
	}
	if s := string(b); c.scrub(s) != s {
		b = []byte(c.scrub(s))
	}
	return &RawResponse{StatusCode: resp.StatusCode, ContentType: ct, Body: b}, nil
}

// rawURL resolves a raw route under the base URL's /api/v1, refusing
// anything that would leave it.
func (c *Client) rawURL(path string) (*url.URL, error) {
	p := strings.TrimSpace(path)
	switch {
	case p == "", strings.Contains(p, "://"), strings.HasPrefix(p, "//"),
		strings.ContainsAny(p, "\\#") || strings.ContainsFunc(p, isControl):
		return nil, ErrRawPath
	}
	rel, err := url.Parse(p)
	if err != nil || rel.Scheme != "" || rel.Host != "" || rel.User != nil || rel.Opaque != "" {
		return nil, ErrRawPath
	}
	segs := strings.Split(strings.TrimPrefix(rel.EscapedPath(), "/"), "/")
	for _, s := range segs {
		un, err := url.PathUnescape(s)
		if err != nil {
			return nil, ErrRawPath
		}
		for _, part := range strings.FieldsFunc(un, func(r rune) bool { return r == '/' || r == '\\' }) {
			if part == "." || part == ".." {
				return nil, ErrRawPath
			}
		}
	}
	if len(segs) >= 2 && segs[0] == "api" && segs[1] == "v1" {
		return nil, &ValidationError{Field: "path", Reason: "give the route without the /api/v1 prefix, e.g. strategies"}
	}
	s := c.base.String() + apiPrefix + "/" + strings.Join(segs, "/")
	if rel.RawQuery != "" {
		s += "?" + rel.RawQuery
	}
	u, err := url.Parse(s)
	if err != nil || originOf(u) != c.origin || !strings.HasPrefix(u.EscapedPath(), c.base.EscapedPath()+apiPrefix+"/") {
		return nil, ErrRawPath
	}
	return u, nil
}

// CheckRawPath tells, without sending anything, whether Raw would accept
// path: callers that record a request before sending it check first.
func (c *Client) CheckRawPath(path string) error {
	_, err := c.rawURL(path)
	return err
}
