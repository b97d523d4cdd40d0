package model

// The Strategies tab: the integration's strategies (GET /strategies) with
// filters, sort and server pages, or, with a chosen user, that user's
// strategies with progress and gains (getFilteredStrategies). enter opens a
// detail pane (GET /strategies/{id}) that follows the selection.

import (
	"context"
	"reflect"
	"slices"

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
	newest     bool   // the integration's first page, newest first, unfiltered
	view       stratView
	// confirmed and gone are the strategies the previous page of the same
	// view held and this one lacks, read by id: found (their state now) or
	// not (404). Only the Activity reads them.
	confirmed []api.Strategy
	gone      []int64
}

// stratView is what a page of the list was asked for.
type stratView struct {
	user   string
	filter stratFilter
	page   int
}

// same reports whether two prepared pages show the same thing.
func (a *strategiesData) same(b *strategiesData) bool {
	return a.view == b.view && a.userView == b.userView && a.newest == b.newest && a.page == b.page && a.pages == b.pages && a.total == b.total &&
		a.userCounts == b.userCounts && reflect.DeepEqual(a.gains, b.gains) && reflect.DeepEqual(a.items, b.items)
}

type strategiesTab struct {
	base
	pane    listPane[*strategiesData, *api.Strategy]
	user    string // chosen user's external id; "" shows the integration
	filter  stratFilter
	page    int
	picker  picker
	marks   map[int64]bool
	pending map[int64]bool // the workflow's in-flight set (read only)
	watched map[int64]bool // the Activity's watched strategies (read only)
	want    int64          // a strategy to select once it is listed (0: none)
	body    string
}

func newStrategiesTab(e *env, user string) strategiesTab {
	t := strategiesTab{
		base: base{env: e},
		user: user,
		page: 1,
		pane: newListPane[*strategiesData, *api.Strategy](feedStrategies, feedStrategyDetail,
			newTable(&e.styles, ui.StrategyColumns(user != ""))),
		watched: e.watchStart.strategies,
	}
	return t.markSort()
}

func (t strategiesTab) userView() bool { return t.user != "" }

// fetchList fetches the current page with the current filters.
func (t strategiesTab) fetchList(gen uint64) tea.Cmd {
	client, prev := t.env.api, t.pane.list.data
	user, filter, page, size := t.user, t.filter, t.page, t.env.pageSize
	return fetchCmd(t.env, feedStrategies, gen, func(ctx context.Context) (*strategiesData, error) {
		var nd *strategiesData
		if user == "" {
			p, err := orEmpty(client.ListStrategies(ctx, filter.integrationQuery(page, size)))
			if err != nil {
				return nil, err
			}
			nd = prepareStrategiesPage(p)
			nd.newest = page == 1 && filter == (stratFilter{})
		} else {
			r, err := orEmpty(client.GetFilteredStrategies(ctx, filter.userQuery(user, page, size)))
			if err != nil {
				return nil, err
			}
			nd = prepareFilteredStrategies(r)
		}
		nd.view = stratView{user: user, filter: filter, page: page}
		if prev != nil && prev.same(nd) {
			return prev, nil // unchanged: the tab keeps everything it built
		}
		nd.confirmLeavers(ctx, client, prev)
		return nd, nil
	})
}

// confirmLeavers reads by id the strategies prev held and nd lacks when
// both are the same view: paging, sorting and filtering are not changes,
// but a strategy that left the same page was archived, removed, changed
// state or was pushed along, and its read by id tells which. When the
// reads fail the leavers are only forgotten: the page itself was read.
func (nd *strategiesData) confirmLeavers(ctx context.Context, client API, prev *strategiesData) {
	if prev == nil || prev.view != nd.view {
		return
	}
	var missing []int64
	for _, id := range prev.ids {
		if !slices.Contains(nd.ids, id) {
			missing = append(missing, id)
		}
	}
	if len(missing) == 0 {
		return
	}
	if found, gone, err := readByID(ctx, client, missing); err == nil {
		nd.confirmed, nd.gone = found, gone
	}
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
		nd.userCounts = ui.UserCounts(*total, active)
	}
	return nd.build()
}

func (nd *strategiesData) rowIDs() []int64       { return nd.ids }
func (nd *strategiesData) rowCells() [][]ui.Cell { return nd.cells }

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
func (t strategiesTab) fetchDetail(id int64, gen uint64) tea.Cmd {
	client := t.env.api
	return fetchRecord(t.env, feedStrategyDetail, gen, t.pane.detail.data, func(ctx context.Context) (*api.Strategy, error) {
		return client.GetStrategy(ctx, id)
	}, cleanStrategy, func(a, b api.Strategy) bool { return reflect.DeepEqual(a, b) })
}

func (t strategiesTab) updateOther(msg tea.Msg) (_ strategiesTab, _ tea.Cmd, redraw bool) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case userChosenMsg:
		if msg.ExternalID == t.user {
			return t, nil, false
		}
		t.user = msg.ExternalID
		t.filter = t.filter.fit(t.userView())
		t.page = 1
		t.pane.tbl = t.pane.tbl.setColumns(ui.StrategyColumns(t.userView())).setRows(nil, nil)
		t.pane.list = t.pane.list.reset()
		t = t.markSort().resize()
		t, cmd = t.reload()
	case workflowMsg:
		t = t.applyWorkflow(msg)
	case watchesMsg:
		t.watched = msg.set.strategies
		t.pane.tbl = t.pane.tbl.setFlags(t.flags())
	case focusMsg:
		t.want = msg.id
		t, cmd = t.seek()
	case setFilterMsg:
		t, cmd = t.setFilter(msg.filter)
	case openStrategyMsg:
		t, cmd = t.open(msg.id)
	default:
		return t, nil, false
	}
	return t, cmd, true
}

// settle handles the replies of the list and detail feeds.
func (t strategiesTab) settle(msg fetchedMsg) (strategiesTab, tea.Cmd) {
	t, accepted, cmd := settlePane(t, msg, t.env)
	if nd := t.pane.list.data; accepted && msg.err == nil && nd != nil && nd.pages > 0 && t.page > nd.pages {
		// The page ran out (strategies went away): show the last one.
		t.page = nd.pages
		return t.reload()
	}
	var seekCmd tea.Cmd
	t, seekCmd = t.seek()
	return t, tea.Batch(cmd, seekCmd)
}

// reload fetches the list for changed parameters (filter, page, user).
func (t strategiesTab) reload() (strategiesTab, tea.Cmd) {
	t.pane.list.feed = t.pane.list.invalidate()
	if !t.active {
		return t, nil
	}
	var cmd tea.Cmd
	t.pane.list, cmd = t.pane.list.start(t.fetchList)
	return t, cmd
}

func (t strategiesTab) Activate(on bool) (tab, tea.Cmd) {
	t.active = on
	return activatePane(t, t.env.now())
}

func (t strategiesTab) Capturing() bool { return t.picker.open }

func (t strategiesTab) Status() ui.Status { return t.pane.list.status(t.env.host) }
