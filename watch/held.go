package watch

// Held is what the engine last saw of one strategy.
type Held struct {
	ID       int64
	Status   string
	User     string
	Pool     string
	Chain    int
	Type     string
	Category string
}

// state returns the state Run works on, nil before Run.
func (e *Engine) state() *state {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.held
}

func (s *state) heldOf(id int64, r row) Held {
	return Held{ID: id, Status: s.str(r.status), User: s.str(r.user), Pool: s.str(r.pool), Chain: int(r.chain),
		Type: s.str(r.typ), Category: s.str(r.category)}
}

// Held is the last-known state of a strategy; false when the engine holds
// none (never seen, or vanished). Safe from any goroutine; never reads.
func (e *Engine) Held(id int64) (Held, bool) {
	s := e.state()
	if s == nil {
		return Held{}, false
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	r, ok := s.rows[id]
	if !ok {
		return Held{}, false
	}
	return s.heldOf(id, r), true
}

// HeldBy is the last-known state of a user's strategies.
func (e *Engine) HeldBy(user string) []Held {
	s := e.state()
	if s == nil {
		return nil
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	var out []Held
	for id, r := range s.rows {
		if int(r.user) < len(s.strs) && s.strs[r.user] == user {
			out = append(out, s.heldOf(id, r))
		}
	}
	return out
}
