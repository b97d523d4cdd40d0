package mcp

import (
	"context"
	"slices"
	"time"

	"github.com/stratop/stratop/alert"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/history"
	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/internal/cli"
)

// The reads of what stratop keeps on this machine: no request is sent.

type windowArg struct {
	Window string `json:"window,omitempty" jsonschema:"how far back: 1h, 24h (the default) or up to 7d"`
}

type activityIn struct {
	Since    string `json:"since,omitempty" jsonschema:"how far back: 1h, 24h (the default) or up to 7d"`
	PageSize int    `json:"page_size,omitempty" jsonschema:"actions per page, 1 to 100 (20 when not given)"`
	Cursor   string `json:"cursor,omitempty" jsonschema:"next_cursor of the previous answer (the other arguments are then ignored)"`
}

type activityQuery struct {
	In     activityIn `json:"q"`
	Offset int        `json:"o"`
}

type activityOut struct {
	Actions    []audit.Record `json:"actions"`
	Total      int            `json:"total"`
	NextCursor string         `json:"next_cursor,omitempty"`
}

func (s *Server) addLocalReads() {
	addRead(s, "stats_history", "Counts over time",
		"The integration's strategy counts per status, users, read latency and failed reads over a window, "+
			"as kept on this machine by the dashboard and the watcher.",
		func(_ context.Context, in windowArg) (any, error) {
			w, err := window(in.Window)
			if err != nil {
				return nil, err
			}
			if s.opts.HistoryPath == "" {
				return nil, &ToolError{What: "no history is kept for this integration"}
			}
			h, err := history.Load(s.opts.HistoryPath)
			if err != nil {
				return nil, &ToolError{What: "the history cannot be read: " + err.Error()}
			}
			return cli.HistoryDoc(h, s.opts.Profile, w, s.opts.Now()), nil
		})
	addRead(s, "activity", "Actions taken",
		"The actions taken on this integration from this machine (dashboard, command line, approved agent requests), "+
			"newest first, with their outcome, reason and who asked.",
		s.activity)
	addRead(s, "alerts_open", "Open alerts", "The alerts stratop serve raised and nobody acknowledged, and snoozed rules.",
		func(_ context.Context, _ noArgs) (any, error) {
			if s.opts.Alerts == nil {
				return alert.Board{Open: []alert.Open{}}, nil
			}
			b, err := s.opts.Alerts.Board()
			if err != nil {
				return nil, &ToolError{What: "the alerts cannot be read: " + err.Error()}
			}
			b.Open = orEmpty(b.Open)
			return b, nil
		})
	addRead(s, "watch_events", "Changes since a cursor",
		"What changed on the integration (status changes, new and vanished strategies, count changes, actions, "+
			"connection) since cursor. The first call starts watching and returns a cursor; pass the cursor of each "+
			"answer to the next call to get only what is new.",
		s.watchEvents)
	if s.ActionsOffered() {
		addRead(s, "approval_requests", "Requests waiting for a person",
			"The action requests of this integration and where each stands: pending, approved (with its outcome), "+
				"rejected or expired.",
			func(_ context.Context, _ noArgs) (any, error) {
				all, err := s.opts.Store.List()
				if err != nil {
					return nil, &ToolError{What: "the requests cannot be read: " + err.Error()}
				}
				now := s.opts.Now()
				for i := range all {
					all[i].State = all[i].StateAt(now)
				}
				slices.Reverse(all)
				all = orEmpty(all)
				return map[string]any{"requests": all}, nil
			})
	}
}

func (s *Server) activity(_ context.Context, in activityIn) (any, error) {
	q := activityQuery{In: in}
	if in.Cursor != "" {
		if err := decodeCursor(in.Cursor, &q); err != nil {
			return nil, err
		}
	}
	q.In.Cursor = ""
	size, err := pageSize(q.In.PageSize)
	if err != nil {
		return nil, err
	}
	w, err := window(q.In.Since)
	if err != nil {
		return nil, err
	}
	var recs []audit.Record
	if s.opts.AuditPath != "" {
		recs, err = audit.Read(s.opts.AuditPath, s.opts.Now().Add(-w))
		if err != nil {
			return nil, &ToolError{What: "the audit log cannot be read: " + err.Error()}
		}
	}
	belongs := s.belongsHere()
	recs = slices.DeleteFunc(recs, func(r audit.Record) bool { return !belongs(r.Entry) })
	slices.Reverse(recs)
	return pageOf(recs, q.Offset, size, func(next int) string {
		return encodeCursor(activityQuery{In: q.In, Offset: next})
	}, func(items []audit.Record, total int, cursor string) any {
		return activityOut{Actions: items, Total: total, NextCursor: cursor}
	}), nil
}

// belongsHere returns whether an audit entry is this integration's: by its
// recorded integration, or for an entry older than that record, its host.
// The integration is parsed once, not per entry.
func (s *Server) belongsHere() func(audit.Entry) bool {
	id, err := integration.Parse(s.opts.Integration)
	if err != nil {
		host := s.opts.Client.Host()
		return func(e audit.Entry) bool { return e.Host == host }
	}
	return func(e audit.Entry) bool { return e.BelongsTo(id) }
}

// window reads a window argument; "" is 24 hours.
func window(s string) (time.Duration, error) {
	if s == "" {
		return 24 * time.Hour, nil
	}
	d, err := cli.ParseWindow(s)
	if err != nil {
		return 0, badArgs("window %q: give a duration up to 7d, e.g. 1h, 24h, 7d", s)
	}
	return d, nil
}
