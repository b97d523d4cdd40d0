package model

// The Users tab: every user (GET /users), filtered as you type over external
// id, wallet and e-mail (the list read carries no e-mail per spec 2, so the
// e-mail matches only when a server sends it there). enter chooses the user
// for the Strategies and Pools tabs and shows the user's pane: e-mail
// (GET /users/{id}) and native balances (GET /users/{id}/balances).
//
// Built for 100,000 users: the reply is decoded, sanitised and turned into
// cells and lower-cased search keys in the command's goroutine; a keystroke
// is a substring scan of the pre-lowered keys (no fuzzy matching); rows are
// rendered only when they scroll into view.

import (
	"context"
	"slices"
	"strings"
	"sync"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

// usersData is a prepared user list.
type usersData struct {
	users []api.User
	keys  []string // lower-cased "external\x00wallet\x00email" per user
	ids   []int64
	cells [][]ui.Cell
}

// userDetail is the chosen user's single read and balances.
type userDetail struct {
	user     api.User
	balances []api.NativeBalance
}

type usersTab struct {
	base
	list      feed
	data      *usersData
	tbl       table
	input     lineInput
	query     string // lower-cased filter applied to the rows
	chosen    string
	chosenRow int // row index of the chosen user, -1 when not listed
	detail    feed
	info      *userDetail
	body      string
}

func newUsersTab(d *deps, chosen string) usersTab {
	return usersTab{
		base:      base{d: d},
		list:      feed{owner: ownUsers},
		detail:    feed{owner: ownUserDetail},
		tbl:       newTable(&d.styles, ui.UserColumns()),
		chosen:    chosen,
		chosenRow: -1,
	}
}

func (t usersTab) fetchList(gen uint64) tea.Cmd {
	client, prev := t.d.api, t.data
	return fetchCmd(t.d, ownUsers, gen, func(ctx context.Context) (any, error) {
		users, err := client.ListUsers(ctx)
		if err != nil {
			return nil, err
		}
		clean := make([]api.User, len(users))
		for i, u := range users {
			clean[i] = cleanUser(u)
		}
		if prev != nil && slices.Equal(prev.users, clean) {
			return prev, nil
		}
		return prepareUsers(clean), nil
	})
}

// prepareUsers builds ids, cells and search keys.
func prepareUsers(users []api.User) *usersData {
	nd := &usersData{users: users, keys: make([]string, len(users)), ids: make([]int64, len(users)), cells: make([][]ui.Cell, len(users))}
	for i, u := range users {
		nd.keys[i] = strings.ToLower(u.ExternalUserID + "\x00" + u.WalletAddress + "\x00" + u.Email)
		nd.ids[i] = u.ID
		nd.cells[i] = ui.UserCells(u)
	}
	return nd
}

func (t usersTab) fetchDetail(gen uint64) tea.Cmd {
	client, user, prev := t.d.api, t.chosen, t.info
	return fetchCmd(t.d, ownUserDetail, gen, func(ctx context.Context) (any, error) {
		var (
			wg       sync.WaitGroup
			u        *api.User
			balances []api.NativeBalance
			uErr     error
			bErr     error
		)
		wg.Add(2)
		go func() { defer wg.Done(); u, uErr = client.GetUser(ctx, user) }()
		go func() { defer wg.Done(); balances, bErr = client.GetUserBalances(ctx, user) }()
		wg.Wait()
		if uErr == nil && u == nil {
			uErr = errEmptyAnswer
		}
		if uErr != nil {
			return nil, uErr
		}
		if bErr != nil {
			return nil, bErr
		}
		info := &userDetail{user: cleanUser(*u), balances: make([]api.NativeBalance, len(balances))}
		for i, b := range balances {
			info.balances[i] = cleanBalance(b)
		}
		if prev != nil && prev.user == info.user && slices.Equal(prev.balances, info.balances) {
			return prev, nil
		}
		return info, nil
	})
}

func (t usersTab) detailVisible() bool { return t.active && t.chosen != "" }

func (t usersTab) Update(msg tea.Msg) (tab, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyMsg:
		t, cmd = t.updateKey(msg)
	case fetchedMsg:
		var ok bool
		switch msg.owner {
		case ownUsers:
			t.list, ok = receive(t.list, msg, t.d, func(data any) bool {
				nd := data.(*usersData)
				if nd == t.data {
					return false
				}
				t.data = nd
				t.tbl = t.tbl.setRows(nd.ids, nd.cells).setOrder(t.matches())
				t.chosenRow = t.findChosen()
				return true
			})
			t.list, cmd = next(t.list, ok, t.active, t.fetchList)
		case ownUserDetail:
			t.detail, ok = receive(t.detail, msg, t.d, func(data any) bool {
				nd := data.(*userDetail)
				if nd == t.info {
					return false
				}
				t.info = nd
				return true
			})
			t.detail, cmd = next(t.detail, ok, t.detailVisible(), t.fetchDetail)
		default:
			return t, nil
		}
	case pollMsg:
		switch msg.owner {
		case ownUsers:
			t.list, cmd = pollFeed(t.list, msg, t.active, t.fetchList)
		case ownUserDetail:
			t.detail, cmd = pollFeed(t.detail, msg, t.detailVisible(), t.fetchDetail)
		}
		return t, cmd
	case userChosenMsg:
		if msg.ExternalID == t.chosen {
			return t, nil
		}
		t.chosen = msg.ExternalID
		t.chosenRow = t.findChosen()
		t.info = nil
		t.detail = t.detail.invalidate()
		if t.detailVisible() {
			t.detail, cmd = startFetch(t.detail, t.fetchDetail)
		}
		t = t.SetSize(t.width, t.height).(usersTab)
	default:
		return t, nil
	}
	return t.render(), cmd
}

