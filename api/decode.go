package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// bodyMode says what a 2xx body must hold.
type bodyMode int

const (
	// needJSON: the body must be the expected JSON value (reads).
	needJSON bodyMode = iota
	// emptyOK: an empty or null body means "no record" (actions, whose
	// response bodies the spec does not show).
	emptyOK
)

// errEmptyBody and errHTMLBody explain the commonest wrong bodies briefly.
var (
	errEmptyBody = errors.New("empty body, want JSON")
	errNullBody  = errors.New("null body, want a JSON value")
	errHTMLBody  = errors.New("got an HTML or XML page, want JSON")
)

// decodeResponse decodes body into out, the one path every response takes.
// present is false when mode allows an absent body and there was none.
// Unknown fields are ignored; it never panics on any input.
func decodeResponse(body []byte, out any, mode bodyMode) (present bool, err error) {
	t := bytes.TrimSpace(bytes.TrimPrefix(body, []byte("\xef\xbb\xbf"))) // tolerate a UTF-8 BOM
	switch {
	case len(t) == 0:
		if mode == emptyOK {
			return false, nil
		}
		return false, errEmptyBody
	case bytes.Equal(t, []byte("null")):
		if mode == emptyOK {
			return false, nil
		}
		return false, errNullBody
	case t[0] == '<':
		return false, errHTMLBody
	}
	if err := json.Unmarshal(t, out); err != nil {
		return false, describeJSONError(err)
	}
	return true, nil
}

// describeJSONError shortens json errors without quoting body content.
func describeJSONError(err error) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		field := te.Field
		if field == "" {
			field = "body"
		}
		return &textError{msg: fmt.Sprintf("field %s: got JSON %s, want %s", cleanText(field, 80), te.Value, te.Type), err: err}
	case errors.As(err, &se):
		return &textError{msg: fmt.Sprintf("malformed or truncated JSON near byte %d", se.Offset), err: err}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return &textError{msg: "truncated JSON", err: err}
	}
	return err
}

// decodeRaw decodes a 2xx answer into a new T, wrapping failure in *DecodeError.
// It returns nil, nil when mode allows an absent body and there was none.
func decodeRaw[T any](raw *rawResponse, mode bodyMode) (*T, error) {
	out := new(T)
	present, err := decodeResponse(raw.body, out, mode)
	if err != nil {
		return nil, &DecodeError{Method: raw.method, Path: raw.path, StatusCode: raw.status, ContentType: raw.contentType, Err: err}
	}
	if !present {
		return nil, nil
	}
	return out, nil
}
