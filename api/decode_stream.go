package api

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"reflect"
	"unicode"
	"unicode/utf8"
)

// A JSON array answer decoded one element at a time, so the body is never
// held whole: it goes from the connection through a small buffer into the
// caller's own form (the users list: users_scan.go, which hands what is not
// an array to decodeArray). The answers and errors are those of decodeResponse
// for the same body: a BOM and surrounding spaces are tolerated; an empty,
// null or HTML body, another JSON value, a malformed element, a wrong type
// or anything after the array is refused.

// meter reads at most left bytes of r, counting them and keeping the
// first error that is not the end of the body.
type meter struct {
	r    io.Reader
	left int64
	n    int64
	err  error
}

func (m *meter) Read(p []byte) (int, error) {
	if m.left <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > m.left {
		p = p[:m.left]
	}
	n, err := m.r.Read(p)
	m.n += int64(n)
	m.left -= int64(n)
	if err != nil && err != io.EOF && m.err == nil {
		m.err = err
	}
	return n, err
}

// decodeArray decodes a JSON array of T from r, handing each element to each.
func decodeArray[T any](r io.Reader, each func(T)) error {
	br := bufio.NewReaderSize(r, 32<<10)
	if b, _ := br.Peek(3); bytes.Equal(b, []byte("\xef\xbb\xbf")) {
		_, _ = br.Discard(3)
	}
	first, err := peekValue(br)
	switch {
	case err == io.EOF:
		return errEmptyBody
	case err != nil:
		return err
	case first == '<':
		return errHTMLBody
	case first == 'n':
		rest, err := io.ReadAll(br)
		if err != nil {
			return err
		}
		if bytes.Equal(bytes.TrimSpace(rest), []byte("null")) {
			return errNullBody
		}
		return describeJSONError(json.Unmarshal(rest, new([]T)))
	}
	dec := json.NewDecoder(br)
	// An answer that ends early is a syntax error at its end, as for
	// json.Unmarshal.
	fail := func(err error) error {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			err = &json.SyntaxError{Offset: dec.InputOffset()}
		}
		return describeJSONError(err)
	}
	tok, err := dec.Token()
	if err != nil {
		return fail(err)
	}
	if tok != json.Delim('[') {
		return describeJSONError(&json.UnmarshalTypeError{Value: jsonKind(tok), Type: reflect.TypeFor[[]T](), Offset: dec.InputOffset()})
	}
	var v T // one value reused: a fresh one per element is garbage per element
	for dec.More() {
		var zero T
		v = zero
		if err := dec.Decode(&v); err != nil {
			return fail(err)
		}
		each(v)
	}
	if _, err := dec.Token(); err != nil { // the closing bracket
		return fail(err)
	}
	return trailing(io.MultiReader(dec.Buffered(), br), dec.InputOffset())
}

// peekValue skips white space and returns the first byte of the value.
func peekValue(br *bufio.Reader) (byte, error) {
	for {
		// Unicode's white space, as bytes.TrimSpace leaves out of every
		// other answer before it is decoded.
		c, _, err := br.ReadRune()
		if err != nil {
			return 0, err
		}
		if unicode.IsSpace(c) && c != utf8.RuneError {
			continue
		}
		if err := br.UnreadRune(); err != nil {
			return 0, err
		}
		b, err := br.Peek(1)
		if err != nil {
			return 0, err
		}
		return b[0], nil
	}
}

// trailing refuses anything but white space after the value, as
// json.Unmarshal does.
func trailing(r io.Reader, offset int64) error {
	br := bufio.NewReader(r)
	for {
		c, size, err := br.ReadRune()
		switch {
		case err == io.EOF:
			return nil
		case err != nil:
			return err
		}
		// Unicode's white space, as bytes.TrimSpace leaves out of every
		// other answer before it is decoded.
		if unicode.IsSpace(c) && c != utf8.RuneError {
			offset += int64(size)
			continue
		}
		return describeJSONError(&json.SyntaxError{Offset: offset + 1})
	}
}

// jsonKind names the kind of a JSON token as json.UnmarshalTypeError does.
func jsonKind(tok json.Token) string {
	switch tok.(type) {
	case json.Delim:
		return "object"
	case string:
		return "string"
	case float64, json.Number:
		return "number"
	case bool:
		return "bool"
	}
	return "value"
}
