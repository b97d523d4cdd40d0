package model

// The Pools tab: the integration's pools (getClientPools), or with a chosen
// user that user's pools with deposits, balances, volume totals and the
// three roll-ups (getUserPools). enter opens a pane (GET /pools/{id}, with
// the price) that follows the selection.

import (
	"context"
	"reflect"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

// poolsData is a prepared pool list.
type poolsData struct {
	userView bool
	pools    []api.Pool         // integration view
	items    []api.UserPoolItem // user view
	rollups  ui.Rollups
	ids      []int64
	cells    [][]ui.Cell
}

func (a *poolsData) same(b *poolsData) bool {
	return a.userView == b.userView && a.rollups == b.rollups &&
		reflect.DeepEqual(a.pools, b.pools) && reflect.DeepEqual(a.items, b.items)
}

type poolsTab struct {
	base
	user       string
	list       feed
	data       *poolsData
	tbl        table
	detailOpen bool
	detailID   int64
	detail     feed
	pool       *api.Pool
	poolFor    int64 // the id pool was read for
	body       string
}

func newPoolsTab(d *deps, user string) poolsTab {
	return poolsTab{
		base:   base{d: d},
		user:   user,
		list:   feed{owner: ownPools},
		detail: feed{owner: ownPoolDetail},
		tbl:    newTable(&d.styles, poolColumns(user != "")),
	}
}

func poolColumns(userView bool) []ui.Column {
	if userView {
		return ui.UserPoolColumns()
	}
	return ui.PoolColumns()
}

func (t poolsTab) fetchList(gen uint64) tea.Cmd {
	client, prev, user := t.d.api, t.data, t.user
	return fetchCmd(t.d, ownPools, gen, func(ctx context.Context) (any, error) {
		nd := &poolsData{userView: user != ""}
		if user == "" {
			pools, err := client.GetClientPools(ctx, 0)
			if err != nil {
				return nil, err
			}
			nd.pools = make([]api.Pool, len(pools))
			nd.ids = make([]int64, len(pools))
			nd.cells = make([][]ui.Cell, len(pools))
			for i, p := range pools {
				nd.pools[i] = cleanPool(p)
				nd.ids[i] = p.ID
				nd.cells[i] = ui.PoolCells(nd.pools[i])
			}
		} else {
			r, err := client.GetUserPools(ctx, api.UserPoolsRequest{UserID: user})
			if err == nil && r == nil {
				err = errEmptyAnswer
			}
			if err != nil {
				return nil, err
			}
			nd.rollups = ui.Rollups{Value: clean(r.TokenOverallValue), Native: clean(r.TokenOverallNativeValue), Available: clean(r.TokenOverallAvailableValue)}
			nd.items = make([]api.UserPoolItem, len(r.Pools))
			nd.ids = make([]int64, len(r.Pools))
			nd.cells = make([][]ui.Cell, len(r.Pools))
			for i, p := range r.Pools {
				nd.items[i] = cleanUserPool(p)
				nd.ids[i] = p.ID
				nd.cells[i] = ui.UserPoolCells(nd.items[i])
			}
		}
		if prev != nil && prev.same(nd) {
			return prev, nil
		}
		return nd, nil
	})
}

func (t poolsTab) fetchDetail(gen uint64) tea.Cmd {
	client, id, prev := t.d.api, t.detailID, t.pool
	return fetchCmd(t.d, ownPoolDetail, gen, func(ctx context.Context) (any, error) {
		p, err := client.GetPool(ctx, id)
		if err == nil && p == nil {
			err = errEmptyAnswer
		}
		if err != nil {
			return nil, err
		}
		c := cleanPool(*p)
		if prev != nil && *prev == c {
			return prev, nil
		}
		return &c, nil
	})
}

func (t poolsTab) detailVisible() bool { return t.active && t.detailOpen }

func (t poolsTab) Update(msg tea.Msg) (tab, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyMsg:
		t, cmd = t.updateKey(msg)
	case fetchedMsg:
		var ok bool
		switch msg.owner {
		case ownPools:
			t.list, ok = receive(t.list, msg, t.d, func(data any) bool {
				nd := data.(*poolsData)
				if nd == t.data {
					return false
				}
				t.data = nd
				t.tbl = t.tbl.setRows(nd.ids, nd.cells)
				return true
			})
			t.list, cmd = next(t.list, ok, t.active, t.fetchList)
			var dcmd tea.Cmd
			t, dcmd = t.followDetail()
			cmd = tea.Batch(cmd, dcmd)
		case ownPoolDetail:
			t.detail, ok = receive(t.detail, msg, t.d, func(data any) bool {
				nd := data.(*api.Pool)
				if nd == t.pool && t.poolFor == t.detailID {
					return false
				}
				t.pool, t.poolFor = nd, t.detailID
				return true
			})
			t.detail, cmd = next(t.detail, ok, t.detailVisible(), t.fetchDetail)
		default:
			return t, nil
		}
	case pollMsg:
		switch msg.owner {
		case ownPools:
			t.list, cmd = pollFeed(t.list, msg, t.active, t.fetchList)
		case ownPoolDetail:
			t.detail, cmd = pollFeed(t.detail, msg, t.detailVisible(), t.fetchDetail)
		}
		return t, cmd
	case userChosenMsg:
		if msg.ExternalID == t.user {
			return t, nil
		}
		t.user = msg.ExternalID
		t.data = nil
		t.tbl = t.tbl.setColumns(poolColumns(t.user != "")).setRows(nil, nil)
		t.list = t.list.invalidate()
		if t.active {
			t.list, cmd = startFetch(t.list, t.fetchList)
		}
		t = t.SetSize(t.width, t.height).(poolsTab)
	default:
		return t, nil
	}
	return t.render(), cmd
}

