package model

// The Strategies list is ordered and paged by the server: o and O ask it
// for the next order (sortBy on the integration's list, value on a
// user's) and mark the header; an export reads it page by page.

import (
	"context"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

// serverSortMark is the column a server order sorts by and its direction:
// newest first is the ids descending; a user's value order is marked on
// the balance. "" for the server's default order.
func serverSortMark(sortBy string, userView bool) (title string, desc bool) {
	switch {
	case !userView && sortBy == "oldest":
		return "ID", false
	case !userView:
		return "ID", true
	case sortBy == "highest":
		return "BALANCE", true
	case sortBy == "lowest":
		return "BALANCE", false
	}
	return "", false
}

// reversedSort is the opposite server order ("" when there is none).
func reversedSort(sortBy string, userView bool) string {
	switch sortBy {
	case "":
		if userView {
			return ""
		}
		return "oldest"
	case "oldest":
		return ""
	case "highest":
		return "lowest"
	case "lowest":
		return "highest"
	}
	return sortBy
}

// markSort marks the header with the filter's server order.
func (t strategiesTab) markSort() strategiesTab {
	title, desc := serverSortMark(t.filter[fieldSort], t.userView())
	t.pane.tbl = t.pane.tbl.markSort(title, desc)
	return t
}

// serverSort asks the server for the next order (reverse: the opposite).
func (t strategiesTab) serverSort(reverse bool) (tab, string, tea.Cmd) {
	uv := t.userView()
	f := t.filter
	if reverse {
		f[fieldSort] = reversedSort(f[fieldSort], uv)
	} else {
		f = f.cycle(fieldSort, 1, uv)
	}
	if f == t.filter {
		return t, "", nil
	}
	t.filter, t.page = f, 1
	t = t.markSort()
	var cmd tea.Cmd
	t, cmd = t.reload()
	return t.render(), ui.NoticeServerSorted(fieldLabel(fieldSort, f[fieldSort], uv)), cmd
}

// serverReversible reports whether the server has an opposite order now.
func (t strategiesTab) serverReversible() bool {
	return !t.userView() || t.filter[fieldSort] != ""
}

// pageReader reads one page of the tab's filter (the integration's list
// or the chosen user's) for an export, at the export's page size, with the
// client, user and filter of the moment the export starts.
func (t strategiesTab) pageReader() func(ctx context.Context, page int) ([]api.Strategy, int, error) {
	client, user, filter := t.env.api, t.user, t.filter
	return func(ctx context.Context, page int) ([]api.Strategy, int, error) {
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
	}
}
