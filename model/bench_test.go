package model

// Benchmarks of the frame budget: a full Strategies frame of 100
// rows at 200x60, an unchanged poll, and a key press.

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
)

// strategiesFrame is the Strategies tab showing 100 strategies at 200x60
// (with the detail pane when detail is set).
func strategiesFrame(b *testing.B, detail bool) Model {
	b.Helper()
	m := New(b.Context(), newFakeAPI(), WithClock(func() time.Time { return t0 }), WithPageSize(100))
	m, _ = m.Update(tea.WindowSizeMsg{Width: 200, Height: 60})
	m, _ = press(m, "2")
	ss := make([]api.Strategy, 100)
	for i := range ss {
		ss[i] = strat(int64(1000-i), []api.Status{api.StatusActive, api.StatusPaused, api.StatusSuspended, api.StatusCompleted}[i%4])
		ss[i].Orders, ss[i].ExecutedOrders = 40, int64(i%40)
		ss[i].Pool.TokenPrice = "0.000123"
		ss[i].UpdatedAt = "2025-03-04T12:00:00Z"
	}
	m, _ = m.Update(pageReply(m, ss...))
	if detail {
		m, _ = press(m, "enter")
	}
	return m
}

func BenchmarkStrategiesView(b *testing.B) {
	m := strategiesFrame(b, false)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = m.View()
	}
}

func BenchmarkUnchangedPoll(b *testing.B) {
	m := strategiesFrame(b, false)
	msg := fetchedMsg{session: m.env.session, feed: feedStrategies, gen: m.strategiesTab().pane.list.gen, data: m.strategiesTab().pane.list.data}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.tabs[tabStrategies] = m.strategiesTab()
		n, _ := m.Update(msg)
		_ = n.View()
	}
}

// benchKeys measures Update and View of keys a and b pressed in turn, so
// the state the benchmark starts from is kept.
func benchKeys(b *testing.B, m Model, a, other string) {
	b.Helper()
	ka, kb := keyMsg(a), keyMsg(other)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := ka
		if i%2 == 1 {
			k = kb
		}
		m, _ = m.Update(k)
		_ = m.View()
	}
}

func BenchmarkKeyDown(b *testing.B) {
	m := strategiesFrame(b, false)
	benchKeys(b, m, "down", "up")
}

func BenchmarkKeyDownWithDetail(b *testing.B) {
	m := strategiesFrame(b, true)
	benchKeys(b, m, "down", "up")
}

func BenchmarkNewPage(b *testing.B) {
	m := strategiesFrame(b, false)
	old := m.strategiesTab().pane.list.data
	// Two prepared pages that differ, delivered alternately: every Update
	// renders the visible rows again.
	p := &api.StrategiesPage{Page: 1, PageSize: 100, NumberOfPages: 1, TotalCount: 100}
	for _, it := range old.items {
		s := it.Strategy
		s.ExecutedOrders++
		p.Strategies = append(p.Strategies, s)
	}
	pages := []*strategiesData{prepareStrategiesPage(p), old}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m, _ = m.Update(fetchedMsg{session: m.env.session, feed: feedStrategies, gen: m.strategiesTab().pane.list.gen, data: pages[i%2]})
		_ = m.View()
	}
}

// usersFrame is the Users tab with n users at 200x60.
func usersFrame(b *testing.B, n int) Model {
	b.Helper()
	m := New(b.Context(), newFakeAPI(), WithClock(func() time.Time { return t0 }))
	m, _ = m.Update(tea.WindowSizeMsg{Width: 200, Height: 60})
	m, _ = press(m, "4")
	users := make([]api.User, n)
	for i := range users {
		users[i] = api.User{ID: int64(i + 1), ExternalUserID: "cust_" + itoa(int64(i*7919%1000003)), WalletAddress: "0x" + itoa(int64(i)*2654435761)}
	}
	m, _ = m.Update(fetchedMsg{session: m.env.session, feed: feedUsers, gen: m.usersTab().list.gen, data: usersFromSlice(users)})
	m, _ = press(m, "/", "1")
	return m
}

func benchmarkUsersKeystroke(b *testing.B, n int) {
	m := usersFrame(b, n)
	benchKeys(b, m, "2", "backspace")
}

// BenchmarkUsersKeystroke*: the filter holds "1"; each iteration types "2"
// (a scan of the matches of "1") or backspace (back to the matches of "1",
// remembered), then draws the frame.
func BenchmarkUsersKeystroke10k(b *testing.B)  { benchmarkUsersKeystroke(b, 10_000) }
func BenchmarkUsersKeystroke100k(b *testing.B) { benchmarkUsersKeystroke(b, 100_000) }
func BenchmarkUsersKeystroke1M(b *testing.B)   { benchmarkUsersKeystroke(b, 1_000_000) }

// benchmarkUsersTyping types a whole query key by key into an empty
// filter, then empties it, drawing the frame after each key; ns/op is per
// key.
func benchmarkUsersTyping(b *testing.B, n int) {
	m := usersFrame(b, n)
	m, _ = press(m, "backspace")
	keys := []tea.KeyMsg{keyMsg("c"), keyMsg("u"), keyMsg("s"), keyMsg("t"), keyMsg("_"), keyMsg("4"), keyMsg("2")}
	for range keys {
		keys = append(keys, keyMsg("backspace"))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m, _ = m.Update(keys[i%len(keys)])
		_ = m.View()
	}
}

// benchmarkUsersFirstKey types the first key of a query into an empty
// filter (a scan of every user) and erases it, drawing the frame after
// each; ns/op is per key, half of them scans.
func benchmarkUsersFirstKey(b *testing.B, n int) {
	m := usersFrame(b, n)
	m, _ = press(m, "backspace")
	keys := []tea.KeyMsg{keyMsg("7"), keyMsg("backspace")}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m, _ = m.Update(keys[i%2])
		_ = m.View()
	}
}

func BenchmarkUsersFirstKey100k(b *testing.B) { benchmarkUsersFirstKey(b, 100_000) }
func BenchmarkUsersFirstKey1M(b *testing.B)   { benchmarkUsersFirstKey(b, 1_000_000) }

func BenchmarkUsersTyping100k(b *testing.B) { benchmarkUsersTyping(b, 100_000) }
func BenchmarkUsersTyping1M(b *testing.B)   { benchmarkUsersTyping(b, 1_000_000) }

func BenchmarkBuildUsers100k(b *testing.B) {
	users := make([]api.User, 100_000)
	for i := range users {
		users[i] = api.User{ID: int64(i + 1), ExternalUserID: "cust_" + itoa(int64(i)), WalletAddress: "0x" + itoa(int64(i)*2654435761)}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = usersFromSlice(users)
	}
}
