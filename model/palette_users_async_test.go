package model

import (
	"slices"
	"testing"
	"time"
)

// indexedUsers is a list large enough to be indexed, with its index built.
func indexedUsers(t *testing.T) *usersData {
	t.Helper()
	d := benchUsers(indexMinUsers + 1000)
	prepareUserIndex(d)
	deadline := time.Now().Add(30 * time.Second)
	for readyUserIndex(d) == nil {
		if time.Now().After(deadline) {
			t.Fatal("the index was not built")
		}
		time.Sleep(5 * time.Millisecond)
	}
	return d
}

// An indexed answer slower than a key waits for it comes as a message: the
// key shows at once the users of the shown answer that match the longer
// query too (marked searching), and the message brings the whole answer.
func TestUserSearchSlowerThanAKeyAnswersAsAMessage(t *testing.T) {
	d := indexedUsers(t)
	old := indexWait
	indexWait = 0
	t.Cleanup(func() { indexWait = old })

	shown := userFuzzy{}.narrow(d, "cust_4")
	if !shown.done() || len(shown.top()) == 0 {
		t.Fatal("the first answer did not come whole")
	}
	f := shown.start(d, "cust_47")
	now, cmd := answerFromIndex(f, shown, 7)
	if cmd == nil || now.done() {
		t.Fatal("a slow answer held the key instead of coming as a message")
	}
	for _, h := range now.top() {
		if scoreUser(d.lower(int(h.row), 0), d.lower(int(h.row), 1), []byte("cust_47")) <= 0 {
			t.Fatalf("row %d shown while searching does not match the query", h.row)
		}
	}
	msg, ok := cmd().(paletteFoundMsg)
	if !ok || msg.gen != 7 || !msg.users.done() {
		t.Fatalf("the answer's message: %#v", msg)
	}
	if got, want := msg.users.top(), bruteTop(d, "cust_47"); !slices.Equal(got, want) {
		t.Fatalf("answer %v, scan %v", got, want)
	}
}

// An answer for a line since changed is dropped: the dropdown shows what
// the line holds now.
func TestUserSearchAnswerForAnEarlierLineIsDropped(t *testing.T) {
	d := indexedUsers(t)
	var m Model
	m.palette = &palette{gen: 9}
	late := userFuzzy{}.narrow(d, "cust_4")
	m, _ = m.paletteFound(paletteFoundMsg{gen: 8, users: late})
	if len(m.palette.items) != 0 {
		t.Fatalf("an answer of an earlier line was shown: %v", m.palette.items)
	}
	m, _ = m.paletteFound(paletteFoundMsg{gen: 9, users: late})
	if len(m.palette.items) == 0 {
		t.Fatal("the answer of the line shown was dropped")
	}
}
