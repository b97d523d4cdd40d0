package sandbox

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
)

// maxBodyBytes caps request bodies. The spec shows no request-size limit; 1 MiB
// is far above the largest legitimate body (a create with 150 exclusion
// addresses is about 7 KB) and an answer of 413 says why.
const maxBodyBytes = 1 << 20

// readBody reads the request body within the cap. A body over the cap is a
// 413; ok is false when the reply has been decided.
func readBody(w http.ResponseWriter, r *http.Request) ([]byte, reply, bool) {
	if r.ContentLength > maxBodyBytes {
		return nil, fail(http.StatusRequestEntityTooLarge, "request body larger than 1 MiB"), false
	}
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBodyBytes))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, fail(http.StatusRequestEntityTooLarge, "request body larger than 1 MiB"), false
		}
		return nil, badRequest("cannot read the request body"), false
	}
	return b, reply{}, true
}

// decodeJSON reads a JSON object into dst strictly: malformed JSON, a
// non-object, a field of the wrong type, trailing data and unknown fields are
// all 400 with a message naming the problem. Refusing unknown properties is
// our choice (like a whitelisting validator): a misspelt optional field would
// otherwise be ignored silently and the partner would never know.
func decodeJSON(b []byte, dst any) (reply, bool) {
	trimmed := bytes.TrimSpace(b)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		if len(trimmed) > 0 && !json.Valid(trimmed) {
			return badRequest("malformed JSON in the request body"), false
		}
		return badRequest("the request body must be a JSON object"), false
	}
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return badRequest(describeJSONError(err)), false
	}
	if _, err := dec.Token(); err != io.EOF {
		return badRequest("malformed JSON: unexpected data after the object"), false
	}
	return reply{}, true
}

// describeJSONError words a decoding error for the client without echoing
// the body back.
func describeJSONError(err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn), errors.Is(err, io.ErrUnexpectedEOF):
		return "malformed JSON in the request body"
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			field = "body"
		}
		return field + " must be " + jsonKind(typ.Type.Kind().String())
	}
	msg := err.Error()
	if rest, found := strings.CutPrefix(msg, "json: unknown field "); found {
		return "property " + strings.Trim(rest, `"`) + " should not exist"
	}
	if strings.Contains(msg, "cannot unmarshal") || strings.Contains(msg, "want string or number") {
		return "a field has the wrong type"
	}
	return "malformed JSON in the request body"
}

// jsonKind names a Go kind the way a JSON author thinks of it.
func jsonKind(k string) string {
	switch {
	case strings.HasPrefix(k, "int"), strings.HasPrefix(k, "uint"):
		return "an integer"
	case strings.HasPrefix(k, "float"):
		return "a number"
	case k == "string":
		return "a string"
	case k == "bool":
		return "a boolean"
	case k == "slice":
		return "an array"
	case k == "map", k == "struct":
		return "an object"
	}
	return "of another type"
}

// decodeRequest reads and decodes a body route's JSON in one step.
func decodeRequest(c *call, dst any) (reply, bool) {
	b, rep, ok := readBody(c.w, c.r)
	if !ok {
		return rep, false
	}
	c.body = b
	return decodeJSON(b, dst)
}
