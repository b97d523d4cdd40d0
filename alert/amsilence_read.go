package alert

// The silences of an integration read straight from Alertmanager, for a
// front end with no serve of its own beside it (a dashboard on a laptop):
// the board serve keeps holds them only on serve's machine.

import (
	"context"
	"errors"
	"os"
	"sort"
	"strings"

	"github.com/stratop/stratop/config"
)

// SilenceSource reads the integration's silences from every Alertmanager
// sink a rule routes to.
type SilenceSource struct {
	integration string
	clients     []*AMClient // by sink name
}

// NewSilenceSource is the source of the settings' Alertmanager sinks that
// a rule routes to, nil when there is none. The sinks' credentials come
// from the environment (getenv, os.Getenv when nil), as serve reads them.
func NewSilenceSource(cfg *config.Config, getenv func(string) string, integration string) (*SilenceSource, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	routed := map[string]bool{}
	for _, r := range cfg.Alerts() {
		for _, to := range r.To {
			routed[to] = true
		}
	}
	src := &SilenceSource{integration: integration}
	for name, s := range cfg.Sinks() {
		if s.Alertmanager == nil || !routed[name] {
			continue
		}
		c, err := NewAMClient(name, s.Alertmanager, getenv)
		if err != nil {
			return nil, err
		}
		src.clients = append(src.clients, c)
	}
	if len(src.clients) == 0 {
		return nil, nil
	}
	sort.Slice(src.clients, func(i, j int) bool { return src.clients[i].Name < src.clients[j].Name })
	return src, nil
}

// SilencesError says which Alertmanager sinks did not answer; the
// silences of those that did are returned beside it.
type SilencesError struct {
	Sinks []string
	Err   error
}

func (e *SilencesError) Error() string {
	return "the Alertmanagers of sink " + strings.Join(e.Sinks, ", ") + " not read: " + e.Err.Error()
}

func (e *SilencesError) Unwrap() error { return e.Err }

// Read returns the integration's silences in force on each sink's
// Alertmanagers (the first of a cluster that answers), and a
// *SilencesError naming the sinks none of whose Alertmanagers answered.
func (s *SilenceSource) Read(ctx context.Context) ([]SilenceNote, error) {
	var notes []SilenceNote
	var failed []string
	var errs []error
	for _, c := range s.clients {
		list, _, err := c.Silences(ctx, s.integration)
		if err != nil {
			failed, errs = append(failed, c.Name), append(errs, err)
			continue
		}
		notes = append(notes, silenceNotes(c.Name, list)...)
	}
	if len(failed) > 0 {
		return notes, &SilencesError{Sinks: failed, Err: errors.Join(errs...)}
	}
	return notes, nil
}
