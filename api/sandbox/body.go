package sandbox

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
)

// maxBodyBytes caps request bodies. The spec shows no request-size limit; 1 MiB
// is far above the largest legitimate body (a create with 150 exclusion
// addresses is about 7 KB) and an answer of 413 says why.
const maxBodyBytes = 1 << 20

// readBody reads the request body within the cap and the body deadline. A
// body over the cap is a 413, one that does not arrive in time a 408 (the
// server then closes the connection); ok is false when the reply has been
// decided.
func readBody(w http.ResponseWriter, r *http.Request) ([]byte, reply, bool) {
	if r.ContentLength > maxBodyBytes {
		return nil, fail(http.StatusRequestEntityTooLarge, "request body larger than 1 MiB"), false
	}
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBodyBytes))
	if err != nil {
		var tooBig *http.MaxBytesError
		var netErr net.Error
		switch {
		case errors.As(err, &tooBig):
			return nil, fail(http.StatusRequestEntityTooLarge, "request body larger than 1 MiB"), false
		case errors.Is(err, os.ErrDeadlineExceeded), errors.As(err, &netErr) && netErr.Timeout():
			return nil, fail(http.StatusRequestTimeout, "the request body did not arrive in time"), false
		}
		return nil, badRequest("cannot read the request body"), false
	}
	clearDeadline(w)
	if rep, ok := requestNulls().refuseNulls(r.URL.Path, b); !ok {
		return nil, rep, false
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
		return badRequest(describeJSONError(err, trimmed, dst)), false
	}
	if _, err := dec.Token(); err != io.EOF {
		return badRequest("malformed JSON: unexpected data after the object"), false
	}
	return reply{}, true
}

// describeJSONError words a decoding error for the client without echoing
// the body back. A value of the wrong type is named by its wire field
// ("scheduledStartAt must be an integer"), never by the Go path the decoder
// reports ("StrategyOptions.scheduledStartAt").
func describeJSONError(err error, body []byte, dst any) string {
	var syn *json.SyntaxError
	switch {
	case errors.As(err, &syn), errors.Is(err, io.ErrUnexpectedEOF):
		return "malformed JSON in the request body"
	}
	if rest, found := strings.CutPrefix(err.Error(), "json: unknown field "); found {
		name, uerr := strconv.Unquote(rest)
		if uerr != nil {
			name = strings.Trim(rest, `"`)
		}
		return "property " + echo(name) + " should not exist"
	}
	if name, t, found := badMember(body, dst); found {
		return name + " must be " + jsonKind(t)
	}
	return "malformed JSON in the request body"
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
