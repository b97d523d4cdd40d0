package api

// Where an error came from, for messages an operator acts on: "got
// text/html from https://api.example.com/api/v1/strategies" tells a wrong
// base URL or a proxy's page at once; "bad request" alone does not.

import (
	"errors"
	"mime"
	"strings"
)

// named is the base URL's scheme://host[:port] as configured, for messages
// (the origin the client compares has its default port made explicit).
func (c *Client) named() string { return c.base.Scheme + "://" + c.base.Host }

// locate names the server on an answer's error that does not name it yet
// (a DecodeError is made where the client is not at hand).
func (c *Client) locate(err error) error {
	var de *DecodeError
	if errors.As(err, &de) && de.Origin == "" {
		de.Origin = c.named()
	}
	var ae *Error
	if errors.As(err, &ae) && ae.Origin == "" {
		ae.Origin = c.named()
	}
	return err
}

// URL is the address asked, without its query: "" when the origin is not known.
func (e *Error) URL() string { return joinURL(e.Origin, e.Path) }

// URL is the address asked, without its query: "" when the origin is not known.
func (e *DecodeError) URL() string { return joinURL(e.Origin, e.Path) }

func joinURL(origin, path string) string {
	if origin == "" {
		return ""
	}
	return origin + path
}

// Where names where err came from: the address asked for an answer of the
// server, the host for a failure below HTTP, "" when err says neither.
func Where(err error) string {
	var ae *Error
	var de *DecodeError
	var te *TransportError
	switch {
	case errors.As(err, &ae):
		return ae.URL()
	case errors.As(err, &de):
		return de.URL()
	case errors.As(err, &te):
		return te.Host
	}
	return ""
}

// NotJSON reports whether a content type says the body is something other
// than JSON (an HTML page, plain text); an absent one says nothing.
func NotJSON(contentType string) bool {
	if contentType == "" {
		return false
	}
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return true
	}
	return mt != "application/json" && !strings.HasSuffix(mt, "+json")
}

// MediaType is the content type without its parameters ("text/html" of
// "text/html; charset=utf-8"), for messages.
func MediaType(contentType string) string {
	if mt, _, err := mime.ParseMediaType(contentType); err == nil {
		return mt
	}
	return contentType
}
