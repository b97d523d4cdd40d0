package alert

// Sinks deliver messages: a signed JSON webhook for http(s) URLs, and
// shoutrrr for the chat and push services (ntfy, Slack, Telegram,
// Discord, generic...). A sink's URL may carry a token, so it is never
// printed in full: Redact keeps the scheme and host.

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/nicholas-fedor/shoutrrr/pkg/router"
	"github.com/nicholas-fedor/shoutrrr/pkg/types"

	"github.com/stratop/stratop/internal/text"
)

// Sink delivers one message or fails; Send must honour ctx.
type Sink interface {
	Send(ctx context.Context, m Message) error
}

// SignatureHeader carries the webhook body's HMAC-SHA256 with the sink's
// secret, as "sha256=" and lower-case hex.
const SignatureHeader = "X-Stratop-Signature"

// Sign returns the SignatureHeader value of body.
func Sign(secret, body []byte) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write(body)
	return "sha256=" + hex.EncodeToString(mac.Sum(nil))
}

// Verify checks a SignatureHeader value in constant time.
func Verify(secret, body []byte, sig string) bool {
	return hmac.Equal([]byte(sig), []byte(Sign(secret, body)))
}

// Redact keeps a URL's scheme and host: "https://hooks.example/…". A
// URL that does not parse, or carries user information, shows only its
// scheme.
func Redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" {
		return "…"
	}
	if u.User != nil || u.Host == "" {
		return u.Scheme + "://…"
	}
	return u.Scheme + "://" + u.Host + "/…"
}

// SinkError is a failed delivery, worded without the sink's full URL.
type SinkError struct {
	Sink string
	URL  string // redacted
	Err  string
}

// Error is one clean line: Err may quote what a chat service answered.
func (e *SinkError) Error() string {
	return fmt.Sprintf("sink %s (%s): %s", e.Sink, e.URL, text.CleanN(e.Err, 300))
}

// NewSink builds the sink for a URL: http and https are signed webhooks
// (secret may be empty: then unsigned), anything else goes to shoutrrr.
func NewSink(name, rawURL, secret string) (Sink, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme == "" {
		return nil, &SinkError{Sink: name, URL: Redact(rawURL), Err: "not a URL"}
	}
	if u.Scheme == "http" || u.Scheme == "https" {
		if u.Host == "" {
			return nil, &SinkError{Sink: name, URL: Redact(rawURL), Err: "a webhook URL needs a host"}
		}
		return &webhook{name: name, url: rawURL, secret: []byte(secret), client: &http.Client{}}, nil
	}
	r, err := router.New(nil)
	if err != nil {
		return nil, &SinkError{Sink: name, URL: Redact(rawURL), Err: "shoutrrr: " + scrub(err.Error(), rawURL)}
	}
	svc, err := r.Locate(rawURL)
	if err != nil {
		return nil, &SinkError{Sink: name, URL: Redact(rawURL), Err: scrub(err.Error(), rawURL)}
	}
	return &chat{name: name, url: rawURL, svc: svc}, nil
}

// scrub removes the URL and its parts from a library's error text.
func scrub(msg, raw string) string {
	msg = strings.ReplaceAll(msg, raw, Redact(raw))
	if u, err := url.Parse(raw); err == nil {
		if u.User != nil {
			msg = strings.ReplaceAll(msg, u.User.String(), "…")
			if p, ok := u.User.Password(); ok && p != "" {
				msg = strings.ReplaceAll(msg, p, "…")
			}
		}
		if u.RawQuery != "" {
			msg = strings.ReplaceAll(msg, u.RawQuery, "…")
		}
		if len(u.Path) > 1 {
			msg = strings.ReplaceAll(msg, u.Path, "/…")
		}
	}
	return msg
}

type webhook struct {
	name, url string
	secret    []byte
	client    *http.Client
}

func (w *webhook) Send(ctx context.Context, m Message) error {
	body, err := json.Marshal(m.ForPeople())
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.url, bytes.NewReader(body))
	if err != nil {
		return &SinkError{Sink: w.name, URL: Redact(w.url), Err: "bad request"}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Stratop-Message", m.ID)
	if len(w.secret) > 0 {
		req.Header.Set(SignatureHeader, Sign(w.secret, body))
	}
	resp, err := w.client.Do(req)
	if err != nil {
		return &SinkError{Sink: w.name, URL: Redact(w.url), Err: scrub(unwrapURLError(err), w.url)}
	}
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return &SinkError{Sink: w.name, URL: Redact(w.url), Err: "answered " + resp.Status}
	}
	return nil
}

// unwrapURLError drops the *url.Error wrapper, which repeats the URL.
func unwrapURLError(err error) string {
	if ue, ok := err.(*url.Error); ok {
		return ue.Err.Error()
	}
	return err.Error()
}

type chat struct {
	name, url string
	svc       types.Service
}

func (c *chat) Send(ctx context.Context, m Message) error {
	// shoutrrr's Send takes no context: it runs aside and is abandoned
	// on timeout (its own HTTP timeouts end it later).
	done := make(chan error, 1)
	m = m.ForPeople()
	go func() { done <- c.svc.Send(m.Text(), &types.Params{"title": m.Title}) }()
	select {
	case err := <-done:
		if err != nil {
			return &SinkError{Sink: c.name, URL: Redact(c.url), Err: scrub(err.Error(), c.url)}
		}
		return nil
	case <-ctx.Done():
		return &SinkError{Sink: c.name, URL: Redact(c.url), Err: "timed out"}
	}
}
