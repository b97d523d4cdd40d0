package watch

import (
	"context"
	"slices"
)

// membersCycle reads the strategies and users of a users, strategies or
// watched scope in full each interval (as far as the budget goes; what is
// left waits for the next interval, in turn). A strategy held for a user
// and no longer listed is read by id.
func (e *Engine) membersCycle(ctx context.Context, d *differ) error {
	s := e.st
	sc := e.opts.Scope
	d.silent = !s.baselined
	complete := true
	for _, id := range sc.Strategies {
		if !e.reqs.has(1) {
			complete = false
			break
		}
		st, gone, err := e.byID(ctx, id)
		if err != nil {
			return err
		}
		if gone {
			d.gone(id, "")
			continue
		}
		d.seen(st)
	}
	for _, u := range sc.Users {
		done, err := e.readUser(ctx, d, u)
		if err != nil {
			return err
		}
		complete = complete && done
	}
	if err := e.confirmCycle(ctx, d); err != nil {
		return err
	}
	if complete && !s.baselined {
		s.baselined, s.hasMaxID, s.dirty = true, true, true
	}
	return nil
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
		if !e.reqs.has(1) {
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
