package alert

// One start for one alert, whichever serve saw the change first. Two serve
// processes watching one integration see a change at different moments
// (each on its own poll), so each event carries its own time. Alertmanager
// already merges a label set's posts to the earliest start, so the alert
// it holds is the agreed one: a sink adopts that start before it first
// posts an alert and on every resend, so the pair sends identical alerts
// (and a start that does not move when the first of them dies).

import (
	"context"
	"time"
)

// heldStarts are the starts Alertmanager holds for the integration's
// unresolved alerts, by label set; nil when none answered.
func (a *Alertmanager) heldStarts(ctx context.Context) (map[string]time.Time, error) {
	held, err := a.o.Client.Alerts(ctx, a.o.Integration)
	if err != nil {
		return nil, err
	}
	out := make(map[string]time.Time, len(held))
	for _, h := range held {
		key := labelKey(h.Labels)
		if at, ok := out[key]; !ok || h.StartsAt.Before(at) {
			out[key] = h.StartsAt
		}
	}
	return out, nil
}

// agreeStart moves a firing entry's start to the one Alertmanager holds
// when that is earlier; it reports whether the entry changed. A later
// start held there is another sender's and moves to this one by
// Alertmanager's own merge.
func agreeStart(en *amEntry, held map[string]time.Time) bool {
	at, ok := held[labelKey(en.Alert.Labels)]
	if !ok || !en.firing() || !at.Before(en.Alert.StartsAt) {
		return false
	}
	if !en.Until.IsZero() {
		en.Until = en.Until.Add(at.Sub(en.Alert.StartsAt))
	}
	en.Alert.StartsAt = at.UTC()
	return true
}
