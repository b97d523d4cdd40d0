package model

// When the users list is read. GET /users is the one answer that grows with
// the integration (10.7 MB at 100,000 users), and users change rarely, while
// the stats the header polls anyway carry usersCount. So the list is read
// when the tab first shows it, when usersCount changes, on ctrl+r, and
// otherwise at most every usersMaxAge (a change that keeps the count, such
// as a new wallet, is seen that late at worst). The status line says both
// ages: when the list was read, and when the stats last confirmed it.

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/ui"
)

// usersMaxAge is the longest the list goes unread while it is shown.
const usersMaxAge = 5 * time.Minute

// usersSync is what the Users tab knows about the list's freshness beyond
// its feed: the count it was last told and when the stats confirmed it.
type usersSync struct {
	count     int64
	counted   bool
	checkedAt time.Time
	again     bool // the count changed while a read was in flight
}

// observe takes the root's stats. A changed usersCount makes the list due:
// read at once while shown, else when the tab is shown next. An unchanged
// one moves the "checked" time.
func (t usersTab) observe(msg overviewMsg) (usersTab, tea.Cmd) {
	s := msg.stats
	if s == nil {
		return t, nil
	}
	changed := t.sync.counted && s.UsersCount != t.sync.count
	t.sync.count, t.sync.counted = s.UsersCount, true
	if !changed {
		if t.list.fresh() && msg.statsAt.After(t.sync.checkedAt) {
			t.sync.checkedAt = msg.statsAt
		}
		return t, nil
	}
	if t.list.inFlight {
		t.sync.again = true
		return t, nil
	}
	t.list.feed = t.list.expire()
	if !t.active {
		return t, nil
	}
	var cmd tea.Cmd
	t.list, cmd = t.list.start(t.fetchList)
	return t, cmd
}

// settled runs after a reply of the list: a count change seen while it was
// in flight reads the list again, since the reply may predate the change.
func (t usersTab) settled(cmd tea.Cmd) (usersTab, tea.Cmd) {
	if !t.sync.again || t.list.inFlight {
		return t, cmd
	}
	t.sync.again = false
	t.list.feed = t.list.expire()
	if !t.active {
		return t, cmd
	}
	var c2 tea.Cmd
	t.list, c2 = t.list.start(t.fetchList)
	return t, tea.Batch(cmd, c2)
}

// status is the list's footer status with both ages once it has data.
func (t usersTab) status() ui.Status {
	st := t.list.status(t.env.host)
	if t.list.hasData && !st.Loading {
		st.Subject, st.AsOf, st.CheckedAt = "users", t.list.lastOK, t.list.lastOK
		if t.sync.checkedAt.After(st.CheckedAt) {
			st.CheckedAt = t.sync.checkedAt
		}
	}
	return st
}
