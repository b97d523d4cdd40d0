package model

// Reading the users list. A million users take seconds to decode on the
// dashboard's one P, so a first read shows its first rows as soon as they
// are decoded (usersFirstRowsMsg) and the whole list when it is complete;
// a list read again stays shown whole until its successor is.

import (
	"context"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
)

// firstRowsAt is how many users a first read decodes before showing them:
// more than a screen holds, a few milliseconds of decoding.
const firstRowsAt = 2048

// usersFirstRowsMsg carries the first rows of a first read still under
// way; rest waits for the read's fetchedMsg.
type usersFirstRowsMsg struct {
	session uint64
	gen     uint64
	data    *usersData
	rest    tea.Cmd
}

// readUsers reads the list into the compact form. prev is the list shown
// (nil at first), count the users the stats last counted (0 when unknown);
// first, when not nil, is called once with the first rows of a first read
// while the rest is decoded.
func readUsers(ctx context.Context, client API, prev *usersData, count int64, first func(*usersData)) (*usersData, error) {
	b := newUsersBuilder(prev, count)
	add := b.add
	if prev == nil && first != nil {
		shown := false
		add = func(u *api.UserFields) {
			b.add(u)
			if !shown && b.seen == firstRowsAt {
				shown = true
				first(b.snapshot())
			}
		}
	}
	if err := client.ScanUsers(ctx, b.reset, add); err != nil {
		return nil, err
	}
	d := b.done()
	prepareUserIndex(d) // the command line's @ search, built in the background
	return d, nil
}

// fetchUsersCmd is fetchCmdWithin for the list: the read runs in its own
// goroutine, and the command answers with the first rows when they come
// before the whole list.
func fetchUsersCmd(e *env, gen uint64, read func(ctx context.Context, first func(*usersData)) (*usersData, error)) tea.Cmd {
	session := e.session
	firstRows := make(chan *usersData, 1)
	whole := make(chan tea.Msg, 1)
	fetch := fetchCmdWithin(e, feedUsers, gen, max(usersFetchTimeout, e.fetchTimeout), func(ctx context.Context) (*usersData, error) {
		return read(ctx, func(d *usersData) { firstRows <- d })
	})
	return func() tea.Msg {
		go func() { whole <- fetch() }()
		select {
		case d := <-firstRows:
			return usersFirstRowsMsg{session: session, gen: gen, data: d, rest: func() tea.Msg { return <-whole }}
		case msg := <-whole:
			return msg
		}
	}
}
