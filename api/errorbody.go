package api

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"
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
	e.Message = sanitizeText(strings.Join(e.Messages, "; "), maxMessageRunes)
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

// clean prepares server text for an error: controls removed, length capped
// and credentials hidden, both before sanitising (so the cap cannot cut a
// secret and show half of it) and after (so a secret split by control
// characters the sanitiser removes is caught too).
func (c *Client) clean(s string, maxRunes int) string {
	// Escape sequences go whole (ansi.Strip) before the character filter, so
	// their parameters cannot split a secret or leave "[2J" junk behind.
	return c.scrub(sanitizeText(ansi.Strip(c.scrub(s)), maxRunes))
}

// sanitizeText keeps printable characters, folds whitespace runs into one
// space and caps the length, so a hostile body cannot paint the terminal or
// flood a status line.
func sanitizeText(s string, maxRunes int) string {
	var b strings.Builder
	n, space := 0, false
	for _, r := range s {
		if n >= maxRunes {
			b.WriteString("…")
			break
		}
		switch {
		case unicode.IsSpace(r) || unicode.In(r, unicode.Zl, unicode.Zp):
			space = true
			continue
		case unicode.Is(unicode.Cc, r) || unicode.Is(unicode.Cf, r) || r == '\uFFFD':
			// C0/C1 controls, invalid UTF-8, and every format character:
			// bidi controls, zero-width characters, BOM, word joiner.
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
			n++
		}
		space = false
		b.WriteRune(r)
		n++
	}
	return b.String()
}
