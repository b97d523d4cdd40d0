package watch

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"slices"

	"github.com/stratop/stratop/audit"
)

// Actions come from the audit log (Options.AuditPath), which every
// stratop process on the machine appends to: each outcome line of this
// host is an action event, read from where the last cycle stopped (the
// offset is part of the cursor). The first start begins at the end of the
// log: what was done before is history, not news (a log that does not
// exist yet is read from its start when it appears). A log shorter than the
// offset has been rotated, and is read from its start.
func (e *Engine) actionsCycle(d *differ) {
	if e.opts.AuditPath == "" {
		return
	}
	s := e.st
	f, err := os.Open(e.opts.AuditPath)
	if errors.Is(err, fs.ErrNotExist) && !s.auditSet {
		s.auditOffset, s.auditSet, s.dirty = 0, true, true // a log begun later is all news
		return
	}
	if err != nil {
		return
	}
	defer func() { _ = f.Close() }()
	fi, err := f.Stat()
	if err != nil {
		return
	}
	if !s.auditSet {
		s.auditOffset, s.auditSet, s.dirty = fi.Size(), true, true
		return
	}
	if fi.Size() < s.auditOffset {
		s.auditOffset = 0
	}
	if fi.Size() == s.auditOffset {
		return
	}
	if _, err := f.Seek(s.auditOffset, io.SeekStart); err != nil {
		return
	}
	r := bufio.NewReader(f)
	for {
		line, err := r.ReadBytes('\n')
		if err != nil {
			return // a line still being written is read whole next time
		}
		s.auditOffset += int64(len(line))
		s.dirty = true
		var en audit.Entry
		if json.Unmarshal(line, &en) != nil || en.Outcome == audit.OutcomeNone || !e.ours(en) {
			continue
		}
		ids := en.StrategyIDs
		if len(ids) == 0 {
			ids = []int64{0}
		}
		for _, id := range ids {
			if e.inScope(id, en.User) {
				d.events = append(d.events, e.actionEvent(d, en, id))
			}
		}
	}
}

// inScope reports whether an action on a strategy or user concerns the
// scope.
func (e *Engine) inScope(id int64, user string) bool {
	sc := e.opts.Scope
	if sc.Kind == ScopeIntegration {
		return true
	}
	if _, held := e.st.rows[id]; held && id != 0 {
		return true
	}
	return slices.Contains(sc.Strategies, id) || (user != "" && slices.Contains(sc.Users, user))
}

func (e *Engine) actionEvent(d *differ, en audit.Entry, id int64) Event {
	ev := Event{ID: eventID(e.opts, KindAction, en.Seq, i64(id)), Time: d.now, Kind: KindAction,
		Profile: en.Profile, Host: en.Host, Strategy: id, User: en.User, Before: string(en.StateBefore)}
	if r, ok := e.st.rows[id]; ok {
		held := d.event(KindAction, id, r)
		ev.Pool, ev.Chain, ev.Type, ev.Category = held.Pool, held.Chain, held.Type, held.Category
		if ev.User == "" {
			ev.User = held.User
		}
	}
	if en.Outcome == audit.OutcomeDone {
		ev.After = string(en.Expected)
	}
	ev.Detail = en.Action + ": " + string(en.Outcome)
	if en.Error != "" {
		ev.Detail += ": " + en.Error
	}
	return ev
}

// ours reports whether an action of the audit log was taken on the
// integration watched (by host alone when the engine was given none).
func (e *Engine) ours(en audit.Entry) bool {
	if e.opts.Integration.IsZero() {
		return en.Host == e.opts.Host
	}
	return en.BelongsTo(e.opts.Integration)
}
