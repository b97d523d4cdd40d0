package sandbox

import (
	"encoding/json"
	"io"
	"math/rand/v2"
	"time"
)

// Churn and the change log, so that anyone can measure a watcher: the
// sandbox makes random lifecycle changes through its own transition table
// (WithChurn) and writes every status change it makes or is asked to make
// as a JSON line (WithChangeLog), the ground truth a watcher's events are
// compared with.

// WithChurn makes Start apply n random lifecycle operations a minute to
// the main integration's strategies, with the simulation on or off.
func WithChurn(n int) Option { return func(c *config) { c.churn = max(n, 0) } }

// WithChangeLog appends every status change to w as a JSON line (Change),
// including strategies created (Before empty). Writes happen under the
// sandbox's lock, in the order the changes are made.
func WithChangeLog(w io.Writer) Option { return func(c *config) { c.changes = w } }

// Change is one line of the change log.
type Change struct {
	Time     time.Time `json:"time"`
	Strategy int64     `json:"strategyId"`
	User     string    `json:"userId"`
	Before   string    `json:"before,omitempty"`
	After    string    `json:"after"`
	Cause    string    `json:"cause"` // request | churn | simulation | setup
}

// Causes of a change.
const (
	causeRequest    = "request"
	causeChurn      = "churn"
	causeSimulation = "simulation"
	causeSetup      = "setup"
)

// logChange writes one change. The caller holds the write lock.
func (s *Sandbox) logChange(st *strategy, before string, after uint8) {
	if s.cfg.changes == nil || st.integ != 0 {
		return
	}
	cause := s.cause
	if cause == "" {
		cause = causeRequest
	}
	b, err := json.Marshal(Change{Time: s.now().UTC(), Strategy: st.id, User: s.users[st.user].externalID,
		Before: before, After: string(statusNames[after]), Cause: cause})
	if err == nil {
		_, _ = s.cfg.changes.Write(append(b, '\n'))
	}
}

// churnOps are the operations churn draws from.
var churnOps = []op{opHalt, opArchive, opDisable, opSuspend, opResume, opStop}

// Churn applies one random lifecycle operation that the transition table
// allows to a random strategy of the main integration, and reports whether
// it found one to apply (a strategy that is completed or archived takes
// few). Start calls it WithChurn times a minute; tests call it directly.
func (s *Sandbox) Churn() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	in := &s.integrations[0]
	if len(in.order) == 0 {
		return false
	}
	if s.churnRng == nil {
		s.churnRng = rand.New(rand.NewPCG(uint64(s.cfg.seed), 0xc4a2))
	}
	s.cause = causeChurn
	defer func() { s.cause = "" }()
	for range 20 {
		st := &s.strategies[in.order[s.churnRng.IntN(len(in.order))]]
		o := churnOps[s.churnRng.IntN(len(churnOps))]
		if _, ok := s.apply(o, st); ok {
			return true
		}
	}
	return false
}

// runChurn calls Churn every minute/n until ctx or the sandbox ends.
func (s *Sandbox) runChurn(done <-chan struct{}) {
	t := time.NewTicker(time.Minute / time.Duration(s.cfg.churn))
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-s.ctx.Done():
			return
		case <-t.C:
			s.Churn()
		}
	}
}
