package model

// Open alerts in Needs attention: every alert `stratop serve` keeps open
// (not acknowledged) is a line, however old, since it stays a problem until
// someone acknowledges it; enter on it shows its line on the Activity tab,
// where c acknowledges it.

import (
	"cmp"
	"slices"

	"github.com/stratop/stratop/ui"
)

// showAlertMsg asks the Activity tab to put its cursor on an alert's line.
type showAlertMsg struct{ id string }

// openAlerts counts the alerts shown open, so the root recomputes Needs
// attention when one is acknowledged (that changes no feed line count).
func (t activityTab) openAlerts() int {
	n := 0
	for _, l := range t.alertIDs {
		if !l.acked {
			n++
		}
	}
	return n
}

// silenceAttention appends a line per silence serve last saw in force on
// Alertmanager, with who set it: the team's snoozes and acknowledgements.
func (t activityTab) silenceAttention(dst []ui.AttentionLine) []ui.AttentionLine {
	d := t.alerts.data
	if d == nil {
		return dst
	}
	now := t.env.now()
	for _, s := range d.board.Silences {
		if !s.EndsAt.After(now) {
			continue
		}
		dst = append(dst, ui.AttentionLine{Kind: ui.AttentionSilence,
			Note: ui.SilenceNote(s.CreatedBy, s.Matchers, s.Comment, s.EndsAt.In(now.Location()))})
	}
	return dst
}

// silences counts the silences on the board, so Needs attention follows
// them.
func (t activityTab) silences() int {
	if t.alerts.data == nil {
		return 0
	}
	return len(t.alerts.data.board.Silences)
}

// alertAttention appends a line per open alert, newest first.
func (t activityTab) alertAttention(dst []ui.AttentionLine) []ui.AttentionLine {
	start := len(dst)
	loc := t.env.now().Location()
	for id, l := range t.alertIDs {
		if l.acked {
			continue
		}
		dst = append(dst, ui.AttentionLine{At: l.open.Time.In(loc), Kind: ui.KindAlert, Alert: id, Alerted: l.words})
	}
	added := dst[start:]
	slices.SortFunc(added, func(a, b ui.AttentionLine) int {
		if c := b.At.Compare(a.At); c != 0 {
			return c
		}
		return cmp.Compare(a.Alert, b.Alert)
	})
	return dst
}

// showAlert puts the cursor on alert id's line, clearing a filter that
// hides it; the line stays under the cursor as new lines arrive.
func (t activityTab) showAlert(id string) activityTab {
	var rowID int64
	for i := 0; i < t.feed.len(); i++ {
		if it := t.feed.at(i); it.entry.Kind == ui.KindAlert && it.entry.Alert == id {
			rowID = it.id
			break
		}
	}
	if rowID == 0 {
		return t
	}
	for pass := 0; pass < 2; pass++ {
		for pos := 0; pos < t.tbl.len(); pos++ {
			if t.tbl.id(t.tbl.rowAt(pos)) == rowID {
				t.tbl = t.tbl.moveTo(pos)
				t.away = pos != 0
				return t.pin()
			}
		}
		if t.input.Value() == "" {
			break
		}
		t.input = newLineInput(maxFilterRunes, nil)
		t = t.refilter()
	}
	return t
}
