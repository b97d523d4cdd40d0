package model

import (
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

func TestRefusalIsNotOverwrittenUnread(t *testing.T) {
	m, _, c := newTestModel(t, WithReadOnly(true))
	m, _ = press(m, "2")
	m, _ = m.Update(pageReply(m, strat(1, api.StatusActive)))
	m, _ = press(m, "h") // refused: read-only
	refusal := m.notes.first()
	if refusal == "" {
		t.Fatal("a refused key said nothing")
	}
	c.Add(time.Second)
	m, _ = press(m, "M") // the mouse toggles: a notice of its own
	status := lineWith(m.View(), "mouse")
	if !strings.Contains(status, refusal) || !strings.Contains(status, ui.NoticeMouseOn) {
		t.Fatalf("the refusal was overwritten before it could be read: %q", status)
	}
	c.Add(noticeHold)
	m, _ = press(m, "down")
	if v := m.View(); strings.Contains(v, refusal) || strings.Contains(v, ui.NoticeMouseOn) {
		t.Fatalf("notices read for %v stay after a key: %q", noticeHold, m.notes.text())
	}
	m, _ = press(m, "h")
	m, _ = press(m, "esc")
	if m.notes.text() != "" {
		t.Fatalf("esc did not dismiss %q", m.notes.text())
	}
}

func TestRefreshSaysSoUntilAnAnswerIsIn(t *testing.T) {
	m, _, _ := newTestModel(t)
	m, _ = press(m, "ctrl+r")
	if !strings.Contains(m.View(), ui.NoticeRefreshing) {
		t.Fatalf("ctrl+r said nothing: %q", m.notes.text())
	}
	// A local read is not an answer of the server.
	m, _ = m.Update(fetchedMsg{session: m.env.session, feed: feedAudit, gen: 1})
	if m.notes.first() != ui.NoticeRefreshing {
		t.Fatalf("a local read ended the refresh notice")
	}
	m, _ = m.Update(fetchedMsg{session: m.env.session, feed: feedStats, gen: m.stats.gen, data: &api.DashboardStats{},
		attempts: []attempt{{at: t0}}})
	if strings.Contains(m.View(), ui.NoticeRefreshing) {
		t.Fatalf("the refresh notice stayed after an answer")
	}
}
