package model

import (
	"slices"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
)

func TestUsersStoreKeepsEachUser(t *testing.T) {
	users := []api.User{
		{ID: 7, ExternalUserID: "Alice", WalletAddress: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin"},
		{ID: 8, ExternalUserID: "bob", WalletAddress: "0xabcdef0123456789abcdef0123456789abcdef01"},
		{ID: 9, ExternalUserID: "Zoë\x1b[2J", WalletAddress: ""},
		{ID: 10, ExternalUserID: "", WalletAddress: "0xABC"},
	}
	d := usersFromSlice(users)
	if d.Len() != 4 || d.ID(2) != 9 {
		t.Fatalf("len %d, id %d", d.Len(), d.ID(2))
	}
	for i, u := range users {
		want := api.User{ID: u.ID, ExternalUserID: clean(u.ExternalUserID), WalletAddress: clean(u.WalletAddress)}
		if got := d.user(i); got != want {
			t.Errorf("user %d = %+v, want %+v", i, got, want)
		}
	}
	for i := range users {
		for col, c := range d.Cells(i) {
			if got := d.CellText(i, col); got != c.Text {
				t.Errorf("user %d column %d: CellText %q, cell %q", i, col, got, c.Text)
			}
		}
	}
	for _, c := range []struct {
		ext  string
		want int
	}{{"Alice", 0}, {"alice", -1}, {"bob", 1}, {"BOB", -1}, {"nobody", -1}, {"", -1}} {
		if got := d.find(c.ext); got != c.want {
			t.Errorf("find(%q) = %d, want %d", c.ext, got, c.want)
		}
	}
}

func TestUsersStoreMatch(t *testing.T) {
	d := usersFromSlice([]api.User{
		{ID: 1, ExternalUserID: "cust_A1", WalletAddress: "0xAAA"},
		{ID: 2, ExternalUserID: "cust_b2", WalletAddress: "0xbbb"},
		{ID: 3, ExternalUserID: "other", WalletAddress: "ZZcust"},
		{ID: 4, ExternalUserID: "x1", WalletAddress: "0x"},
	})
	for _, c := range []struct {
		q    string
		want []int
	}{
		{"cust", []int{0, 1, 2}}, {"a1", []int{0}}, {"0xa", []int{0}}, {"zzc", []int{2}},
		{"10x", nil}, // not across the external id and the wallet
		{"1", []int{0, 3}}, {"x", []int{0, 1, 3}},
	} {
		if got := d.match(c.q, nil); !slices.Equal(got, c.want) && !(len(got) == 0 && len(c.want) == 0) {
			t.Errorf("match(%q) = %v, want %v", c.q, got, c.want)
		}
	}
	if got := d.match("cust_", []int{1, 3}); !slices.Equal(got, []int{1}) {
		t.Errorf("narrowed match = %v, want [1]", got)
	}
}

func TestUsersBuilderStartsOver(t *testing.T) {
	b := newUsersBuilder(usersFromSlice([]api.User{{ID: 1, ExternalUserID: "a"}}), 0)
	b.add(fieldsOf(api.User{ID: 1, ExternalUserID: "HALF"}))
	b.reset()
	b.add(fieldsOf(api.User{ID: 2, ExternalUserID: "whole", WalletAddress: "W"}))
	d := b.done()
	if d.Len() != 1 || d.user(0) != (api.User{ID: 2, ExternalUserID: "whole", WalletAddress: "W"}) {
		t.Fatalf("after reset: %d users, first %+v", d.Len(), d.user(0))
	}
	if !d.same(usersFromSlice([]api.User{{ID: 2, ExternalUserID: "whole", WalletAddress: "W"}})) {
		t.Error("same list not same")
	}
	if d.same(usersFromSlice([]api.User{{ID: 2, ExternalUserID: "whole", WalletAddress: "w"}})) {
		t.Error("a change of case not seen")
	}
}

// Typing and erasing in any order gives the matches a fresh scan gives.
func TestUsersFilterStepsMatchAFreshScan(t *testing.T) {
	users := make([]api.User, 3000)
	for i := range users {
		users[i] = api.User{ID: int64(i + 1), ExternalUserID: "cust_" + itoa(int64(i*7919%100003)), WalletAddress: "0x" + itoa(int64(i)*2654435761)}
	}
	m := New(t.Context(), newFakeAPI(), WithClock(func() time.Time { return t0 }))
	m, _ = m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m, _ = press(m, "4")
	m, _ = m.Update(fetchedMsg{session: m.env.session, feed: feedUsers, gen: m.usersTab().list.gen, data: usersFromSlice(users)})
	m, _ = press(m, "/")
	for _, k := range []string{"1", "2", "backspace", "3", "4", "backspace", "backspace", "backspace", "c", "u", "5", "backspace", "backspace", "0", "x", "9", "backspace", "backspace", "backspace", "7", "7"} {
		m, _ = press(m, k)
		ut := m.usersTab()
		want := ut.list.data.match(ut.query, nil)
		if ut.query == "" {
			want = nil
		}
		if !slices.Equal(ut.matched, want) {
			t.Fatalf("after %q the filter %q shows %d rows, a scan finds %d", k, ut.query, len(ut.matched), len(want))
		}
	}
}
