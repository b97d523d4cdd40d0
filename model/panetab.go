package model

// The tabs with a list and a detail pane (Strategies, Pools) drive the pane
// alike: shown or not, with the tab's own reads of its list and of a row.
// These functions are that driving, written once for both.

import (
	"context"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

// paneTab is a tab with a listPane, as the functions below drive it.
type paneTab[T any, L rows, D comparable] interface {
	paneOf() listPane[L, D]
	withPane(listPane[L, D]) T
	shown() bool
	fetchList(gen uint64) tea.Cmd
	fetchDetail(id int64, gen uint64) tea.Cmd
	// resize lays the tab out again (the pane opened or closed).
	resize() T
	paneLines(width int) []string
}

func (t strategiesTab) paneOf() listPane[*strategiesData, *api.Strategy] { return t.pane }
func (t poolsTab) paneOf() listPane[*poolsData, *api.Pool]               { return t.pane }

func (t strategiesTab) withPane(p listPane[*strategiesData, *api.Strategy]) strategiesTab {
	t.pane = p
	return t
}

func (t poolsTab) withPane(p listPane[*poolsData, *api.Pool]) poolsTab {
	t.pane = p
	return t
}

// activatePane fetches what is due when the tab is shown.
func activatePane[T paneTab[T, L, D], L rows, D comparable](t T, now time.Time) (T, tea.Cmd) {
	if !t.shown() {
		return t, nil
	}
	p, cmd := t.paneOf().activate(now, t.fetchList, t.fetchDetail)
	return t.withPane(p), cmd
}

// refreshPane fetches the list and the open pane now.
func refreshPane[T paneTab[T, L, D], L rows, D comparable](t T) (T, tea.Cmd) {
	p, cmd := t.paneOf().refresh(t.fetchList, t.fetchDetail)
	return t.withPane(p), cmd
}

// pollPane routes a tick to the list or the pane.
func pollPane[T paneTab[T, L, D], L rows, D comparable](t T, msg pollMsg) (T, tea.Cmd) {
	p, cmd := t.paneOf().poll(msg, t.shown(), t.fetchList, t.fetchDetail)
	return t.withPane(p), cmd
}

// settlePane takes a reply of the list or the pane; accepted as
// listPane.settle.
func settlePane[T paneTab[T, L, D], L rows, D comparable](t T, msg fetchedMsg, e *env) (_ T, accepted bool, _ tea.Cmd) {
	p, accepted, cmd := t.paneOf().settle(msg, e, t.shown(), t.fetchList, t.fetchDetail)
	return t.withPane(p), accepted, cmd
}

// followPane points an open pane at the selected row.
func followPane[T paneTab[T, L, D], L rows, D comparable](t T) (T, tea.Cmd) {
	p, cmd := t.paneOf().follow(t.shown(), t.fetchDetail)
	return t.withPane(p), cmd
}

// keyPane handles the keys listPane.key shares, laying the tab out again
// when the pane opened or closed; handled as listPane.key.
func keyPane[T paneTab[T, L, D], L rows, D comparable](t T, msg tea.KeyMsg, k ui.ListKeys) (_ T, _ tea.Cmd, handled bool) {
	p, handled, resized, cmd := t.paneOf().key(msg, k, t.shown(), t.fetchDetail)
	if !handled {
		return t, nil, false
	}
	t = t.withPane(p)
	if resized {
		t = t.resize()
	}
	return t, cmd, true
}

// composePane is the tab's body: the lines above the table (head), the
// table or why it is empty (none: no rows to show), and the open pane.
func composePane[T paneTab[T, L, D], L rows, D comparable](t T, b base, l paneLayout, head []string, none string) string {
	p := t.paneOf()
	list := append(head, p.tbl.lines()...)
	if p.tbl.len() == 0 {
		var zero L
		list = append(list, ui.EmptyList(b.env.styles, p.list.errText(b.env.host), p.list.data != zero, none, l.listWidth))
	}
	var pane []string
	if p.open {
		pane = t.paneLines(l.paneWidth)
	}
	return b.compose(l, list, pane)
}

// fetchRecord is a pane's read of one record: cleaned, and prev itself
// when the record is unchanged (same), so that an unchanged poll leaves
// the pane's data equal and the tab redraws nothing.
func fetchRecord[R any](e *env, feed feedID, gen uint64, prev *R, read func(context.Context) (*R, error), cleanOne func(R) R, same func(a, b R) bool) tea.Cmd {
	return fetchCmd(e, feed, gen, func(ctx context.Context) (*R, error) {
		r, err := orEmpty(read(ctx))
		if err != nil {
			return nil, err
		}
		c := cleanOne(*r)
		if prev != nil && same(*prev, c) {
			return prev, nil
		}
		return &c, nil
	})
}

// The pane tabs' Refresh and poll.

func (t strategiesTab) Refresh() (tab, tea.Cmd)                   { return refreshPane(t) }
func (t poolsTab) Refresh() (tab, tea.Cmd)                        { return refreshPane(t) }
func (t strategiesTab) poll(msg pollMsg) (strategiesTab, tea.Cmd) { return pollPane(t, msg) }
func (t poolsTab) poll(msg pollMsg) (poolsTab, tea.Cmd)           { return pollPane(t, msg) }