func (t poolsTab) updateKey(msg tea.KeyMsg) (poolsTab, tea.Cmd) {
	k := t.d.keys
	if tbl, moved := t.tbl.navigate(msg, k); moved {
		t.tbl = tbl
		return t.followDetail()
	}
	switch {
	case key.Matches(msg, k.Enter):
		if _, _, ok := t.tbl.selected(); ok && !t.detailOpen {
			t.detailOpen = true
			t.detailID = 0
			t = t.SetSize(t.width, t.height).(poolsTab)
		}
	case key.Matches(msg, k.Back):
		if t.detailOpen {
			t.detailOpen = false
			t.detail = t.detail.invalidate()
			return t.SetSize(t.width, t.height).(poolsTab), nil
		}
		if t.user != "" {
			return t, func() tea.Msg { return chooseUserMsg{} }
		}
		return t, nil
	default:
		return t, nil
	}
	return t.followDetail()
}

// followDetail points an open pane at the selected pool.
func (t poolsTab) followDetail() (poolsTab, tea.Cmd) {
	id, _, ok := t.tbl.selected()
	if !t.detailOpen || !ok || id == t.detailID {
		return t, nil
	}
	t.detailID = id
	t.detail = t.detail.invalidate()
	if !t.detailVisible() {
		return t, nil
	}
	var cmd tea.Cmd
	t.detail, cmd = startFetch(t.detail, t.fetchDetail)
	return t, cmd
}

func (t poolsTab) layout() paneLayout {
	if t.detailOpen {
		return splitPane(t.width, t.height)
	}
	return paneLayout{listWidth: t.width, listHeight: t.height}
}

func (t poolsTab) SetSize(width, height int) tab {
	t.width, t.height = width, height
	l := t.layout()
	extra := 0
	if t.user != "" {
		extra = 1 // roll-ups line
	}
	t.tbl = t.tbl.setSize(l.listWidth, l.listHeight-extra-1)
	return t.render()
}

func (t poolsTab) render() poolsTab {
	if t.width <= 0 || t.height <= 0 {
		return t
	}
	st := &t.d.styles
	l := t.layout()
	list := make([]string, 0, l.listHeight)
	if t.user != "" {
		var r ui.Rollups
		if t.data != nil {
			r = t.data.rollups
		}
		list = append(list, ui.RollupLine(*st, r, l.listWidth))
	}
	list = append(list, t.tbl.lines()...)
	if t.tbl.len() == 0 {
		list = append(list, ui.EmptyList(*st, t.d.listError(t.list), t.data != nil, "no pools", l.listWidth))
	}
	if !t.detailOpen {
		t.body = ui.Lines(list, t.height)
		return t
	}
	t.body = composeWithPane(st, l, list, t.paneLines(l.paneWidth), t.height)
	return t
}

func (t poolsTab) paneLines(width int) []string {
	st := t.d.styles
	id, row, ok := t.tbl.selected()
	if !ok || t.data == nil {
		return []string{ui.Muted(st, "no pool selected", width)}
	}
	var p api.Pool
	var item *api.UserPoolItem
	if t.data.userView && row < len(t.data.items) {
		item = &t.data.items[row]
		p = item.Pool
	} else if row < len(t.data.pools) {
		p = t.data.pools[row]
	}
	full := t.pool != nil && t.poolFor == id
	if full {
		p = *t.pool
	}
	note := "loading…"
	if t.detail.err != nil {
		note = ui.ErrorText(t.detail.err, t.d.host)
	}
	return ui.PoolDetail(st, p, full, note, item, width)
}

func (t poolsTab) View() string { return t.body }

func (t poolsTab) Activate(on bool) (tab, tea.Cmd) {
	t.active = on
	if !on {
		return t, nil
	}
	now := t.d.now()
	var c1, c2 tea.Cmd
	t.list, c1 = activateFeed(t.list, now, t.fetchList)
	if t.detailOpen && t.detailID != 0 {
		t.detail, c2 = activateFeed(t.detail, now, t.fetchDetail)
	}
	return t, tea.Batch(c1, c2)
}

func (t poolsTab) Refresh() (tab, tea.Cmd) {
	var c1, c2 tea.Cmd
	t.list, c1 = startFetch(t.list, t.fetchList)
	if t.detailOpen && t.detailID != 0 {
		t.detail, c2 = startFetch(t.detail, t.fetchDetail)
	}
	return t, tea.Batch(c1, c2)
}

func (t poolsTab) Help() ui.HelpMap {
	k := t.d.keys
	_, _, ok := t.tbl.selected()
	enter := ui.Enabled(k.Enter, ok && !t.detailOpen)
	back := ui.Enabled(k.Back, t.detailOpen || t.user != "")
	if !t.detailOpen && t.user != "" {
		back = ui.WithDesc(back, "all users")
	}
	return ui.HelpMap{
		Short: []key.Binding{k.Down, enter, back, k.NextTab, k.Refresh, k.Help, k.Quit},
		Full: [][]key.Binding{
			{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
			{enter, back},
			{k.Tab1, k.Tab2, k.Tab3, k.Tab4, k.NextTab, k.PrevTab},
			{k.Refresh, k.Redraw, k.Help, k.Quit},
		},
	}
}

func (t poolsTab) Status() ui.Status {
	loading, stale, age, reason := feedStatus(t.list, t.d.host)
	return ui.Status{ChangedAt: t.list.changedAt, Loading: loading && t.data == nil, Stale: stale, StaleAge: age, StaleReason: reason}
}

func (t poolsTab) Capturing() bool { return false }
