package watch

import (
	"context"
	"slices"
)

// membersCycle reads the strategies and users of a users, strategies or
// watched scope in full each interval, as far as the budget goes: what is
// left waits for the next interval, which goes on from there, so that every
// member is read in turn. A strategy held for a user and no longer listed
// is read by id. A member read for the first time (in the first lap, or
// one the scope gained since) is its starting point, not a change.
func (e *Engine) membersCycle(ctx context.Context, d *differ) error {
	e.follow()
	s, sc, ring := e.st, e.opts.Scope, &e.members
	d.silent = !s.baselined
	n := len(sc.Strategies) + len(sc.Users)
	for range n {
		if !e.affords(1, 1) {
			break
		}
		i := ring.next % n
		if i < len(sc.Strategies) {
			if err := e.readMember(ctx, d, sc.Strategies[i]); err != nil {
				return err
			}
		} else {
			done, err := e.readUser(ctx, d, sc.Users[i-len(sc.Strategies)])
			if err != nil || !done {
				return err
			}
		}
		ring.next, ring.read = (i+1)%n, ring.read+1
	}
	if err := e.confirmCycle(ctx, d); err != nil {
		return err
	}
	if ring.read >= n && !s.baselined {
		s.baselined, s.hasMaxID, s.dirty = true, true, true
	}
	return nil
}

// memberRing is where the members' reads go on from.
type memberRing struct {
	fitted *state // the state whose rows fit the scope's members
	next   int    // the member to read first in the next interval
	read   int    // members read since the scope was fitted
}

// readMember reads one strategy of the scope by id.
func (e *Engine) readMember(ctx context.Context, d *differ, id int64) error {
	st, gone, err := e.byID(ctx, forMembers, id)
	if err != nil {
		return err
	}
	silent := d.silent
	defer func() { d.silent = silent }()
	if _, known := e.st.rows[id]; !known {
		d.silent = true
	}
	if gone {
		d.gone(id, "")
		return nil
	}
	d.seen(st)
	return nil
}

// follow takes the scope's members from Options.Follow when they changed,
// and fits what is held to them: once per state, and after each change.
func (e *Engine) follow() {
	if e.opts.Follow != nil {
		if sc, ok := e.opts.Follow(); ok && sc.Kind == e.opts.Scope.Kind {
			e.opts.Scope, e.members.fitted = sc, nil
		}
	}
	if e.members.fitted != e.st {
		e.fitMembers()
		e.members = memberRing{fitted: e.st}
	}
}

// fitMembers forgets, without an event, the strategies the scope no longer
// covers (neither watched by id nor of a watched user) and the users it no
// longer has: they are not watched any more, not gone.
func (e *Engine) fitMembers() {
	s, sc := e.st, e.opts.Scope
	ids := make(map[int64]bool, len(sc.Strategies))
	for _, id := range sc.Strategies {
		ids[id] = true
	}
	users := map[uint32]bool{}
	for _, u := range sc.Users {
		if i, ok := s.strIdx[u]; ok {
			users[i] = true
		}
	}
	covered := func(id int64) bool {
		r, ok := s.rows[id]
		return ids[id] || (ok && users[r.user])
	}
	e.confirm = slices.DeleteFunc(e.confirm, func(id int64) bool {
		if covered(id) {
			return false
		}
		delete(e.pending, id)
		return true
	})
	for id := range s.rows {
		if !covered(id) {
			s.drop(id)
		}
	}
	for u := range s.userDone {
		if !slices.Contains(sc.Users, u) {
			delete(s.userDone, u)
			s.dirty = true
		}
	}
}

// readUser reads one user's strategies whole; false when the budget did
// not allow it this interval.
func (e *Engine) readUser(ctx context.Context, d *differ, user string) (bool, error) {
	s := e.st
	silent := d.silent
	d.silent = silent || !s.userDone[user]
	defer func() { d.silent = silent }()
	var ids []int64
	for page := 1; ; page++ {
		if !e.affords(1, pageSize) {
			return false, nil
		}
		p, err := e.userList(ctx, user, page)
		if err != nil {
			return false, err
		}
		for i := range p.Strategies {
			ids = append(ids, p.Strategies[i].ID)
			d.seen(&p.Strategies[i])
		}
		if len(p.Strategies) < pageSize || page >= p.NumberOfPages {
			break
		}
	}
	slices.Sort(ids)
	u := s.intern(user)
	for id, r := range s.rows {
		if r.user == u {
			if _, ok := slices.BinarySearch(ids, id); !ok {
				e.queueConfirm(id)
			}
		}
	}
	if !s.userDone[user] {
		s.userDone[user], s.dirty = true, true
	}
	return true, nil
}
