package model

// The alerts `stratop serve` keeps open in the profile's state directory,
// shown on the Activity tab as lines of kind "alert": read at the tab's
// poll (only when alerts.json changed), acknowledged through the alert
// package's own Store.Ack so the dashboard and `stratop alerts ack` never
// differ, and the snoozed rules said in the status line.

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/alert"
	"github.com/stratop/stratop/ui"
)

// alertsFile is the board's file in the state directory (alert/store.go).
const alertsFile = "alerts.json"

// alertsData is the board as last read, and the file's state then.
type alertsData struct {
	board alert.Board
	stamp fileStamp
	err   string // the board could not be read (in words), "" when fine
	// requests are the agents' requests waiting for a person, read with
	// the board (approvals.go).
	requests approvalsData
}

// fileStamp is what tells a file changed without reading it.
type fileStamp struct {
	size int64
	mod  time.Time
}

// fetchAlerts reads the board when alerts.json changed since prev. It is a
// local read: it sends nothing, so it never counts as connection health,
// and a board that cannot be read is said in words, not a failed poll.
func fetchAlerts(e *env, dir, approvalDir string, prev *alertsData, gen uint64) tea.Cmd {
	return fetchCmd(e, feedAlerts, gen, func(context.Context) (*alertsData, error) {
		var st fileStamp
		if fi, err := os.Stat(filepath.Join(dir, alertsFile)); dir != "" && err == nil {
			st = fileStamp{size: fi.Size(), mod: fi.ModTime()}
		}
		var was approvalsData
		if prev != nil {
			was = prev.requests
		}
		reqs := readApprovals(approvalDir, was)
		if prev != nil && prev.stamp == st && prev.err == "" && reqs.stamp == was.stamp && reqs.err == was.err {
			return prev, nil
		}
		if dir == "" {
			return &alertsData{requests: reqs}, nil
		}
		b, err := (&alert.Store{Dir: dir}).Board()
		if err != nil {
			return &alertsData{stamp: st, err: err.Error(), requests: reqs}, nil
		}
		return &alertsData{board: b, stamp: st, requests: reqs}, nil
	})
}

// alertAckedMsg is the answer of an acknowledgement.
type alertAckedMsg struct {
	id  string
	err error
}

// ackAlertCmd acknowledges one open alert in the state directory.
func ackAlertCmd(dir, id string) tea.Cmd {
	return func() tea.Msg {
		return alertAckedMsg{id: id, err: (&alert.Store{Dir: dir}).Ack(id)}
	}
}

func (t activityTab) fetchAlerts(gen uint64) tea.Cmd {
	return fetchAlerts(t.env, t.env.alertDir, t.env.approvalDir, t.alerts.data, gen)
}

// applyAlerts adds a line for each alert not shown yet and marks the
// lines of alerts no longer open (acknowledged here or elsewhere).
func (t activityTab) applyAlerts(d *alertsData) activityTab {
	t = t.applyApprovals(d.requests)
	if d.err != "" {
		t.notice = ui.AlertsUnreadable(d.err)
		return t.render()
	}
	if t.notice != "" && t.notice != t.env.watchErr {
		t.notice = ""
	}
	open := make(map[string]bool, len(d.board.Open))
	loc := t.env.now().Location()
	added, changed := 0, 0
	for _, o := range d.board.Open {
		id := clean(o.ID)
		open[id] = true
		w := alertWords(o, d.board, loc)
		if l, ok := t.alertIDs[id]; ok {
			// Who snoozed the rule may be learnt later (serve reads
			// Alertmanager's silences each minute): the line follows.
			if !l.acked && l.words != w {
				l.words = w
				t.alertIDs[id] = l
				t = t.redrawAlert(id)
				changed++
			}
			continue
		}
		l := alertLine{open: o, words: w}
		t.alertIDs[id] = l
		t.feed.add(alertEntry(l, id, loc))
		added++
	}
	gone := 0
	for id, l := range t.alertIDs {
		if !l.acked && !open[id] {
			t = t.markAcked(id)
			gone++
		}
	}
	if added == 0 && gone == 0 && changed == 0 {
		return t.render()
	}
	return t.entriesAdded(added, false).render()
}

// alertLine is what the feed shows of one alert.
type alertLine struct {
	open  alert.Open
	words ui.AlertWords
	acked bool
}

// alertWords is what an alert's lines say: its rule and severity once,
// and, raised while its rule was snoozed, that it was not sent, until
// when and by whom as far as the board knows.
func alertWords(o alert.Open, b alert.Board, loc *time.Location) ui.AlertWords {
	w := ui.AlertWords{Rule: clean(o.Rule), Severity: clean(o.Severity), What: clean(o.What()), Snoozed: o.Snoozed}
	if o.Snoozed {
		until, by := b.Snooze(o)
		w.By = clean(by)
		if !until.IsZero() {
			w.Until = until.In(loc)
		}
	}
	return w
}

func alertEntry(l alertLine, id string, loc *time.Location) ui.ActivityEntry {
	w := l.words
	w.Acked = l.acked
	return ui.ActivityEntry{At: l.open.Time.In(loc), Kind: ui.KindAlert, Alert: id, Note: ui.AlertNote(w)}
}

// markAcked marks the line of alert id acknowledged.
func (t activityTab) markAcked(id string) activityTab {
	l, ok := t.alertIDs[id]
	if !ok || l.acked {
		return t
	}
	l.acked = true
	t.alertIDs[id] = l
	return t.redrawAlert(id)
}

// redrawAlert replaces alert id's line with what it says now.
func (t activityTab) redrawAlert(id string) activityTab {
	l := t.alertIDs[id]
	for i := 0; i < t.feed.len(); i++ {
		if e := t.feed.at(i).entry; e.Kind == ui.KindAlert && e.Alert == id {
			t.feed.replace(i, alertEntry(l, id, t.env.now().Location()))
			break
		}
	}
	return t
}

// ackSelected acknowledges the alert under the cursor. It is allowed in
// read-only mode: an acknowledgement changes no strategy, only serve's
// own record of what the operator has seen.
func (t activityTab) ackSelected() (activityTab, tea.Cmd) {
	id, ok := t.selectedAlert()
	if !ok {
		return t, nil
	}
	return t, ackAlertCmd(t.env.alertDir, id)
}

// selectedAlert is the id of the open alert under the cursor.
func (t activityTab) selectedAlert() (string, bool) {
	e, ok := t.selectedEntry()
	if !ok || e.Kind != ui.KindAlert || e.Alert == "" || t.alertIDs[e.Alert].acked {
		return "", false
	}
	return e.Alert, true
}

func (t activityTab) acked(msg alertAckedMsg) activityTab {
	if msg.err != nil && !errors.Is(msg.err, alert.ErrNoAlert) {
		t.notice = ui.AlertAckFailed(msg.id, msg.err.Error())
		return t.render()
	}
	t = t.markAcked(msg.id)
	return t.entriesAdded(0, false).render()
}

// snoozed lists the rules snoozed now, for the status line.
func (t activityTab) snoozed() []ui.Snooze {
	d := t.alerts.data
	if d == nil {
		return nil
	}
	now := t.env.now()
	var out []ui.Snooze
	for _, r := range d.board.SnoozedRules(now) {
		out = append(out, ui.Snooze{Rule: clean(r), Until: d.board.Snoozed[r].In(now.Location())})
	}
	return out
}

// WithAlertDir reads the open alerts and snoozes `stratop serve` keeps in
// dir (WithState sets it to the integration directory's) into the Activity
// feed.
func WithAlertDir(dir string) Option { return func(e *env) { e.alertDir = dir } }
