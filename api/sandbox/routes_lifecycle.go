package sandbox

import (
	"strconv"

	"github.com/stratop/stratop/api"
)

// Single-strategy lifecycle routes of spec section 4.6. The spec shows no
// response bodies for them; each answers 200 with the updated strategy
// record in the single-read form (with settings and latest transactions).

// pathAction handles POST /strategies/{strategyId}/halt and /archive: the
// strategy is found within the integration (404 otherwise); the routes take
// no body, and any body sent is ignored.
func pathAction(o op) func(*Sandbox, *call) reply {
	return func(s *Sandbox, c *call) reply {
		id, rep, good := pathInt64(c, "strategyId")
		if !good {
			return rep
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		st, found := s.strategyOf(c.integ, id)
		if !found {
			return strategyNotFound(id)
		}
		if rep, applied := s.apply(o, st); !applied {
			return rep
		}
		return ok(s.strategyView(st, true))
	}
}

// bodyAction handles the body routes naming userId and strategyId
// (removeStrategy, disable, suspend, resume, stop).
func bodyAction(o op) func(*Sandbox, *call) reply {
	return func(s *Sandbox, c *call) reply {
		var req api.StrategyRef
		if rep, good := decodeRequest(c, &req); !good {
			return rep
		}
		if errs := refErrors(req); len(errs) > 0 {
			return badRequest(errs...)
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		st, rep, good := s.owned(c, req.UserID, req.StrategyID)
		if !good {
			return rep
		}
		if rep, applied := s.apply(o, st); !applied {
			return rep
		}
		return ok(s.strategyView(st, true))
	}
}

// refErrors checks a StrategyRef body.
func refErrors(req api.StrategyRef) []string {
	var errs []string
	if req.UserID == "" {
		errs = append(errs, "userId is required")
	}
	if req.StrategyID < 1 {
		errs = append(errs, "strategyId must be a positive integer")
	}
	return errs
}

// owned resolves a body route's user and strategy: 404 for an unknown user
// or a strategy outside the integration, 403 when the strategy belongs to
// another user of the integration (the ownership restriction of spec 5.5).
// The caller holds the lock.
func (s *Sandbox) owned(c *call, userID string, strategyID int64) (*strategy, reply, bool) {
	u, found := s.userOf(c.in, userID)
	if !found {
		return nil, userNotFound(userID), false
	}
	st, found := s.strategyOf(c.integ, strategyID)
	if !found {
		return nil, strategyNotFound(strategyID), false
	}
	if s.users[st.user].id != u.id {
		return nil, notOwner(strategyID, userID), false
	}
	return st, reply{}, true
}

// itoa formats an int64 for messages.
func itoa(v int64) string { return strconv.FormatInt(v, 10) }
