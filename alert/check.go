package alert

import (
	"cmp"
	"errors"
	"slices"

	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/internal/explorer"
)

// CheckSinks builds every sink of the settings the way serve sends to
// them: each URL and secret read from the file or the environment
// variables it names, each URL taken by its deliverer (a webhook for http
// and https, else a shoutrrr service). It is the one check of sinks:
// `stratop serve` starts with what it returns and `stratop config check`
// reports what it refuses, so neither accepts a sink the other refuses.
// Every mistake is a *config.Error at its key's line, never with the URL.
// id is what an Alertmanager sink labels its alerts with; a check that
// sends nothing (config check) passes the zero value.
func CheckSinks(cfg *config.Config, getenv func(string) string, id SinkIdentity) (map[string]Sink, error) {
	out := map[string]Sink{}
	var errs config.Errors
	for name, s := range cfg.Sinks() {
		sink, err := checkSink(s, getenv, id)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out[name] = sink
	}
	if len(errs) > 0 {
		slices.SortFunc(errs, func(a, b *config.Error) int { return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Key, b.Key)) })
		return nil, errs
	}
	return out, nil
}

// SinkIdentity is what an Alertmanager sink labels every alert with, and
// the settings' [explorers] templates for the alerts' links.
type SinkIdentity struct {
	Integration, Profile string
	Explorers            map[string]string
}

// checkSink builds one sink, or says what is wrong and where.
func checkSink(s config.Sink, getenv func(string) string, id SinkIdentity) (Sink, *config.Error) {
	if am := s.Alertmanager; am != nil {
		c, err := NewAMClient(s.Name, am, getenv)
		if err != nil {
			return nil, s.Mistake("alertmanager", err.Error())
		}
		return NewAlertmanager(s.Name, AlertmanagerOptions{Client: c, Integration: id.Integration,
			Profile: id.Profile, Resend: am.Resend, GeneratorURL: am.GeneratorURL, Explorers: explorer.New(id.Explorers)}), nil
	}
	u, secret, err := s.Resolve(getenv)
	var placed *config.Error
	if errors.As(err, &placed) {
		return nil, placed
	}
	if err != nil {
		return nil, s.Mistake(s.URLKey(), err.Error())
	}
	sink, err := NewSink(s.Name, u, secret)
	var se *SinkError
	switch {
	case errors.As(err, &se):
		return nil, s.Mistake(s.URLKey(), se.Err+" ("+se.URL+")")
	case err != nil:
		return nil, s.Mistake(s.URLKey(), "cannot send to it")
	}
	return sink, nil
}
