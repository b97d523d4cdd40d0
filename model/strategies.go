package model

// The Strategies tab: the integration's strategies (GET /strategies) with
// filters, sort and server pages, or, with a chosen user, that user's
// strategies with progress and gains (getFilteredStrategies). enter opens a
// detail pane (GET /strategies/{id}) that follows the selection.

import (
	"context"
	"reflect"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

// strategiesData is one prepared page of strategies.
type strategiesData struct {
	userView   bool
	items      []api.FilteredStrategyItem
	ids        []int64
	cells      [][]ui.Cell
	page       int
	pages      int
	total      int
	gains      []ui.ChainGain
	userCounts string // the user's totals in words, "" when not sent
}

// same reports whether two prepared pages show the same thing.
func (a *strategiesData) same(b *strategiesData) bool {
	return a.userView == b.userView && a.page == b.page && a.pages == b.pages && a.total == b.total &&
		a.userCounts == b.userCounts && reflect.DeepEqual(a.gains, b.gains) && reflect.DeepEqual(a.items, b.items)
}

// pendingMsg sets or clears the pending mark of a strategy (an action in
// flight, issue 5).
type pendingMsg struct {
	ID      int64
	Pending bool
}

// strategyRecordMsg carries a fresh record of one strategy (for instance
// re-read with GET /strategies/{id} after an action, issue 5): its row and
// the pane are updated at once, without waiting for the next poll.
type strategyRecordMsg struct{ Strategy api.Strategy }

// detailPane is the state of the strategy detail pane.
type detailPane struct {
	open    bool
	id      int64 // the strategy the pane follows (the selected one)
	feed    feed
	data    *api.Strategy
	dataFor int64 // the id data was read for; the server's record may say otherwise
}

type strategiesTab struct {
	base
	user    string // chosen user's external id; "" shows the integration
	filter  stratFilter
	page    int
	list    feed
	data    *strategiesData
	tbl     table
	detail  detailPane
	picker  picker
	marks   map[int64]bool
	pending map[int64]bool
	body    string
}

func newStrategiesTab(d *deps, user string) strategiesTab {
	st := &d.styles
	t := strategiesTab{
		base:   base{d: d},
		user:   user,
		page:   1,
		list:   feed{owner: ownStrategies},
		detail: detailPane{feed: feed{owner: ownStrategyDetail}},
		tbl:    newTable(st, ui.StrategyColumns(user != "")),
	}
	return t
}

func (t strategiesTab) userView() bool { return t.user != "" }

// fetchList fetches the current page with the current filters.
func (t strategiesTab) fetchList(gen uint64) tea.Cmd {
	client, prev := t.d.api, t.data
	user, filter, page, size := t.user, t.filter, t.page, t.d.pageSize
	return fetchCmd(t.d, ownStrategies, gen, func(ctx context.Context) (any, error) {
		var nd *strategiesData
		if user == "" {
			p, err := client.ListStrategies(ctx, filter.integrationQuery(page, size))
			if err == nil && p == nil {
				err = errEmptyAnswer
			}
			if err != nil {
				return nil, err
			}
			nd = prepareStrategiesPage(p)
		} else {
			r, err := client.GetFilteredStrategies(ctx, filter.userQuery(user, page, size))
			if err == nil && r == nil {
				err = errEmptyAnswer
			}
			if err != nil {
				return nil, err
			}
			nd = prepareFilteredStrategies(r)
		}
		if prev != nil && prev.same(nd) {
			return prev, nil // unchanged: the tab keeps everything it built
		}
		return nd, nil
	})
}

func prepareStrategiesPage(p *api.StrategiesPage) *strategiesData {
	nd := &strategiesData{page: p.Page, pages: p.NumberOfPages, total: p.TotalCount}
	nd.items = make([]api.FilteredStrategyItem, len(p.Strategies))
	for i, s := range p.Strategies {
		nd.items[i] = api.FilteredStrategyItem{Strategy: cleanStrategy(s)}
	}
	return nd.build()
}

func prepareFilteredStrategies(r *api.FilteredStrategiesResponse) *strategiesData {
	nd := &strategiesData{userView: true, page: r.Pagination.CurrentPage, pages: r.Pagination.TotalPages, total: r.Pagination.TotalItems}
	nd.items = make([]api.FilteredStrategyItem, len(r.Strategies))
	for i, s := range r.Strategies {
		nd.items[i] = cleanFilteredItem(s)
	}
	gains := make(map[string]api.ChainGains, len(r.GainedAmountByChain))
	for k, g := range r.GainedAmountByChain {
		gains[k] = cleanGains(g)
	}
	nd.gains = ui.SortedGains(gains)
	total, active := r.TotalUserStrategies, r.ActiveStrategiesCount
	if r.Stats != nil {
		total, active = &r.Stats.TotalUserStrategies, &r.Stats.ActiveStrategiesCount
	}
	if total != nil {
		nd.userCounts = ui.Int(*total) + " strategies"
		if active != nil {
			nd.userCounts += ", " + ui.Int(*active) + " active"
		}
	}
	return nd.build()
}

// build makes the row ids and cells.
func (nd *strategiesData) build() *strategiesData {
	nd.ids = make([]int64, len(nd.items))
	nd.cells = make([][]ui.Cell, len(nd.items))
	for i, it := range nd.items {
		nd.ids[i] = it.ID
		nd.cells[i] = ui.StrategyCells(it, nd.userView)
	}
	return nd
}

// fetchDetail reads the strategy shown in the pane.
func (t strategiesTab) fetchDetail(gen uint64) tea.Cmd {
	client, id, prev := t.d.api, t.detail.id, t.detail.data
	return fetchCmd(t.d, ownStrategyDetail, gen, func(ctx context.Context) (any, error) {
		s, err := client.GetStrategy(ctx, id)
		if err == nil && s == nil {
			err = errEmptyAnswer
		}
		if err != nil {
			return nil, err
		}
		c := cleanStrategy(*s)
		if prev != nil && reflect.DeepEqual(*prev, c) {
			return prev, nil
		}
		return &c, nil
	})
}

func (t strategiesTab) detailVisible() bool { return t.active && t.detail.open }

func (t strategiesTab) Update(msg tea.Msg) (tab, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyMsg:
		if t.picker.open {
			t, cmd = t.updatePicker(msg)
		} else {
			t, cmd = t.updateKey(msg)
		}
	case fetchedMsg:
		t, cmd = t.receive(msg)
	case pollMsg:
		switch msg.owner {
		case ownStrategies:
			t.list, cmd = pollFeed(t.list, msg, t.active, t.fetchList)
		case ownStrategyDetail:
			t.detail.feed, cmd = pollFeed(t.detail.feed, msg, t.detailVisible(), t.fetchDetail)
		}
		return t, cmd
	case userChosenMsg:
		if msg.ExternalID == t.user {
			return t, nil
		}
		t.user = msg.ExternalID
		t.filter = t.filter.fit(t.userView())
		t.page = 1
		t.data = nil
		t.tbl = t.tbl.setColumns(ui.StrategyColumns(t.userView())).setRows(nil, nil)
		t = t.SetSize(t.width, t.height).(strategiesTab)
		t, cmd = t.reload()
	case pendingMsg:
		t.pending = toggled(t.pending, msg.ID, msg.Pending)
		t.tbl = t.tbl.setFlags(t.flags())
	case strategyRecordMsg:
		t = t.applyRecord(cleanStrategy(msg.Strategy))
	case marksClearedMsg:
		for _, id := range msg.IDs {
			t.marks = toggled(t.marks, id, false)
		}
		t.tbl = t.tbl.setFlags(t.flags())
	default:
		return t, nil
	}
	return t.render(), cmd
}

