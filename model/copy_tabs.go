package model

// What each list tab offers y and Y: the selected row's id and record.

// clip of the Strategies tab: the strategy id; the record is the detail
// pane's read when it is open on the row, else the list's item.
func (t strategiesTab) clip() (clip, bool) {
	_, row, ok := t.pane.tbl.selected()
	nd := t.pane.list.data
	if !ok || nd == nil || row >= len(nd.items) {
		return clip{}, false
	}
	it := nd.items[row]
	var rec any = it.Strategy
	if nd.userView {
		rec = it
	}
	if full, ok := t.pane.paneData(); ok {
		rec = *full
	}
	return clip{what: "strategy id", id: itoa(it.ID), record: rec}, true
}

// clip of the Users tab: the external id; the record is the single read
// (with the e-mail) when the row is the chosen user, else the list's.
func (t usersTab) clip() (clip, bool) {
	_, row, ok := t.tbl.selected()
	if !ok || t.list.data == nil || row >= t.list.data.Len() {
		return clip{}, false
	}
	u := t.list.data.user(row)
	if d := t.detail.data; d != nil && row == t.chosenRow {
		u = d.user
	}
	return clip{what: "user external id", id: u.ExternalUserID, record: u}, true
}

// clip of the Pools tab: the token address; the record is the pool (the
// pane's read when open on the row) or the chosen user's pool item.
func (t poolsTab) clip() (clip, bool) {
	_, row, ok := t.pane.tbl.selected()
	nd := t.pane.list.data
	switch {
	case !ok || nd == nil:
		return clip{}, false
	case nd.userView && row < len(nd.items):
		it := nd.items[row]
		return clip{what: "token address", id: it.TokenAddress, record: it}, true
	case !nd.userView && row < len(nd.pools):
		p := nd.pools[row]
		if full, ok := t.pane.paneData(); ok {
			p = *full
		}
		return clip{what: "token address", id: p.TokenAddress, record: p}, true
	}
	return clip{}, false
}
