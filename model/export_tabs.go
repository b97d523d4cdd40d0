package model

// What each list tab exports: Users and Pools the rows they hold, in the
// order shown and through the filter; Strategies its filter, page by page.

import (
	"context"
	"io"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/cli"
)

// shownRows are the row indexes the table shows (filter and sort), all of
// them, on screen or not.
func (t table) shownRows() []int {
	out := make([]int, t.len())
	for pos := range out {
		out[pos] = t.rowAt(pos)
	}
	return out
}

func (t usersTab) exportable() bool { return t.list.data != nil && t.tbl.len() > 0 }

func (t usersTab) exportPlan() exportPlan {
	all := t.list.data
	rows := t.tbl.shownRows()
	return exportPlan{tab: "users", write: func(w io.Writer) (int, error) {
		us := make([]api.User, len(rows))
		for i, r := range rows {
			us[i] = all.user(r)
		}
		return len(us), cli.UsersCSV(w, us)
	}}
}

func (t poolsTab) exportable() bool { return t.pane.list.data != nil && t.pane.tbl.len() > 0 }

func (t poolsTab) exportPlan() exportPlan {
	nd := t.pane.list.data
	rows := t.pane.tbl.shownRows()
	if nd.userView {
		return exportPlan{tab: "pools", write: func(w io.Writer) (int, error) {
			ps := make([]api.UserPoolItem, 0, len(rows))
			for _, r := range rows {
				ps = append(ps, nd.items[r])
			}
			return len(ps), cli.UserPoolsCSV(w, ps)
		}}
	}
	return exportPlan{tab: "pools", write: func(w io.Writer) (int, error) {
		ps := make([]api.Pool, 0, len(rows))
		for _, r := range rows {
			ps = append(ps, nd.pools[r])
		}
		return len(ps), cli.PoolsCSV(w, ps)
	}}
}

func (t strategiesTab) exportable() bool {
	nd := t.pane.list.data
	return nd != nil && nd.total > 0
}

// exportPlan reads every page of the tab's filter (the integration's list
// or the chosen user's).
func (t strategiesTab) exportPlan() exportPlan {
	client, user, filter := t.env.api, t.user, t.filter
	return exportPlan{tab: "strategies", page: func(ctx context.Context, page int) ([]api.Strategy, int, error) {
		if user == "" {
			p, err := orEmpty(client.ListStrategies(ctx, filter.integrationQuery(page, exportPageSize)))
			if err != nil {
				return nil, 0, err
			}
			return p.Strategies, p.NumberOfPages, nil
		}
		r, err := orEmpty(client.GetFilteredStrategies(ctx, filter.userQuery(user, page, exportPageSize)))
		if err != nil {
			return nil, 0, err
		}
		out := make([]api.Strategy, len(r.Strategies))
		for i, it := range r.Strategies {
			out[i] = it.Strategy
		}
		return out, r.Pagination.TotalPages, nil
	}}
}
