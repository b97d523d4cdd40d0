package sandbox

import (
	"strconv"
	"time"

	"github.com/stratop/stratop/api"
)

// duplicateStrategy, removeStrategies and the two background jobs of spec
// 4.6.

// maxBulkIDs bounds removeStrategies (ours; the spec shows no limit).
const maxBulkIDs = 1000

// jobDelay is how long a background job waits before it applies, so that
// clients really see {"started":true} before the effect; well within the
// "finishes within a second" promise.
const jobDelay = 150 * time.Millisecond

// duplicateStrategy clones a strategy's settings into a new active strategy
// of the same user, pool and deposit, with the same balanceUsed and nothing
// executed. Choices: 200 (only the create routes and POST /users are 201 in
// section 7) with api.DuplicateResult {"newStrategyId":N,"strategy":{...}};
// archived strategies are refused (reads only), so is one whose balance was
// zeroed (nothing to allocate), and a sell duplicate must fit the deposit.
func (s *Sandbox) duplicateStrategy(c *call) reply {
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
	switch {
	case st.status == stArchived:
		return badRequest("cannot duplicate strategy " + itoa(st.id) + ": it is archived")
	case st.balance.isZero():
		return badRequest("cannot duplicate strategy " + itoa(st.id) + ": its balance was zeroed (balanceUsed is 0)")
	}
	if st.category == catSell {
		locked, _ := s.lockedIn(&s.users[st.user], &s.deposits[st.deposit])
		if avail := s.deposits[st.deposit].balance.sub(locked); st.balance.cmp(avail) > 0 {
			return badRequest("cannot duplicate strategy " + itoa(st.id) + ": its balanceUsed exceeds the available balance of the deposit")
		}
	}
	clone := strategy{
		id: int64(len(s.strategies) + 1), integ: st.integ, user: st.user, pool: st.pool, deposit: st.deposit,
		status: stActive, category: st.category, kind: st.kind, hasPct: st.hasPct, percentage: st.percentage,
		orders: st.orders, dcaFreq: st.dcaFreq, balance: st.balance, input: st.input, output: st.output,
		opts: st.opts, created: s.now().Unix(), nextStep: s.step + 1, // options are immutable: sharing is safe
	}
	clone.updated = clone.created
	stored := s.insertStrategy(c.in, clone)
	view := s.strategyView(stored, true)
	return ok(api.DuplicateResult{NewStrategyID: stored.id, Strategy: &view})
}

// removeStrategies archives the listed strategies of a user. Choices: 200
// with api.RemoveStrategiesResult; ids that are unknown or not the user's go
// to failed with a reason (one bad id does not refuse the others);
// duplicates count once; at most 1000 ids; an unknown user is a 404.
func (s *Sandbox) removeStrategies(c *call) reply {
	var req api.RemoveStrategiesRequest
	if rep, good := decodeRequest(c, &req); !good {
		return rep
	}
	var errs []string
	if req.UserID == "" {
		errs = append(errs, "userId is required")
	}
	switch {
	case len(req.IDs) == 0:
		errs = append(errs, "ids must list at least one strategy id")
	case len(req.IDs) > maxBulkIDs:
		errs = append(errs, "ids must list at most 1000 strategy ids")
	}
	for _, id := range req.IDs {
		if id < 1 {
			errs = append(errs, "ids must be positive integers")
			break
		}
	}
	if len(errs) > 0 {
		return badRequest(errs...)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	u, found := s.userOf(c.in, req.UserID)
	if !found {
		return userNotFound(req.UserID)
	}
	out := api.RemoveStrategiesResult{Removed: []int64{}, Failed: []api.RemoveFailure{}, SkippedArchived: []int64{}}
	seen := make(map[int64]bool, len(req.IDs))
	for _, id := range req.IDs {
		if seen[id] {
			continue
		}
		seen[id] = true
		st, found := s.strategyOf(c.integ, id)
		switch {
		case !found:
			out.Failed = append(out.Failed, api.RemoveFailure{ID: id, Reason: "not found"})
		case st.user != u.index():
			out.Failed = append(out.Failed, api.RemoveFailure{ID: id, Reason: "does not belong to the user"})
		case st.status == stArchived:
			out.SkippedArchived = append(out.SkippedArchived, id)
		default:
			s.apply(opArchive, st)
			out.Removed = append(out.Removed, id)
		}
	}
	out.Message = "removed " + strconv.Itoa(len(out.Removed)) + ", skipped " + strconv.Itoa(len(out.SkippedArchived)) +
		" already archived, failed " + strconv.Itoa(len(out.Failed))
	return ok(out)
}

// job is a background bulk operation on all of a user's strategies.
type job uint8

const (
	jobDisableAll job = iota // active -> paused
	jobRemoveAll             // non-archived -> archived, balances zeroed
)

// asyncJob handles disableAllStrategies and removeAllStrategies: it checks
// the user (404), answers {"started":true} with 200 at once and applies the
// job in the background after jobDelay. Close makes pending jobs apply at
// once and waits for them.
func asyncJob(j job) func(*Sandbox, *call) reply {
	return func(s *Sandbox, c *call) reply {
		var req api.UserRef
		if rep, good := decodeRequest(c, &req); !good {
			return rep
		}
		if req.UserID == "" {
			return badRequest("userId is required")
		}
		s.mu.RLock()
		u, found := s.userOf(c.in, req.UserID)
		s.mu.RUnlock()
		if !found {
			return userNotFound(req.UserID)
		}
		s.startJob(j, u.index())
		return ok(api.JobStarted{Started: true})
	}
}

// startJob runs a job in the background, bounded by the sandbox's life.
func (s *Sandbox) startJob(j job, userIdx int32) {
	s.jobsMu.Lock()
	defer s.jobsMu.Unlock()
	if s.closed {
		s.runJob(j, userIdx) // after Close nothing runs in the background
		return
	}
	s.jobs.Add(1)
	go func() {
		defer s.jobs.Done()
		t := time.NewTimer(jobDelay)
		defer t.Stop()
		select {
		case <-t.C:
		case <-s.ctx.Done():
		}
		s.runJob(j, userIdx)
	}()
}

// runJob applies a job to the user's strategies as they are now.
func (s *Sandbox) runJob(j job, userIdx int32) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, si := range s.users[userIdx].strategies {
		st := &s.strategies[si]
		switch {
		case j == jobDisableAll && st.status == stActive:
			s.apply(opHalt, st)
		case j == jobRemoveAll && st.status != stArchived:
			st.zeroBalances()
			s.setStatus(st, stArchived)
		}
	}
}
