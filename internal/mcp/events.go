package mcp

import (
	"context"
	"sync"

	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/watch"
)

// maxEvents bounds the events kept for watch_events: a model that stops
// asking costs memory no more than this.
const maxEvents = 2000

// events is the watcher behind watch_events: started at the first call
// (a model that never asks costs the interface nothing), keeping the last
// maxEvents events, each numbered, so a cursor is the number of the next.
type events struct {
	opts Options

	mu      sync.Mutex
	started bool
	cancel  context.CancelFunc
	done    chan struct{}
	eng     *watch.Engine
	buf     []watch.Event
	first   uint64 // the number of buf[0]
}

func newEvents(o Options) *events { return &events{opts: o} }

func (e *events) start() {
	ctx, cancel := context.WithCancel(context.Background())
	e.started, e.cancel, e.done = true, cancel, make(chan struct{})
	// The integration makes the events its own: they name it, their ids
	// derive from it, and the audit log's actions of another key on the
	// same host are not reported as this one's. One that does not parse
	// leaves the host to tell them apart, as belongsHere does.
	id, _ := integration.Parse(e.opts.Integration)
	eng := watch.New(e.opts.Client, watch.Options{
		Profile: e.opts.Profile, Host: e.opts.Client.Host(), Integration: id, Scope: watch.Integration(),
		Interval: e.opts.WatchInterval, AuditPath: e.opts.AuditPath, FromNow: true,
		Emit: e.add,
	})
	e.eng = eng
	go func() {
		defer close(e.done)
		_ = eng.Run(ctx)
	}()
}

func (e *events) add(ev watch.Event) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.buf = append(e.buf, ev)
	if over := len(e.buf) - maxEvents; over > 0 {
		e.buf = append(e.buf[:0:0], e.buf[over:]...)
		e.first += uint64(over)
	}
}

func (e *events) close() {
	e.mu.Lock()
	cancel, done := e.cancel, e.done
	e.mu.Unlock()
	if cancel != nil {
		cancel()
		<-done
	}
}

type eventsIn struct {
	Cursor string `json:"cursor,omitempty" jsonschema:"the cursor of the previous answer; none on the first call"`
	Max    int    `json:"max,omitempty" jsonschema:"at most this many events, 1 to 500 (100 when not given)"`
}

type eventsOut struct {
	Events []watch.Event `json:"events"`
	Cursor string        `json:"cursor"`
	More   bool          `json:"more,omitempty"` // more events wait: call again at once
	Note   string        `json:"note,omitempty"`
}

type eventsCursor struct {
	Seq uint64 `json:"s"`
}

func (s *Server) watchEvents(_ context.Context, in eventsIn) (any, error) {
	limit := in.Max
	switch {
	case limit == 0:
		limit = 100
	case limit < 1 || limit > 500:
		return nil, badArgs("max %d: give 1 to 500", limit)
	}
	var c eventsCursor
	if in.Cursor != "" {
		if err := decodeCursor(in.Cursor, &c); err != nil {
			return nil, err
		}
	}
	e := s.events
	e.mu.Lock()
	defer e.mu.Unlock()
	end := e.first + uint64(len(e.buf))
	out := eventsOut{Events: []watch.Event{}}
	switch {
	case !e.started:
		e.start()
		out.Note = "watching started now: call again with this cursor to get what changes from now on"
		c.Seq = end
	case in.Cursor == "" || c.Seq > end:
		out.Note = "no usable cursor: this answer starts from now; pass its cursor next time"
		c.Seq = end
	case c.Seq < e.first:
		out.Note = "some events were dropped since this cursor (at most " + itoa(maxEvents) + " are kept): list strategies to catch up"
		c.Seq = e.first
	}
	from := int(c.Seq - e.first)
	to := min(from+limit, len(e.buf))
	out.Events = append(out.Events, e.buf[from:to]...)
	out.More = to < len(e.buf)
	out.Cursor = encodeCursor(eventsCursor{Seq: e.first + uint64(to)})
	return out, nil
}