// receive handles the replies of the list and detail feeds.
func (t strategiesTab) receive(msg fetchedMsg) (strategiesTab, tea.Cmd) {
	var cmd tea.Cmd
	var ok bool
	switch msg.owner {
	case ownStrategies:
		t.list, ok = receive(t.list, msg, t.d, func(data any) bool {
			nd := data.(*strategiesData)
			if nd == t.data {
				return false
			}
			t.data = nd
			t.tbl = t.tbl.setRows(nd.ids, nd.cells)
			return true
		})
		if ok && msg.err == nil && t.data != nil && t.data.pages > 0 && t.page > t.data.pages {
			// The page ran out (strategies went away): show the last one.
			t.page = t.data.pages
			return t.reload()
		}
		t.list, cmd = next(t.list, ok, t.active, t.fetchList)
		t, dcmd := t.followDetail()
		return t, tea.Batch(cmd, dcmd)
	case ownStrategyDetail:
		t.detail.feed, ok = receive(t.detail.feed, msg, t.d, func(data any) bool {
			nd := data.(*api.Strategy)
			if nd == t.detail.data && t.detail.dataFor == t.detail.id {
				return false
			}
			t.detail.data, t.detail.dataFor = nd, t.detail.id
			return true
		})
		t.detail.feed, cmd = next(t.detail.feed, ok, t.detailVisible(), t.fetchDetail)
	}
	return t, cmd
}

// reload fetches the list for changed parameters (filter, page, user).
func (t strategiesTab) reload() (strategiesTab, tea.Cmd) {
	t.list = t.list.invalidate()
	if !t.active {
		return t, nil
	}
	var cmd tea.Cmd
	t.list, cmd = startFetch(t.list, t.fetchList)
	return t, cmd
}

// followDetail points an open pane at the selected strategy.
func (t strategiesTab) followDetail() (strategiesTab, tea.Cmd) {
	id, _, ok := t.tbl.selected()
	if !t.detail.open || !ok || id == t.detail.id {
		return t, nil
	}
	t.detail.id = id
	t.detail.feed = t.detail.feed.invalidate()
	if !t.detailVisible() {
		return t, nil
	}
	var cmd tea.Cmd
	t.detail.feed, cmd = startFetch(t.detail.feed, t.fetchDetail)
	return t, cmd
}

func (t strategiesTab) Activate(on bool) (tab, tea.Cmd) {
	t.active = on
	if !on {
		return t, nil
	}
	now := t.d.now()
	var c1, c2 tea.Cmd
	t.list, c1 = activateFeed(t.list, now, t.fetchList)
	if t.detail.open && t.detail.id != 0 {
		t.detail.feed, c2 = activateFeed(t.detail.feed, now, t.fetchDetail)
	}
	return t, tea.Batch(c1, c2)
}

func (t strategiesTab) Refresh() (tab, tea.Cmd) {
	var c1, c2 tea.Cmd
	t.list, c1 = startFetch(t.list, t.fetchList)
	if t.detail.open && t.detail.id != 0 {
		t.detail.feed, c2 = startFetch(t.detail.feed, t.fetchDetail)
	}
	return t, tea.Batch(c1, c2)
}

func (t strategiesTab) Capturing() bool { return t.picker.open }

func (t strategiesTab) Status() ui.Status {
	loading, stale, age, reason := feedStatus(t.list, t.d.host)
	return ui.Status{ChangedAt: t.list.changedAt, Loading: loading && t.data == nil, Stale: stale, StaleAge: age, StaleReason: reason}
}
