package model

// The team's silences in Needs attention, read from Alertmanager itself
// when a rule routes there: a dashboard on a laptop has no serve beside it
// whose board would hold them. The read runs in a command, never on the UI
// goroutine, every silencePoll; a read that fails is said on a line of its
// own, over the silences serve last saw (its board), never hidden.

import (
	"context"
	"errors"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/alert"
	"github.com/stratop/stratop/ui"
)

// silencePoll is how often Alertmanager's silences are read: a snooze
// set by another operator shows within it.
const silencePoll = 30 * time.Second

// silenceTimeout bounds one read of every Alertmanager sink.
const silenceTimeout = 10 * time.Second

// SilenceReader reads the integration's silences in force
// (alert.SilenceSource).
type SilenceReader interface {
	Read(ctx context.Context) ([]alert.SilenceNote, error)
}

// WithSilences makes Needs attention read the silences from Alertmanager
// through src; err is why no source could be built (a sink's credential
// not set), said in Needs attention. Neither: the board serve keeps.
func WithSilences(src SilenceReader, err error) Option {
	return func(e *env) {
		e.silenceSrc, e.silenceErr = src, ""
		if err != nil {
			e.silenceErr = "Alertmanager not read: " + err.Error()
		}
	}
}

// amSilences is what the last read said.
type amSilences struct {
	notes   []alert.SilenceNote
	err     string // the last read failed (or no source could be built), in words
	read    bool   // a read answered, in full or in part
	version int    // changes with every answer, so Needs attention follows
}

// silencesOn reports whether Needs attention takes its silences from
// Alertmanager.
func (e *env) silencesOn() bool { return e.silenceSrc != nil || e.silenceErr != "" }

// silencesReadMsg is the answer of one read.
type silencesReadMsg struct {
	session uint64
	notes   []alert.SilenceNote
	err     error
}

// silencesPollMsg is the time for the next read.
type silencesPollMsg struct{ session uint64 }

// readSilences reads off the UI goroutine, under the profile's context.
func readSilences(e *env) tea.Cmd {
	src, parent, session := e.silenceSrc, e.ctx, e.session
	if src == nil {
		return nil
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(parent, silenceTimeout)
		defer cancel()
		notes, err := src.Read(ctx)
		return silencesReadMsg{session: session, notes: notes, err: err}
	}
}

// nextSilencePoll waits silencePoll on the env's timer.
func nextSilencePoll(e *env) tea.Cmd {
	ctx, after, session := e.ctx, e.after, e.session
	return func() tea.Msg {
		select {
		case <-ctx.Done():
			return nil
		case <-after(silencePoll):
			return silencesPollMsg{session: session}
		}
	}
}

// settleSilences takes an answer (and asks for the next poll) or a poll
// (and reads). Another profile's messages are dropped.
func (m Model) settleSilences(msg tea.Msg) (Model, tea.Cmd) {
	s := &m.sil
	switch msg := msg.(type) {
	case silencesPollMsg:
		if msg.session == m.env.session {
			return m, readSilences(m.env)
		}
	case silencesReadMsg:
		if msg.session != m.env.session {
			return m, nil
		}
		s.version++
		s.err = ""
		var partial *alert.SilencesError
		switch {
		case errors.As(msg.err, &partial):
			s.err = partial.Error()
			s.read = s.read || len(msg.notes) > 0
			if len(msg.notes) > 0 {
				s.notes = msg.notes
			}
		case msg.err != nil:
			s.err = msg.err.Error()
		default:
			s.notes, s.read = msg.notes, true
		}
		return m, nextSilencePoll(m.env)
	}
	return m, nil
}

// silenceLines are Needs attention's silence lines: Alertmanager's as last
// read, or serve's board (fallback) under a line saying why.
func (m Model) silenceLines(src attentionSource, dst []ui.AttentionLine) []ui.AttentionLine {
	s := m.sil
	if s.err == "" {
		s.err = m.env.silenceErr
	}
	if !m.env.silencesOn() {
		if src != nil {
			dst = src.silenceAttention(dst)
		}
		return dst
	}
	if s.err != "" {
		dst = append(dst, ui.AttentionLine{Kind: ui.AttentionSilence, Note: ui.SilencesUnread(s.err, s.read)})
	}
	if !s.read {
		if src != nil {
			dst = src.silenceAttention(dst)
		}
		return dst
	}
	now := m.env.now()
	for _, n := range s.notes {
		if n.EndsAt.After(now) {
			dst = append(dst, ui.AttentionLine{Kind: ui.AttentionSilence,
				Note: ui.SilenceNote(n.CreatedBy, n.Matchers, n.Comment, n.EndsAt.In(now.Location()))})
		}
	}
	return dst
}
