package api

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/stratop/stratop/internal/text"
)

// apiError turns a non-2xx answer into *Error, with the message of a JSON
// error body when there is one and the status text otherwise.
func (c *Client) apiError(method, path string, resp *http.Response, body []byte) *Error {
	e := &Error{StatusCode: resp.StatusCode, Method: method, Path: path, Origin: c.named(),
		ContentType: c.clean(resp.Header.Get("Content-Type"), 80)}
	if ra, ok := parseRetryAfter(resp.Header.Get("Retry-After"), c.cfg.now()); ok {
		e.RetryAfter = ra
	}
	msgs, reason := parseErrorBody(body)
	for _, m := range msgs {
		if m = c.clean(m, maxMessageRunes); m != "" && len(e.Messages) < maxMessages {
			e.Messages = append(e.Messages, m)
		}
	}
	e.Reason = c.clean(reason, 80)
	e.Message = text.CleanN(strings.Join(e.Messages, "; "), maxMessageRunes)
	if e.Message == "" {
		e.Message = http.StatusText(resp.StatusCode)
		if e.Message == "" {
			e.Message = "HTTP " + strconv.Itoa(resp.StatusCode)
		}
	}
	return e
}

// Bounds of what an error keeps from a server's message.
const (
	maxMessageRunes = 300
	maxMessages     = 20
)

// parseErrorBody reads {"message": string | [string], "error": string},
// tolerating any other shape by returning nothing.
func parseErrorBody(body []byte) (msgs []string, reason string) {
	var obj map[string]json.RawMessage
	if json.Unmarshal(body, &obj) != nil {
		return nil, ""
	}
	if raw, ok := obj["message"]; ok {
		var m Messages
		if json.Unmarshal(raw, &m) == nil {
			msgs = m
		}
	}
	if raw, ok := obj["error"]; ok {
		_ = json.Unmarshal(raw, &reason)
	}
	return msgs, reason
}

// clean prepares server text for an error: cleaned by the one rule set,
// folded onto one line, length capped and credentials hidden. A credential
// is hidden before the cap (so the cap cannot cut one and show half of it)
// and also when hidden characters split it: those would show as U+FFFD
// between its halves, so there the marks go and the credential with them.
func (c *Client) clean(s string, maxRunes int) string {
	s = text.Clean(c.scrub(s))
	if joined := strings.ReplaceAll(s, string(text.Placeholder), ""); c.scrub(joined) != joined {
		s = joined
	}
	return cleanText(c.scrub(s), maxRunes)
}

// cleanText is s cleaned (text.Clean: escape sequences gone whole, other
// controls and invisible characters shown as U+FFFD), with runs of spaces
// folded into one and at most maxRunes runes, so a hostile body can
// neither paint the terminal nor flood a status line.
func cleanText(s string, maxRunes int) string {
	return text.CleanN(strings.Join(strings.Fields(text.Clean(s)), " "), maxRunes)
}
