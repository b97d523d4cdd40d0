package model

import "github.com/stratop/stratop/ui"

// watchFlags marks the rows of watched users; nil when none is watched.
func (t usersTab) watchFlags() map[int64]ui.RowFlags {
	if len(t.watched) == 0 || t.list.data == nil {
		return nil
	}
	f := make(map[int64]ui.RowFlags, len(t.watched))
	for ext := range t.watched {
		if i := t.list.data.find(ext); i >= 0 {
			f[t.list.data.ids[i]] = ui.RowFlags{Watched: true}
		}
	}
	return f
}
