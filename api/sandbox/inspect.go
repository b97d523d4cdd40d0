package sandbox

import "github.com/stratop/stratop/api"

// Direct access for tests and embedders: reads and setups that do not go
// through HTTP, across all integrations, under the same lock as requests.

// Strategy returns a strategy in its single-read form (settings and latest
// transactions included), whatever its integration; false when unknown.
func (s *Sandbox) Strategy(id int64) (api.Strategy, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if id < 1 || id > int64(len(s.strategies)) {
		return api.Strategy{}, false
	}
	return s.strategyView(&s.strategies[id-1], true), true
}

// SetStrategyStatus puts a strategy in a state directly, bypassing the
// transition table, to set up a test. False when the strategy or the state
// is unknown.
func (s *Sandbox) SetStrategyStatus(id int64, st api.Status) bool {
	code, known := statusCode(st)
	s.mu.Lock()
	defer s.mu.Unlock()
	if !known || id < 1 || id > int64(len(s.strategies)) {
		return false
	}
	s.cause = causeSetup
	s.setStatus(&s.strategies[id-1], code)
	s.cause = ""
	return true
}

// Users returns the main integration's users with their e-mails, in id
// order: a snapshot for tests to pick users from.
func (s *Sandbox) Users() []api.User {
	s.mu.RLock()
	defer s.mu.RUnlock()
	in := &s.integrations[0]
	out := make([]api.User, 0, len(in.users))
	for _, i := range in.users {
		u := &s.users[i]
		out = append(out, api.User{ID: u.id, ExternalUserID: u.externalID, WalletAddress: u.wallet, Email: u.email})
	}
	return out
}
