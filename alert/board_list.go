package alert

import (
	"slices"
	"time"
)

// Listed is an open alert as `stratop alerts` lists it: the alert, and
// until when its rule is snoozed when it is snoozed now.
type Listed struct {
	Open
	RuleSnoozedUntil *time.Time `json:"ruleSnoozedUntil,omitempty"`
}

// Newest lists the open alerts newest first, as every list of the command
// line is ordered; never nil, so that JSON shows an empty list as [].
func (b Board) Newest(now time.Time) []Listed {
	out := make([]Listed, 0, len(b.Open))
	for _, o := range b.Open {
		l := Listed{Open: o}
		if until, ok := b.Snoozed[o.Rule]; ok && now.Before(until) {
			l.RuleSnoozedUntil = &until
		}
		out = append(out, l)
	}
	slices.SortStableFunc(out, func(x, y Listed) int { return y.Time.Compare(x.Time) })
	return out
}
