package model

import "testing"

// BenchmarkUsersSort100k is o on the Users tab of 100,000 users with a
// one-character filter, cycling ID, EXTERNAL ID, WALLET and back (Update
// and View): a sort of the rows that pass the filter per key.
func BenchmarkUsersSort100k(b *testing.B) {
	m := usersFrame(b, 100_000)
	m, _ = press(m, "enter") // keep the filter, leave the input
	o := keyMsg("o")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m, _ = m.Update(o)
		_ = m.View()
	}
}

// BenchmarkUsersKeystrokeSorted100k is a filter keystroke while the list is
// sorted by external id: the filter walks the kept sorted order.
func BenchmarkUsersKeystrokeSorted100k(b *testing.B) {
	m := usersFrame(b, 100_000)
	m, _ = press(m, "enter", "o", "o", "/")
	benchKeys(b, m, "2", "backspace")
}
