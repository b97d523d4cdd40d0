package model

// The Users tab: every user (GET /users), filtered as you type over external
// id and wallet (the list read carries no e-mail, spec 4.1). enter chooses
// the user for the Strategies and Pools tabs and shows the user's pane:
// e-mail (GET /users/{id}) and native balances (GET /users/{id}/balances).
//
// Built for a million users: the answer is decoded as a stream into the
// compact form of users_store.go in the command's goroutine; a keystroke
// is a substring scan of its lower-cased text (no fuzzy matching), over the
// last matches when the query only grew; rows are made and rendered only
// when they scroll into view. When the list is read: users_sync.go.

import (
	"context"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

// maxFilterRunes bounds the typed filter.
const maxFilterRunes = 128

// userDetail is the chosen user's single read and balances.
type userDetail struct {
	user     api.User
	balances []api.NativeBalance
}

type usersTab struct {
	base
	list      source[*usersData]
	firstRows *usersData // a first read's first rows, shown until it ends
	tbl       table
	input     lineInput
	query     string // lower-cased filter applied to the rows
	matched   []int  // the rows that match query, nil without one
	typed     []filterStep
	chosen    string
	chosenRow int // row index of the chosen user, -1 when not listed
	detail    source[*userDetail]
	sync      usersSync
	body      string
	// watched are the Activity's watched users (read only).
	watched map[string]bool
}

func newUsersTab(e *env, chosen string) usersTab {
	list := newSource[*usersData](feedUsers)
	list.period = usersMaxAge
	return usersTab{
		base:      base{env: e},
		list:      list,
		detail:    newSource[*userDetail](feedUserDetail),
		tbl:       newTable(&e.styles, ui.UserColumns()).withLinks(ui.UserLinks(e.tools.explorers)),
		input:     newLineInput(maxFilterRunes, nil),
		chosen:    chosen,
		chosenRow: -1,
		watched:   e.watchStart.users,
	}
}

// usersFetchTimeout bounds one read of the list: a million users are
// 107 MB, which a slow link takes a while to carry.
const usersFetchTimeout = 3 * time.Minute

func (t usersTab) fetchList(gen uint64) tea.Cmd {
	client, prev, count := t.env.api, t.list.data, t.sync.count
	return fetchUsersCmd(t.env, gen, func(ctx context.Context, first func(*usersData)) (*usersData, error) {
		return readUsers(ctx, client, prev, count, first)
	})
}

func (t usersTab) fetchDetail(gen uint64) tea.Cmd {
	client, user, prev := t.env.api, t.chosen, t.detail.data
	return fetchCmd(t.env, feedUserDetail, gen, func(ctx context.Context) (*userDetail, error) {
		var (
			wg       sync.WaitGroup
			u        *api.User
			balances []api.NativeBalance
			uErr     error
			bErr     error
		)
		wg.Add(2)
		go func() { defer wg.Done(); u, uErr = orEmpty(client.GetUser(ctx, user)) }()
		go func() { defer wg.Done(); balances, bErr = client.GetUserBalances(ctx, user) }()
		wg.Wait()
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

func (t usersTab) updateOther(msg tea.Msg) (_ usersTab, _ tea.Cmd, redraw bool) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case overviewMsg:
		t, cmd = t.observe(msg)
		return t, cmd, false // the status line shows what changed
	case usersFirstRowsMsg:
		if msg.session != t.env.session || msg.gen != t.list.gen || t.list.data != nil {
			return t, msg.rest, false
		}
		t.firstRows = msg.data
		t.matched, t.typed = t.refilter(t.query)
		t.tbl = t.tbl.setSource(msg.data).setOrder(t.matched).setFlags(t.watchFlags())
		return t, msg.rest, true
	case userChosenMsg:
		if msg.ExternalID == t.chosen {
			return t, nil, false
		}
		t.chosen = msg.ExternalID
		t.chosenRow = t.findChosen()
		t.detail = t.detail.reset()
		if t.detailVisible() {
			t.detail, cmd = t.detail.start(t.fetchDetail)
		}
		t = t.resize()
	case watchesMsg:
		t.watched = msg.set.users
		t.tbl = t.tbl.setFlags(t.watchFlags())
	default:
		return t, nil, false
	}
	return t, cmd, true
}

func (t usersTab) poll(msg pollMsg) (usersTab, tea.Cmd) {
	var cmd tea.Cmd
	switch msg.feed {
	case feedUsers:
		t.list, cmd = t.list.poll(msg, t.active, t.fetchList)
	case feedUserDetail:
		t.detail, cmd = t.detail.poll(msg, t.detailVisible(), t.fetchDetail)
	}
	return t, cmd
}

func (t usersTab) settle(msg fetchedMsg) (usersTab, tea.Cmd) {
	var accepted, changed bool
	var cmd tea.Cmd
	if msg.feed == feedUserDetail {
		t.detail, accepted, _ = t.detail.settle(msg, t.env)
		t.detail, cmd = t.detail.rearm(accepted, t.detailVisible(), t.fetchDetail)
		return t, cmd
	}
	t.list, accepted, changed = t.list.settle(msg, t.env)
	if t.firstRows != nil && !t.list.inFlight {
		t.firstRows, changed = nil, true
	}
	if changed {
		t.typed = nil
		t.matched, t.typed = t.refilter(t.query)
		t.tbl = t.tbl.setSource(t.list.data).setOrder(t.matched).setFlags(t.watchFlags())
		t.chosenRow = t.findChosen()
	}
	t.list, cmd = t.list.rearm(accepted, t.active, t.fetchList)
	return t.settled(cmd)
}

func (t usersTab) updateKey(msg tea.KeyMsg) (usersTab, tea.Cmd) {
	if t.input.focused {
		return t.updateInput(msg), nil
	}
	k := t.env.keys.List
	if tbl, moved := t.tbl.navigate(msg, k); moved {
		t.tbl = tbl
		return t, nil
	}
	switch {
	case key.Matches(msg, k.Search):
		t.input = t.input.focus()
	case key.Matches(msg, k.Watch):
		if _, row, ok := t.tbl.selected(); ok {
			return t, watchToggleCmd(0, t.shown().external(row))
		}
	case key.Matches(msg, k.Enter):
		if _, row, ok := t.tbl.selected(); ok {
			ext := t.shown().external(row)
			return t, func() tea.Msg { return chooseUserMsg{ExternalID: ext} }
		}
	case key.Matches(msg, k.Back):
		if t.input.Value() != "" {
			t.input = newLineInput(maxFilterRunes, nil)
			return t.applyFilter(), nil
		}
		if t.chosen != "" {
			return t, func() tea.Msg { return chooseUserMsg{} }
		}
	}
	return t, nil
}

// updateInput handles a key while the filter has focus.
func (t usersTab) updateInput(msg tea.KeyMsg) usersTab {
	var changed bool
	if t.input, t.tbl, changed = filterKey(msg, t.env.keys.Input, t.input, t.tbl); changed {
		return t.applyFilter()
	}
	return t
}

// applyFilter re-filters the rows when the typed text changed.
func (t usersTab) applyFilter() usersTab {
	q := strings.ToLower(strings.TrimSpace(t.input.Value()))
	if q == t.query {
		return t
	}
	t.query = q
	t.matched, t.typed = t.refilter(q)
	t.tbl = t.tbl.setOrder(t.matched)
	return t
}

// filterStep is a query typed and its matches.
type filterStep struct {
	query string
	rows  []int
}

// maxFilterSteps bounds the queries remembered for backspace.
const maxFilterSteps = 32

// refilter finds the matches of q from the queries typed before it: a
// backspace returns to a query already matched, a typed key narrows the
// last matches (every row that holds q holds a query inside q), anything
// else scans every user.
func (t usersTab) refilter(q string) ([]int, []filterStep) {
	data := t.shown()
	if q == "" || data == nil {
		return nil, nil
	}
	typed := t.typed
	for i, s := range typed {
		if s.query == q {
			return s.rows, typed[:i+1]
		}
	}
	var within []int
	if n := len(typed); n > 0 && n < maxFilterSteps && strings.Contains(q, typed[n-1].query) {
		within = typed[n-1].rows
	} else {
		typed = nil
	}
	rows := data.match(q, within)
	return rows, append(slices.Clip(typed), filterStep{q, rows})
}

// shown is the list on screen: the whole one, else a first read's first rows.
func (t usersTab) shown() *usersData {
	if t.list.data != nil {
		return t.list.data
	}
	return t.firstRows
}

// findChosen is the row of the chosen user, or -1.
func (t usersTab) findChosen() int {
	return t.list.data.find(t.chosen)
}

func (t usersTab) Activate(on bool) (tab, tea.Cmd) {
	t.active = on
	if !on {
		return t, nil
	}
	now := t.env.now()
	var c1, c2 tea.Cmd
	t.list, c1 = t.list.activate(now, t.fetchList)
	if t.chosen != "" {
		t.detail, c2 = t.detail.activate(now, t.fetchDetail)
	}
	return t, tea.Batch(c1, c2)
}

func (t usersTab) Refresh() (tab, tea.Cmd) {
	var c1, c2 tea.Cmd
	t.list, c1 = t.list.start(t.fetchList)
	if t.chosen != "" {
		t.detail, c2 = t.detail.start(t.fetchDetail)
	}
	return t, tea.Batch(c1, c2)
}

func (t usersTab) Capturing() bool { return t.input.focused }

func (t usersTab) Status() ui.Status { return t.status() }

// Selection offers the user-wide actions the selected row's user, else the
// chosen one.
func (t usersTab) Selection() selection {
	if _, row, ok := t.tbl.selected(); ok && t.shown() != nil {
		return selection{user: t.shown().external(row)}
	}
	return selection{user: t.chosen}
}
