package serve

// `stratop alerts` with Alertmanager sinks: snoozes and acks become
// silences there, shared by every serve and operator of the integration;
// the listing shows them beside the local ones, saying where each lives.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/user"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/stratop/stratop/alert"
	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/internal/cli"
	"github.com/stratop/stratop/internal/factory"
)

// ackHold is how long an ack silence lasts when the rule has no
// resolve_after: long enough for every serve of the pair to see it.
const ackHold = time.Hour

// amSink is one Alertmanager sink of the settings with its client.
type amSink struct {
	name   string
	client *alert.AMClient
}

// alertmanagerSinks returns the Alertmanager sinks of the settings, those
// rule routes to when rule is not nil, sorted by name.
func alertmanagerSinks(cfg *config.Config, rule *config.AlertRule) ([]amSink, error) {
	var out []amSink
	for name, s := range cfg.Sinks() {
		if s.Alertmanager == nil || (rule != nil && !contains(rule.To, name)) {
			continue
		}
		c, err := alert.NewAMClient(name, s.Alertmanager, os.Getenv)
		if err != nil {
			return nil, serveUsage(err)
		}
		out = append(out, amSink{name: name, client: c})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out, nil
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// silenceIntegration is the integration label silences match: as serve
// wrote it in the sink's state, else the context's integration.
func silenceIntegration(cmd *cobra.Command, dir string, fac *factory.Factory, sinks []amSink) (string, error) {
	for _, s := range sinks {
		if id, _, err := alert.ReadAMState(dir, s.name); err == nil && id != "" {
			return id, nil
		}
	}
	c, err := fac.Resolve(cmd.Context(), factory.Alerts)
	if err != nil {
		return "", err
	}
	return c.Integration.String(), nil
}

// osUser is who a silence says created it.
func osUser() string {
	if u, err := user.Current(); err == nil && u.Username != "" {
		return u.Username
	}
	if u := os.Getenv("USER"); u != "" {
		return u
	}
	return "stratop"
}

// snoozeSilences creates (or, with d 0, expires) the rule's snooze
// silence on each Alertmanager sink it routes to.
func snoozeSilences(cmd *cobra.Command, dir string, fac *factory.Factory, sinks []amSink, rule string, d time.Duration, reason string) error {
	if len(sinks) == 0 {
		return nil
	}
	ident, err := silenceIntegration(cmd, dir, fac, sinks)
	if err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	ctx := cmd.Context()
	var failed []error
	for _, s := range sinks {
		if d == 0 {
			failed = append(failed, expireSnoozes(ctx, out, s, ident, rule)...)
			continue
		}
		now := time.Now()
		id, where, err := s.client.CreateSilence(ctx, alert.Silence{StartsAt: now, EndsAt: now.Add(d), CreatedBy: osUser(),
			Comment: orText(reason, "snoozed with stratop"),
			Matchers: []alert.Matcher{{Name: "alertname", Value: rule, IsEqual: true},
				{Name: "integration", Value: ident, IsEqual: true}}})
		if err != nil {
			failed = append(failed, err)
			continue
		}
		fmt.Fprintf(out, "silence %s on Alertmanager %s (%s) until %s\n", id, s.name, alert.Redact(where),
			now.Add(d).Local().Format("2006-01-02 15:04"))
	}
	return joinFailed(failed)
}

func expireSnoozes(ctx context.Context, out io.Writer, s amSink, ident, rule string) []error {
	list, _, err := s.client.Silences(ctx, ident)
	if err != nil {
		return []error{err}
	}
	var failed []error
	for _, sil := range list {
		if r, ok := alert.SnoozeOf(sil, ident); ok && r == rule && sil.Status != nil && sil.Status.State != "expired" {
			if err := s.client.ExpireSilence(ctx, sil.ID); err != nil {
				failed = append(failed, err)
				continue
			}
			fmt.Fprintf(out, "silence %s on Alertmanager %s expired\n", sil.ID, s.name)
		}
	}
	return failed
}

// ackSilences silences the alert id on each Alertmanager sink that sent
// it, until its rule's resolve_after (else ackHold), and posts it ended
// now, so it resolves there whether or not a serve runs. It reports
// whether any sink knew the alert.
func ackSilences(cmd *cobra.Command, dir string, sinks []amSink, id, reason string) (bool, error) {
	known := false
	var failed []error
	for _, s := range sinks {
		_, firing, err := alert.ReadAMState(dir, s.name)
		if err != nil {
			failed = append(failed, err)
			continue
		}
		for _, f := range firing {
			if f.Open != id {
				continue
			}
			known = true
			now := time.Now()
			until := f.Until
			if !until.After(now) {
				until = now.Add(ackHold)
			}
			var ms []alert.Matcher
			for k, v := range f.Labels {
				ms = append(ms, alert.Matcher{Name: k, Value: v, IsEqual: true})
			}
			sort.Slice(ms, func(i, j int) bool { return ms[i].Name < ms[j].Name })
			sid, where, err := s.client.CreateSilence(cmd.Context(), alert.Silence{StartsAt: now, EndsAt: until,
				CreatedBy: osUser(), Comment: alert.AckPrefix + id + ": " + orText(reason, "acknowledged with stratop"), Matchers: ms})
			if err != nil {
				failed = append(failed, err)
			} else {
				fmt.Fprintf(cmd.OutOrStdout(), "silence %s on Alertmanager %s (%s) until %s\n", sid, s.name, alert.Redact(where),
					until.Local().Format("2006-01-02 15:04"))
			}
			if err := alert.ResolveAcked(cmd.Context(), s.client, f, now); err != nil {
				failed = append(failed, err)
				continue
			}
			fmt.Fprintf(cmd.OutOrStdout(), "resolved on Alertmanager %s\n", s.name)
		}
	}
	return known, joinFailed(failed)
}

func orText(s, dflt string) string {
	if strings.TrimSpace(s) == "" {
		return dflt
	}
	return s
}

func joinFailed(errs []error) error {
	if len(errs) == 0 {
		return nil
	}
	return &cli.ExitError{Code: 1, Err: fmt.Errorf("alerts: %w", errors.Join(errs...))}
}

// listedSilence is a silence in `stratop alerts`: where it lives beside
// what it is.
type listedSilence struct {
	Where     string    `json:"where"` // "local" or "alertmanager NAME (URL)"
	ID        string    `json:"id,omitempty"`
	State     string    `json:"state"`
	Matchers  string    `json:"matchers"`
	EndsAt    time.Time `json:"endsAt"`
	CreatedBy string    `json:"createdBy,omitempty"`
	Comment   string    `json:"comment,omitempty"`
}

// amSilences lists the integration's silences of every Alertmanager
// sink that answers; a sink that does not is said, not fatal.
func amSilences(cmd *cobra.Command, dir string, fac *factory.Factory, sinks []amSink) ([]listedSilence, []string) {
	if len(sinks) == 0 {
		return nil, nil
	}
	ident, err := silenceIntegration(cmd, dir, fac, sinks)
	if err != nil {
		return nil, []string{err.Error()}
	}
	var out []listedSilence
	var problems []string
	for _, s := range sinks {
		list, where, err := s.client.Silences(cmd.Context(), ident)
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		for _, sil := range list {
			if sil.Status == nil || sil.Status.State == "expired" {
				continue
			}
			out = append(out, listedSilence{Where: "alertmanager " + s.name + " (" + alert.Redact(where) + ")", ID: sil.ID,
				State: sil.Status.State, Matchers: sil.MatcherText(), EndsAt: sil.EndsAt, CreatedBy: sil.CreatedBy, Comment: sil.Comment})
		}
	}
	return out, problems
}
