package watch

import (
	"context"
	"slices"
	"strconv"

	"github.com/stratop/stratop/api"
)

func itoa(v int) string { return strconv.Itoa(v) }

// usersCycle reads the users count (one small request) and, when it grew,
// the users list, which is large: the users it holds with the highest ids
// are the new ones (users are numbered in creation order and are not
// removed by the interface).
func (e *Engine) usersCycle(ctx context.Context, d *differ) error {
	var stats *api.DashboardStats
	err := e.read(ctx, forUsers, 1, func() int { return 0 }, func(ctx context.Context) (err error) {
		stats, err = e.client.GetDashboardStats(ctx)
		return err
	})
	if err != nil {
		return err
	}
	s := e.st
	n := int(stats.UsersCount)
	if !s.hasUsers || n <= s.users {
		if s.users != n || !s.hasUsers {
			s.users, s.hasUsers, s.dirty = n, true, true
		}
		return nil
	}
	grew := n - s.users
	type entry struct {
		id  int64
		ext string
	}
	var all []entry
	// A user is about a third of a strategy's row.
	err = e.read(ctx, forUsers, max(n/3, 1), func() int { return len(all) / 3 }, func(ctx context.Context) error {
		return e.client.StreamUsers(ctx, func() { all = all[:0] }, func(u api.User) {
			if s.maxUserID == 0 || u.ID > s.maxUserID {
				all = append(all, entry{u.ID, u.ExternalUserID})
			}
		})
	})
	if err != nil {
		return err
	}
	slices.SortFunc(all, func(a, b entry) int { return int(a.id - b.id) })
	if s.maxUserID == 0 && len(all) > grew {
		all = all[len(all)-grew:] // the newest are the ones that came
	}
	for _, u := range all {
		d.events = append(d.events, Event{ID: eventID(e.opts, KindUsersAdd, u.ext, i64(u.id)), Time: d.at(),
			Kind: KindUsersAdd, Profile: e.opts.Profile, Host: e.opts.Host, User: u.ext,
			Before: itoa(s.users), After: itoa(n)})
		s.maxUserID = max(s.maxUserID, u.id)
	}
	s.users, s.dirty = n, true
	return nil
}
