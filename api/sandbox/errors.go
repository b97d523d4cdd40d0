package sandbox

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/stratop/stratop/api"
)

// reply is a handler's answer: a status and a value encoded as JSON.
type reply struct {
	status int
	body   any
}

// ok is a 200 answer.
func ok(v any) reply { return reply{http.StatusOK, v} }

// created is a 201 answer (strategy create routes and POST /users).
func created(v any) reply { return reply{http.StatusCreated, v} }

// fail is an error answer. The spec does not show an error body; ours is
// {"statusCode":N,"message":"..." or [...],"error":"Status Text"}
// (api.ErrorBody): a single message is sent as a string, several (one per
// invalid field) as a list.
func fail(status int, msgs ...string) reply {
	if len(msgs) == 0 {
		msgs = []string{http.StatusText(status)}
	}
	return reply{status, api.ErrorBody{StatusCode: status, Message: api.Messages(msgs), Error: http.StatusText(status)}}
}

// badRequest is a 400 (invalid input, refused transition).
func badRequest(msgs ...string) reply { return fail(http.StatusBadRequest, msgs...) }

// Messages of the common 404s and 403s, worded once.
// The id is echoed cut at 200 characters, like an unknown route's path.
func userNotFound(id string) reply {
	return fail(http.StatusNotFound, "user "+strconv.Quote(echo(id))+" not found")
}

func strategyNotFound(id int64) reply {
	return fail(http.StatusNotFound, "strategy "+strconv.FormatInt(id, 10)+" not found")
}

func poolNotFound(what string) reply {
	return fail(http.StatusNotFound, "pool "+echo(what)+" not found")
}

func notOwner(id int64, userID string) reply {
	return fail(http.StatusForbidden, "strategy "+strconv.FormatInt(id, 10)+" does not belong to user "+strconv.Quote(echo(userID)))
}

// twoFactorMessage explains the 403 of the 2FA routes (spec section 5.4).
const twoFactorMessage = "two-factor authentication must be enabled for at least one portal user of the integration"

// encode turns a reply into bytes. Encoding our own types cannot fail; if it
// ever did, the client gets a 500 rather than half a body.
func (r reply) encode() (int, []byte) {
	switch body := r.body.(type) {
	case json.RawMessage:
		return r.status, body
	case streamedArray: // whole, where a fault must cut it
		var buf bytes.Buffer
		if err := body.writeTo(&buf); err != nil {
			return cannotEncode()
		}
		return r.status, buf.Bytes()
	}
	b, err := json.Marshal(r.body)
	if err != nil {
		return cannotEncode()
	}
	return r.status, b
}

// cannotEncode is the 500 of an answer that could not be encoded.
func cannotEncode() (int, []byte) {
	b, _ := json.Marshal(api.ErrorBody{StatusCode: 500, Message: api.Messages{"cannot encode the answer"}, Error: http.StatusText(500)})
	return http.StatusInternalServerError, b
}

// writeReply sends a reply as JSON.
func writeReply(w http.ResponseWriter, r reply) {
	status, b := r.encode()
	writeBytes(w, status, b)
}

// writeBytes sends an encoded JSON body.
func writeBytes(w http.ResponseWriter, status int, b []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(len(b)))
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}
