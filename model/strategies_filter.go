package model

// Filters of the Strategies tab and their picker. The integration view
// (GET /strategies) filters on status, category, method and chain and sorts
// by latest or oldest; the chosen user's view (getFilteredStrategies) has no
// chain filter, no suspended status, and sorts by value. Values that the
// other view does not accept are reset when the view changes.

import (
	"strconv"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

// Filter fields, in picker order.
const (
	fieldStatus = iota
	fieldCategory
	fieldMethod
	fieldChain
	fieldSort
	fieldCount
)

var fieldNames = [fieldCount]string{"status", "category", "method", "chain", "sort"}

// stratFilter holds the wire value of each field; "" means any (or the
// server's default order).
type stratFilter [fieldCount]string

// fieldValues lists the values of a field in the given view; "" comes first.
func fieldValues(field int, userView bool) []string {
	switch field {
	case fieldStatus:
		if userView {
			return []string{"", string(api.StatusActive), string(api.StatusPaused), string(api.StatusCompleted)}
		}
		return []string{"", string(api.StatusActive), string(api.StatusSuspended), string(api.StatusPaused), string(api.StatusCompleted)}
	case fieldCategory:
		return []string{"", api.CategoryBuy, api.CategorySell, api.CategoryRange}
	case fieldMethod:
		return []string{"", api.MethodDCA, api.MethodVolume}
	case fieldChain:
		if userView {
			return []string{""}
		}
		out := []string{""}
		for _, c := range api.Chains {
			out = append(out, strconv.FormatInt(c, 10))
		}
		return out
	case fieldSort:
		if userView {
			return []string{"", "highest", "lowest"}
		}
		return []string{"", "oldest"}
	}
	return []string{""}
}

// fieldLabel words a field value for the picker and the page line.
func fieldLabel(field int, v string, userView bool) string {
	switch {
	case field == fieldChain && v != "":
		id, _ := strconv.ParseInt(v, 10, 64)
		return ui.ChainName(id)
	case field == fieldChain && userView:
		return "n/a"
	case field == fieldSort && v == "" && userView:
		return "default"
	case field == fieldSort && v == "":
		return "latest first"
	case field == fieldSort && !userView:
		return v + " first"
	case field == fieldSort:
		return v + " value"
	case v == "":
		return "any"
	}
	return v
}

// fit resets the values the view does not accept.
func (f stratFilter) fit(userView bool) stratFilter {
	for i := range f {
		ok := false
		for _, v := range fieldValues(i, userView) {
			if v == f[i] {
				ok = true
				break
			}
		}
		if !ok {
			f[i] = ""
		}
	}
	return f
}

// cycle moves a field to its next (dir 1) or previous (dir -1) value.
func (f stratFilter) cycle(field, dir int, userView bool) stratFilter {
	vals := fieldValues(field, userView)
	i := 0
	for j, v := range vals {
		if v == f[field] {
			i = j
		}
	}
	f[field] = vals[(i+dir+len(vals))%len(vals)]
	return f
}

// uiFields words the filter for ui.FilterBar and ui.FilterSummary; the sort
// field is left out of the summary when it is the default.
func (f stratFilter) uiFields(userView bool) []ui.FilterField {
	out := make([]ui.FilterField, 0, fieldCount)
	for i := range f {
		out = append(out, ui.FilterField{Name: fieldNames[i], Value: fieldLabel(i, f[i], userView)})
	}
	return out
}

// summary words the active filters: "status active, chain Base".
func (f stratFilter) summary(userView bool) string {
	fields := make([]ui.FilterField, 0, fieldCount)
	for i := range f {
		if f[i] != "" {
			fields = append(fields, ui.FilterField{Name: fieldNames[i], Value: fieldLabel(i, f[i], userView)})
		}
	}
	return ui.FilterSummary(fields)
}

// integrationQuery is the GET /strategies query of the filter.
func (f stratFilter) integrationQuery(page, pageSize int) api.StrategyFilter {
	chain, _ := strconv.ParseInt(f[fieldChain], 10, 64)
	sortBy := f[fieldSort]
	if sortBy == "" {
		sortBy = "latest"
	}
	return api.StrategyFilter{
		ChainID: chain, Status: api.Status(f[fieldStatus]), Category: f[fieldCategory],
		StrategyMethod: f[fieldMethod], Page: page, PageSize: pageSize, SortBy: sortBy,
	}
}

// userQuery is the getFilteredStrategies body of the filter.
func (f stratFilter) userQuery(user string, page, pageSize int) api.FilteredStrategiesRequest {
	all := func(v string) string {
		if v == "" {
			return "all"
		}
		return v
	}
	return api.FilteredStrategiesRequest{
		UserID: user, Category: all(f[fieldCategory]), Status: api.Status(f[fieldStatus]),
		StrategyMethod: all(f[fieldMethod]), Value: f[fieldSort], Page: page, PageSize: pageSize,
	}
}

// picker is the open filter picker: a draft applied on enter.
type picker struct {
	open  bool
	field int
	draft stratFilter
}

// updatePicker handles a key while the picker is open.
func (t strategiesTab) updatePicker(msg tea.KeyMsg) (strategiesTab, tea.Cmd) {
	k := t.env.keys.Picker
	uv := t.userView()
	switch {
	case key.Matches(msg, k.Cancel):
		t.picker.open = false
	case key.Matches(msg, k.Apply):
		t.picker.open = false
		if t.picker.draft != t.filter {
			t.filter = t.picker.draft
			t.page = 1
			t = t.markSort()
			return t.reload()
		}
	case key.Matches(msg, k.FieldNext):
		t.picker.field = (t.picker.field + 1) % fieldCount
	case key.Matches(msg, k.FieldPrev):
		t.picker.field = (t.picker.field + fieldCount - 1) % fieldCount
	case key.Matches(msg, k.ValueNext):
		t.picker.draft = t.picker.draft.cycle(t.picker.field, 1, uv)
	case key.Matches(msg, k.ValuePrev):
		t.picker.draft = t.picker.draft.cycle(t.picker.field, -1, uv)
	}
	return t, nil
}

// pickerHelp is the help while the picker is open: its keys only, since
// every other key is the picker's.
func pickerHelp(k ui.PickerKeys) ui.HelpMap {
	return ui.HelpMap{
		Short: []key.Binding{k.FieldNext, k.ValueNext, k.Apply, k.Cancel},
		Full:  [][]key.Binding{{k.FieldPrev, k.FieldNext, k.ValuePrev, k.ValueNext}, {k.Apply, k.Cancel}},
	}
}
