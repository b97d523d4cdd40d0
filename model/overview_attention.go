package model

// Needs attention: what the Activity feed saw in the last hour that an
// operator acts on (strategies that moved into paused, suspended or
// completed; actions that failed or whose outcome is unknown), the open
// alerts, the actions agents asked for that wait for a person, the
// user-wide jobs running and a failing connection. The root hands the
// Overview the lines whenever the feed, the jobs or the minute changed.

import (
	"slices"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/ui"
)

// attentionWindow is how far back a change still needs attention.
const attentionWindow = time.Hour

// maxAttentionScan bounds the feed lines looked at per refresh.
const maxAttentionScan = 2000

// attentionMsg carries the lines to the Overview.
type attentionMsg struct{ lines []ui.AttentionLine }

// attentionKey is what the lines depend on, so the root recomputes them
// only when it changed.
type attentionKey struct {
	feed      int64
	alerts    int
	silences  int
	amSilence int // Alertmanager's silences read (overview_silences.go)
	approvals int
	jobs      int
	jobsAt    uint64
	minute    int64
}

// attentionSource is the tab whose feed holds the changes (the Activity).
type attentionSource interface {
	feedVersion() int64
	openAlerts() int
	attention(since time.Time, dst []ui.AttentionLine) []ui.AttentionLine
	alertAttention(dst []ui.AttentionLine) []ui.AttentionLine
	silences() int
	silenceAttention(dst []ui.AttentionLine) []ui.AttentionLine
	approvalsVersion() int
	approvalAttention(now time.Time, dst []ui.AttentionLine) []ui.AttentionLine
}

// haltStates are the states a strategy moves into that need attention.
var haltStates = map[string]bool{string(api.StatusPaused): true, string(api.StatusSuspended): true, string(api.StatusCompleted): true}

// troubled are the action outcomes that need attention.
var troubled = map[string]bool{string(audit.OutcomeFailed): true, string(audit.OutcomeUnknown): true}

func (t activityTab) feedVersion() int64 { return t.feed.version }

// attention appends the feed's lines since then, newest first.
func (t activityTab) attention(since time.Time, dst []ui.AttentionLine) []ui.AttentionLine {
	for i := 0; i < t.feed.len() && i < maxAttentionScan; i++ {
		e := t.feed.at(i).entry
		if e.At.Before(since) {
			break
		}
		switch {
		case (e.Kind == ui.KindStatus || e.Kind == ui.KindCompleted) && haltStates[e.New]:
		case e.Kind == ui.KindAction && troubled[e.Outcome] && e.Elsewhere == "":
			// Another integration's failure is not this one's to attend to.
		default:
			continue
		}
		dst = append(dst, ui.AttentionLine{At: e.At, Kind: e.Kind, Strategy: e.Strategy, User: e.User,
			Symbol: e.Symbol, Old: e.Old, New: e.New, Note: e.Note})
	}
	return dst
}

// refreshAttention hands the Overview its lines when what they depend on
// changed. It costs a few comparisons otherwise.
func (m Model) refreshAttention() Model {
	oi, ok := m.owners[feedCounts]
	if !ok {
		return m
	}
	var src attentionSource
	for _, t := range m.tabs {
		if s, ok := t.(attentionSource); ok {
			src = s
		}
	}
	now := m.env.now()
	key := attentionKey{jobs: len(m.acts.jobs.byUser), minute: now.Unix() / 60, amSilence: m.sil.version}
	for _, j := range m.acts.jobs.byUser {
		key.jobsAt += j.gen + uint64(j.left)
	}
	if src != nil {
		key.feed, key.alerts, key.approvals = src.feedVersion(), src.openAlerts(), src.approvalsVersion()
		key.silences = src.silences()
	}
	if key == m.attn {
		return m
	}
	m.attn = key
	var lines []ui.AttentionLine
	if src != nil {
		lines = src.approvalAttention(now, lines)
		lines = src.alertAttention(lines)
		lines = m.silenceLines(src, lines)
		lines = src.attention(now.Add(-attentionWindow), lines)
	}
	lines = append(lines, m.acts.jobs.attention()...)
	m.tabs[oi], _ = m.tabs[oi].Update(attentionMsg{lines: lines})
	return m
}

// attention lists the jobs running, by user.
func (js jobs) attention() []ui.AttentionLine {
	users := make([]string, 0, len(js.byUser))
	for u := range js.byUser {
		users = append(users, u)
	}
	slices.Sort(users)
	out := make([]ui.AttentionLine, 0, len(users))
	for _, u := range users {
		j := js.byUser[u]
		out = append(out, ui.AttentionLine{At: j.started, Kind: ui.AttentionJob, User: u,
			Note: ui.JobRunning(j.subject(), j.progress(), j.sending, j.unknown, j.lastErr)})
	}
	return out
}