func (t usersTab) updateKey(msg tea.KeyMsg) (usersTab, tea.Cmd) {
	k := t.d.keys
	// Movement works while typing too.
	switch {
	case key.Matches(msg, k.PageUp):
		t.tbl = t.tbl.move(-t.tbl.rows)
		return t, nil
	case key.Matches(msg, k.PageDown):
		t.tbl = t.tbl.move(t.tbl.rows)
		return t, nil
	case msg.Type == tea.KeyUp:
		t.tbl = t.tbl.move(-1)
		return t, nil
	case msg.Type == tea.KeyDown:
		t.tbl = t.tbl.move(1)
		return t, nil
	}
	if t.input.focused {
		switch {
		case key.Matches(msg, k.Back):
			t.input = lineInput{}
			return t.applyFilter(), nil
		case key.Matches(msg, k.Enter):
			t.input.focused = false
			return t, nil
		}
		var changed bool
		if t.input, changed = t.input.update(msg); changed {
			t = t.applyFilter()
		}
		return t, nil
	}
	if tbl, moved := t.tbl.navigate(msg, k); moved {
		t.tbl = tbl
		return t, nil
	}
	switch {
	case key.Matches(msg, k.Search):
		t.input.focused = true
	case key.Matches(msg, k.Enter):
		if _, row, ok := t.tbl.selected(); ok {
			ext := t.data.users[row].ExternalUserID
			return t, func() tea.Msg { return chooseUserMsg{ExternalID: ext} }
		}
	case key.Matches(msg, k.Back):
		if t.input.Value() != "" {
			t.input = lineInput{}
			return t.applyFilter(), nil
		}
		if t.chosen != "" {
			return t, func() tea.Msg { return chooseUserMsg{} }
		}
	}
	return t, nil
}

// applyFilter re-filters the rows when the typed text changed.
func (t usersTab) applyFilter() usersTab {
	q := strings.ToLower(strings.TrimSpace(t.input.Value()))
	if q == t.query {
		return t
	}
	t.query = q
	t.tbl = t.tbl.setOrder(t.matches())
	return t
}

// matches lists the rows whose key holds the query; nil without a query.
func (t usersTab) matches() []int {
	if t.query == "" || t.data == nil {
		return nil
	}
	out := make([]int, 0, 64)
	for i, k := range t.data.keys {
		if strings.Contains(k, t.query) {
			out = append(out, i)
		}
	}
	return out
}

// findChosen is the row of the chosen user, or -1.
func (t usersTab) findChosen() int {
	if t.data == nil || t.chosen == "" {
		return -1
	}
	for i, u := range t.data.users {
		if u.ExternalUserID == t.chosen {
			return i
		}
	}
	return -1
}

func (t usersTab) Activate(on bool) (tab, tea.Cmd) {
	t.active = on
	if !on {
		return t, nil
	}
	now := t.d.now()
	var c1, c2 tea.Cmd
	t.list, c1 = activateFeed(t.list, now, t.fetchList)
	if t.chosen != "" {
		t.detail, c2 = activateFeed(t.detail, now, t.fetchDetail)
	}
	return t, tea.Batch(c1, c2)
}

func (t usersTab) Refresh() (tab, tea.Cmd) {
	var c1, c2 tea.Cmd
	t.list, c1 = startFetch(t.list, t.fetchList)
	if t.chosen != "" {
		t.detail, c2 = startFetch(t.detail, t.fetchDetail)
	}
	return t, tea.Batch(c1, c2)
}

func (t usersTab) Capturing() bool { return t.input.focused }

func (t usersTab) Status() ui.Status {
	loading, stale, age, reason := feedStatus(t.list, t.d.host)
	return ui.Status{ChangedAt: t.list.changedAt, Loading: loading && t.data == nil, Stale: stale, StaleAge: age, StaleReason: reason}
}
