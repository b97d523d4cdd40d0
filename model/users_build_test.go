package model

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
)

// manyUsers is n users whose text spans several chunks.
func manyUsers(n int) []api.User {
	users := make([]api.User, n)
	for i := range users {
		users[i] = api.User{ID: int64(i + 1), ExternalUserID: "Cust_" + itoa(int64(i)) + strings.Repeat("x", i%7),
			WalletAddress: "0xAbC" + itoa(int64(i)*2654435761) + strings.Repeat("f", 40+i%13)}
	}
	users[5].WalletAddress = ""
	return users
}

// rebuild reads users as a read after prev does.
func rebuild(prev *usersData, users []api.User) *usersData {
	b := newUsersBuilder(prev, 0)
	for _, u := range users {
		b.add(fieldsOf(u))
	}
	return b.done()
}

func TestUsersStoreAcrossChunks(t *testing.T) {
	users := manyUsers(30_000)
	d := usersFromSlice(users)
	if len(d.chunks) < 2 {
		t.Fatalf("%d chunks: the test does not cross a chunk", len(d.chunks))
	}
	for i, u := range users {
		if got := d.user(i); got != u {
			t.Fatalf("user %d = %+v, want %+v", i, got, u)
		}
	}
	if got := d.match("cust_29999", nil); len(got) != 1 || got[0] != 29999 {
		t.Errorf("match = %v", got)
	}
}

// A list read again that equals the one shown is the one shown; a changed
// one holds the new users, and the list shown is left as it was.
func TestUsersReadAgain(t *testing.T) {
	users := manyUsers(30_000)
	prev := usersFromSlice(users)
	if got := rebuild(prev, users); got != prev {
		t.Error("an equal list was built again")
	}
	for k, change := range []func([]api.User) []api.User{
		func(u []api.User) []api.User { u[20_000].WalletAddress = "0xabc"; return u },
		func(u []api.User) []api.User { u[29_999].ExternalUserID = "cust_29998"; return u },
		func(u []api.User) []api.User { u[0].ExternalUserID = "cUst_0"; return u },
		func(u []api.User) []api.User { return append(u, api.User{ID: 1e6, ExternalUserID: "new"}) },
		func(u []api.User) []api.User { return u[:12_345] },
		func(u []api.User) []api.User { return nil },
	} {
		next := change(manyUsers(30_000))
		got := rebuild(prev, next)
		if got == prev || !got.same(usersFromSlice(next)) {
			t.Fatalf("change %d (%d users) not read as given", k, len(next))
		}
		if !prev.same(usersFromSlice(users)) {
			t.Fatal("the list shown changed")
		}
	}
}

// A first read shows its first rows before the rest arrives, and the whole
// list when it ends.
func TestUsersFirstRowsBeforeTheWholeList(t *testing.T) {
	users := manyUsers(firstRowsAt + 500)
	m := New(t.Context(), newFakeAPI(), WithClock(func() time.Time { return t0 }))
	m, _ = m.Update(tea.WindowSizeMsg{Width: 200, Height: 40})
	m, _ = press(m, "4")
	release := make(chan struct{})
	cmd := fetchUsersCmd(m.env, m.usersTab().list.gen, func(ctx context.Context, first func(*usersData)) (*usersData, error) {
		b := newUsersBuilder(nil, 0)
		for i, u := range users {
			b.add(fieldsOf(u))
			if i+1 == firstRowsAt {
				first(b.snapshot())
				<-release
			}
		}
		return b.done(), nil
	})
	msg := cmd()
	firstRows, ok := msg.(usersFirstRowsMsg)
	if !ok {
		t.Fatalf("first message %T, want the first rows", msg)
	}
	m, _ = m.Update(firstRows)
	if v := m.View(); !strings.Contains(v, "Cust_0") || !strings.Contains(v, "2048 users") || !strings.Contains(v, "loading") {
		t.Fatalf("first rows not shown:\n%s", v)
	}
	close(release)
	m, _ = m.Update(firstRows.rest())
	if v := m.View(); !strings.Contains(v, "2548 users") || strings.Contains(v, "first rows") {
		t.Fatalf("whole list not shown:\n%s", v)
	}
}

// Every field is kept as the sanitiser makes it, whether it is taken as it
// comes (printable ASCII within the bound) or cleaned.
func TestUsersFieldsAreSanitised(t *testing.T) {
	hostile := []string{
		"plain_ID-42", "", " ", "~", strings.Repeat("a", maxFieldRunes), strings.Repeat("A", maxFieldRunes+1),
		"\x1b[31mred\x1b[0m", "\x1b]8;;http://evil\x07link\x1b]8;;\x07", "del\x7f", "tab\there", "cr\r\nlf", "nul\x00",
		"\u009b31m", "\xc2\x9b31m", "bad\xff", "café", "中文", "😀", "\u202eevil", "zero\u200bwidth", "Ω", "\ufffd",
		strings.Repeat("é", maxFieldRunes+3),
	}
	users := make([]api.User, len(hostile))
	for i, s := range hostile {
		users[i] = api.User{ID: int64(i), ExternalUserID: s, WalletAddress: "0x" + s}
	}
	d := usersFromSlice(users)
	for i, s := range hostile {
		if got, want := d.field(i, 0), clean(s); got != want {
			t.Errorf("external id %q kept as %q, want %q", s, got, want)
		}
		if got, want := d.field(i, 1), clean("0x"+s); got != want {
			t.Errorf("wallet %q kept as %q, want %q", "0x"+s, got, want)
		}
	}
}
