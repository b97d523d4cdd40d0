package alert

// A client of Alertmanager's v2 API, the three calls stratop makes: post
// alerts, create a silence, list silences. Plain JSON per the API's
// OpenAPI description: the generated client would pull in go-openapi for
// three requests.

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/internal/text"
)

// AMAlert is one alert as Alertmanager's POST /api/v2/alerts takes it.
type AMAlert struct {
	Labels       map[string]string `json:"labels"`
	Annotations  map[string]string `json:"annotations,omitempty"`
	StartsAt     time.Time         `json:"startsAt"`
	EndsAt       time.Time         `json:"endsAt,omitzero"`
	GeneratorURL string            `json:"generatorURL,omitempty"`
}

// Matcher is one of a silence's matchers.
type Matcher struct {
	Name    string `json:"name"`
	Value   string `json:"value"`
	IsRegex bool   `json:"isRegex"`
	IsEqual bool   `json:"isEqual"`
}

// Silence is an Alertmanager silence; ID and State are set by Alertmanager.
type Silence struct {
	ID        string    `json:"id,omitempty"`
	Matchers  []Matcher `json:"matchers"`
	StartsAt  time.Time `json:"startsAt"`
	EndsAt    time.Time `json:"endsAt"`
	CreatedBy string    `json:"createdBy"`
	Comment   string    `json:"comment"`
	Status    *struct {
		State string `json:"state"` // active | pending | expired
	} `json:"status,omitempty"`
}

// Active reports whether Alertmanager says the silence is in force.
func (s Silence) Active() bool { return s.Status != nil && s.Status.State == "active" }

// Matches reports whether every matcher of s is an equality that labels
// meet. Regex and negative matchers are never taken as stratop's.
func (s Silence) Matches(labels map[string]string) bool {
	if len(s.Matchers) == 0 {
		return false
	}
	for _, m := range s.Matchers {
		if m.IsRegex || !m.IsEqual || labels[m.Name] != m.Value {
			return false
		}
	}
	return true
}

// AMClient talks to the Alertmanagers of one sink.
type AMClient struct {
	Name string   // the sink's name, for errors
	URLs []string // every Alertmanager of the cluster
	auth config.AlertmanagerAuth
	http *http.Client
}

// NewAMClient builds the client of an Alertmanager sink: its credentials
// come from the environment, its CA file is added to the system's roots.
func NewAMClient(name string, s *config.AlertmanagerSink, getenv func(string) string) (*AMClient, error) {
	auth, err := s.Auth(name, getenv)
	if err != nil {
		return nil, err
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	if s.CAFile != "" {
		pem, err := os.ReadFile(s.CAFile)
		if err != nil {
			return nil, fmt.Errorf("sink %s: ca_file: %w", name, err)
		}
		pool, err := x509.SystemCertPool()
		if err != nil {
			pool = x509.NewCertPool()
		}
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("sink %s: ca_file %s holds no PEM certificate", name, s.CAFile)
		}
		tr.TLSClientConfig = &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}
	}
	return &AMClient{Name: name, URLs: append([]string(nil), s.URLs...), auth: auth,
		http: &http.Client{Transport: tr, Timeout: 10 * time.Second}}, nil
}

// AMError is a failed request to one Alertmanager.
type AMError struct {
	Sink, URL string // URL redacted
	Err       string
}

func (e *AMError) Error() string { return fmt.Sprintf("sink %s (%s): %s", e.Sink, e.URL, e.Err) }

func (c *AMClient) do(ctx context.Context, base, method, path string, in, out any) error {
	fail := func(msg string) error { return &AMError{Sink: c.Name, URL: Redact(base), Err: msg} }
	var body io.Reader
	if in != nil {
		data, err := json.Marshal(in)
		if err != nil {
			return fail(err.Error())
		}
		body = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimRight(base, "/")+path, body)
	if err != nil {
		return fail("bad request")
	}
	req.Header.Set("Content-Type", "application/json")
	switch {
	case c.auth.Bearer != "":
		req.Header.Set("Authorization", "Bearer "+c.auth.Bearer)
	case c.auth.Username != "":
		req.SetBasicAuth(c.auth.Username, c.auth.Password)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return fail(err.Error())
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if resp.StatusCode/100 != 2 {
		return fail(fmt.Sprintf("answered %s: %s", resp.Status, firstLine(string(data))))
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fail("an answer that is not the v2 API's JSON")
	}
	return nil
}

// firstLine is the start of an error body, cleaned: it reaches the log
// and a terminal.
func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return text.CleanN(s, 200)
}

// PostAlerts sends alerts to every Alertmanager; it fails only when none
// took them (the cluster shares what one took), and returns each
// failure beside.
func (c *AMClient) PostAlerts(ctx context.Context, alerts []AMAlert) (took int, errs []error) {
	for _, u := range c.URLs {
		if err := c.do(ctx, u, http.MethodPost, "/api/v2/alerts", alerts, nil); err != nil {
			errs = append(errs, err)
			continue
		}
		took++
	}
	return took, errs
}

// CreateSilence creates s on the first Alertmanager that takes it (the
// cluster gossips silences) and returns its id and the URL that took it.
func (c *AMClient) CreateSilence(ctx context.Context, s Silence) (id, where string, err error) {
	var errs []error
	for _, u := range c.URLs {
		var out struct {
			SilenceID string `json:"silenceID"`
		}
		if err := c.do(ctx, u, http.MethodPost, "/api/v2/silences", s, &out); err != nil {
			errs = append(errs, err)
			continue
		}
		return out.SilenceID, u, nil
	}
	return "", "", errors.Join(errs...)
}

// Silences lists the silences that name the integration, from the first
// Alertmanager that answers, and the URL that did.
func (c *AMClient) Silences(ctx context.Context, integration string) ([]Silence, string, error) {
	q := url.Values{"filter": {fmt.Sprintf("integration=%q", integration)}}
	var errs []error
	for _, u := range c.URLs {
		var out []Silence
		if err := c.do(ctx, u, http.MethodGet, "/api/v2/silences?"+q.Encode(), nil, &out); err != nil {
			errs = append(errs, err)
			continue
		}
		return out, u, nil
	}
	return nil, "", errors.Join(errs...)
}

// ExpireSilence ends the silence id on the first Alertmanager that takes
// it.
func (c *AMClient) ExpireSilence(ctx context.Context, id string) error {
	var errs []error
	for _, u := range c.URLs {
		if err := c.do(ctx, u, http.MethodDelete, "/api/v2/silence/"+url.PathEscape(id), nil, nil); err != nil {
			errs = append(errs, err)
			continue
		}
		return nil
	}
	return errors.Join(errs...)
}

// HeldAlert is an alert as Alertmanager's GET /api/v2/alerts lists it.
type HeldAlert struct {
	Labels   map[string]string `json:"labels"`
	StartsAt time.Time         `json:"startsAt"`
}

// Alerts lists the alerts that name the integration and have not
// resolved (silenced and inhibited ones too), from the first
// Alertmanager that answers.
func (c *AMClient) Alerts(ctx context.Context, integration string) ([]HeldAlert, error) {
	q := url.Values{"filter": {fmt.Sprintf("integration=%q", integration)}}
	var errs []error
	for _, u := range c.URLs {
		var out []HeldAlert
		if err := c.do(ctx, u, http.MethodGet, "/api/v2/alerts?"+q.Encode(), nil, &out); err != nil {
			errs = append(errs, err)
			continue
		}
		return out, nil
	}
	return nil, errors.Join(errs...)
}
