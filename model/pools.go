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

func (a *poolsData) rowIDs() []int64       { return a.ids }
func (a *poolsData) rowCells() [][]ui.Cell { return a.cells }

func (a *poolsData) same(b *poolsData) bool {
	return a.userView == b.userView && a.rollups == b.rollups &&
		reflect.DeepEqual(a.pools, b.pools) && reflect.DeepEqual(a.items, b.items)
}

type poolsTab struct {
	base
	pane listPane[*poolsData, *api.Pool]
	user string
	body string
}

func newPoolsTab(e *env, user string) poolsTab {
	return poolsTab{
		base: base{env: e},
		user: user,
		pane: newListPane[*poolsData, *api.Pool](feedPools, feedPoolDetail, newTable(&e.styles, poolColumns(user != ""))),
	}
}

func poolColumns(userView bool) []ui.Column {
	if userView {
		return ui.UserPoolColumns()
	}
	return ui.PoolColumns()
}

func (t poolsTab) fetchList(gen uint64) tea.Cmd {
	client, prev, user, x := t.env.api, t.pane.list.data, t.user, t.env.tools.explorers
	return fetchCmd(t.env, feedPools, gen, func(ctx context.Context) (*poolsData, error) {
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
				nd.cells[i] = ui.PoolCells(nd.pools[i], x)
			}
		} else {
			r, err := orEmpty(client.GetUserPools(ctx, api.UserPoolsRequest{UserID: user}))
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

func (t poolsTab) fetchDetail(id int64, gen uint64) tea.Cmd {
	client := t.env.api
	return fetchRecord(t.env, feedPoolDetail, gen, t.pane.detail.data, func(ctx context.Context) (*api.Pool, error) {
		return client.GetPool(ctx, id)
	}, cleanPool, func(a, b api.Pool) bool { return a == b })
}

func (t poolsTab) updateOther(msg tea.Msg) (_ poolsTab, _ tea.Cmd, redraw bool) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case openPoolMsg:
		t, cmd = t.openPool(msg.id)
		return t, cmd, true
	case historyLoadedMsg, historySavedMsg, pricesSeenMsg:
		// The price chart draws the Overview's history.
		return t, nil, t.pane.open
	case userChosenMsg:
		if msg.ExternalID == t.user {
			return t, nil, false
		}
		t.user = msg.ExternalID
		t.pane.tbl = t.pane.tbl.setColumns(poolColumns(t.user != "")).setRows(nil, nil)
		t.pane.list = t.pane.list.reset()
		if t.active {
			t.pane.list, cmd = t.pane.list.start(t.fetchList)
		}
		t = t.resize()
	default:
		return t, nil, false
	}
	return t, cmd, true
}

func (t poolsTab) settle(msg fetchedMsg) (poolsTab, tea.Cmd) {
	t, _, cmd := settlePane(t, msg, t.env)
	return t, cmd
}

func (t poolsTab) updateKey(msg tea.KeyMsg) (poolsTab, tea.Cmd) {
	k := t.env.keys.List
	if t, cmd, handled := keyPane(t, msg, k); handled {
		return t, cmd
	}
	if key.Matches(msg, k.Back) && t.user != "" {
		return t, func() tea.Msg { return chooseUserMsg{} }
	}
	return t, nil
}

func (t poolsTab) SetSize(width, height int) tab {
	t.width, t.height = width, height
	return t.resize()
}

func (t poolsTab) resize() poolsTab {
	l := t.layout(t.pane.open)
	extra := 1 // position line
	if t.user != "" {
		extra = 1 // roll-ups line
	}
	t.pane.tbl = t.pane.tbl.setSize(l.listWidth, l.listHeight-extra-1)
	return t.render()
}

func (t poolsTab) render() poolsTab {
	if t.width <= 0 || t.height <= 0 {
		return t
	}
	st := &t.env.styles
	l := t.layout(t.pane.open)
	nd := t.pane.list.data
	list := make([]string, 0, l.listHeight)
	if t.user != "" {
		var r ui.Rollups
		if nd != nil {
			r = nd.rollups
		}
		list = append(list, ui.RollupLine(*st, r, l.listWidth))
	}
	row, n, lost := t.pane.tbl.position()
	list = append(list, ui.Muted(*st, ui.RowOf(row, n, lost, "pool"), l.listWidth))
	t.body = composePane(t, t.base, l, list, "no pools")
	return t
}

func (t poolsTab) paneLines(width int) []string {
	st := t.env.styles
	_, row, ok := t.pane.tbl.selected()
	nd := t.pane.list.data
	if !ok || nd == nil {
		return []string{ui.Muted(st, ui.NoneSelected("pool"), width)}
	}
	var p api.Pool
	var item *api.UserPoolItem
	if nd.userView && row < len(nd.items) {
		item = &nd.items[row]
		p = item.Pool
	} else if row < len(nd.pools) {
		p = nd.pools[row]
	}
	full, isFull := t.pane.paneData()
	if isFull {
		p = *full
	}
	note := ui.Loading
	if e := t.pane.detail.errText(t.env.host); e != "" {
		note = e
	}
	lines := ui.PoolDetail(st, t.env.tools.explorers, p, isFull, note, t.priceChart(p.ID, width), item, width)
	if item != nil {
		lines = append(lines, ui.UserPoolBars(st, t.env.charts, nd.items, item.ID, width)...)
	}
	return lines
}

func (t poolsTab) View() string { return t.body }

func (t poolsTab) Activate(on bool) (tab, tea.Cmd) {
	t.active = on
	return activatePane(t, t.env.now())
}

func (t poolsTab) Help() ui.HelpMap {
	k := t.env.keys.List
	_, _, ok := t.pane.tbl.selected()
	enter := ui.Enabled(k.Enter, ok && !t.pane.open)
	back := ui.Enabled(k.Back, t.pane.open || t.user != "")
	if !t.pane.open && t.user != "" {
		back = ui.WithDesc(back, "all users")
	}
	return ui.HelpMap{
		Short: []key.Binding{k.Down, enter, back},
		Full:  [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom}, {enter, back}},
	}
}

func (t poolsTab) Status() ui.Status { return t.pane.list.status(t.env.host) }

func (t poolsTab) Capturing() bool { return false }

func (t poolsTab) Selection() selection { return selection{user: t.user} }
