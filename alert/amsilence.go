package alert

// Silences as the Alertmanager sink reads them: an ack silence (its
// comment begins with AckPrefix) resolves the alerts it matches, a rule's
// snooze silence (alertname and integration only) quiets the rule's other
// sinks on this machine too.

import (
	"context"
	"errors"
	"strings"
	"time"
)

// ackedAt reports whether an active ack silence matches labels, and when
// the alert was acknowledged: the earliest such silence's start, read
// alike by every serve, so a pair resolves the alert with one end.
func ackedAt(silences []Silence, labels map[string]string) (time.Time, bool) {
	var at time.Time
	acked := false
	for _, s := range silences {
		if s.Active() && strings.HasPrefix(s.Comment, AckPrefix) && s.Matches(labels) {
			if !acked || s.StartsAt.Before(at) {
				at = s.StartsAt
			}
			acked = true
		}
	}
	return at, acked
}

// SnoozeOf reports the rule a silence snoozes: its matchers are exactly
// alertname and integration, as `stratop alerts snooze` sets them.
func SnoozeOf(s Silence, integration string) (rule string, ok bool) {
	if len(s.Matchers) != 2 {
		return "", false
	}
	var gotIntegration bool
	for _, m := range s.Matchers {
		if m.IsRegex || !m.IsEqual {
			return "", false
		}
		switch m.Name {
		case "alertname":
			rule = m.Value
		case "integration":
			gotIntegration = m.Value == integration
		}
	}
	return rule, rule != "" && gotIntegration
}

// applySilences keeps the silences in force on the board, for the
// dashboard, and carries the rule snoozes set on Alertmanager (by another
// operator or machine) into the local board, so the other sinks of the
// rule are quiet too.
func (a *Alertmanager) applySilences(silences []Silence, read bool) {
	if !read {
		return // what the board says stays until Alertmanager answers again
	}
	want := map[string]time.Time{}
	for _, s := range silences {
		if rule, ok := SnoozeOf(s, a.o.Integration); ok && s.Active() && s.EndsAt.After(want[rule]) {
			if _, known := a.rules[rule]; known {
				want[rule] = s.EndsAt
			}
		}
	}
	notes := silenceNotes(a.name, silences)
	err := a.store.Update(func(b *Board) error {
		kept := b.Silences[:0]
		for _, n := range b.Silences {
			if n.Sink != a.name {
				kept = append(kept, n)
			}
		}
		b.Silences = append(kept, notes...)
		if b.Snoozed == nil {
			b.Snoozed = map[string]time.Time{}
		}
		for rule, until := range want {
			if until.After(b.Snoozed[rule]) {
				b.Snoozed[rule] = until
			}
		}
		return nil
	})
	if err != nil {
		a.logf("alerts: %v", err)
	}
}

// AMFiring is one alert an Alertmanager sink keeps sending, as `stratop
// alerts ack` needs it: the local id and the labels to silence.
type AMFiring struct {
	Open   string
	Labels map[string]string
	Until  time.Time
	Alert  AMAlert // as last posted, for the resolved post of an ack
}

// ResolveAcked posts f resolved at at to every Alertmanager of c: an
// acknowledgement ends the alert there at once, also when no serve runs to
// see it; a running serve resends it resolved for KeepResolved. It fails
// only when no Alertmanager took it.
func ResolveAcked(ctx context.Context, c *AMClient, f AMFiring, at time.Time) error {
	al := f.Alert
	al.Labels = f.Labels
	if at.Before(al.StartsAt) {
		at = al.StartsAt
	}
	al.EndsAt = at.UTC()
	if took, errs := c.PostAlerts(ctx, []AMAlert{al}); took == 0 {
		return errors.Join(errs...)
	}
	return nil
}

// ReadAMState returns the integration and the firing alerts of sink's
// state file in dir (nothing when serve never sent there).
func ReadAMState(dir, sink string) (integration string, firing []AMFiring, err error) {
	var st amState
	if err := readJSON(AMStateFile(dir, sink), &st); err != nil {
		return "", nil, err
	}
	for _, en := range st.Alerts {
		if en.firing() {
			firing = append(firing, AMFiring{Open: en.Open, Labels: en.Alert.Labels, Until: en.Until, Alert: en.Alert})
		}
	}
	return st.Integration, firing, nil
}

// silenceNotes are the silences in force, as the board keeps them.
func silenceNotes(sink string, silences []Silence) []SilenceNote {
	var out []SilenceNote
	for _, s := range silences {
		if !s.Active() {
			continue
		}
		out = append(out, SilenceNote{Sink: sink, ID: s.ID, Matchers: s.MatcherText(), CreatedBy: s.CreatedBy,
			Comment: s.Comment, EndsAt: s.EndsAt})
	}
	return out
}

// matcherOps are the operators of a matcher, by (regex, equal).
var matcherOps = map[[2]bool]string{{false, true}: "=", {false, false}: "!=", {true, true}: "=~", {true, false}: "!~"}

// MatcherText is the silence's matchers as name=value, ..., the
// integration's left out: every silence stratop lists is the
// integration's.
func (s Silence) MatcherText() string {
	var ms []string
	for _, m := range s.Matchers {
		if m.Name != "integration" {
			ms = append(ms, m.Name+matcherOps[[2]bool{m.IsRegex, m.IsEqual}]+m.Value)
		}
	}
	return strings.Join(ms, ",")
}
