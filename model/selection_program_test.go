package model

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

func TestProgramUsersSelectionIsTheUserThroughFilterAndSort(t *testing.T) {
	a := startApp(t, 120, 40)
	a.keys("4")
	a.waitReady("12 users")
	users := a.sb.Users()
	a.keys("down", "down", "down")
	a.waitText("row 4 of 12")
	picked := selectedLine(a.frame())
	if picked == "" {
		t.Fatal("no row selected")
	}
	var who string
	for _, u := range users {
		if strings.Contains(picked, u.ExternalUserID) {
			who = u.ExternalUserID
		}
	}
	if who == "" {
		t.Fatalf("the selected row names no user: %q", picked)
	}
	on := func(what string) {
		t.Helper()
		a.waitFor(what+": the cursor on "+who, func(v string) bool { return strings.Contains(selectedLine(v), who) })
	}
	// A sort reorders the rows: the cursor stays on the user.
	a.keys("o")
	on("sorted")
	a.keys("O")
	on("reversed")
	// A filter that still shows the user: the cursor stays on it.
	frag := who[len(who)-2:]
	a.keys("/")
	a.typeText(frag)
	a.keys("enter")
	on("filtered")
	// Reopened, the filter's text is selected: typing replaces it. A
	// filter that hides the user sends the cursor to the top, and says so.
	var other string
	for _, u := range users {
		if u.ExternalUserID != who && !strings.Contains(who, u.ExternalUserID[len(u.ExternalUserID)-3:]) {
			other = u.ExternalUserID
			break
		}
	}
	a.keys("/")
	a.typeText(other[len(other)-3:])
	a.waitText("/ "+other[len(other)-3:]+"▏", "1 of 12 users · row 1 of 1 · selected user not shown")
	if strings.Contains(a.frame(), frag+other[len(other)-3:]) {
		t.Fatalf("typing appended to the reopened filter:\n%s", a.frame())
	}
	// The cursor moves: the loss is no longer said.
	a.keys("down")
	a.waitFor("the notice gone", func(v string) bool { return !strings.Contains(v, "not shown") })
}

func TestFilterReopenedStartsSelected(t *testing.T) {
	k := DefaultKeyMap().Input
	in := newLineInput(maxFilterRunes, nil)
	in, _ = in.focus().update(keyMsg("a"), k)
	in, _ = in.update(keyMsg("b"), k)
	if in.selected || in.Value() != "ab" {
		t.Fatalf("a new filter: %+v", in)
	}
	in.focused = false
	in = in.focus()
	if !in.selected {
		t.Fatal("reopened with text: not selected")
	}
	if got, changed := in.update(keyMsg("c"), k); got.Value() != "c" || !changed || got.selected {
		t.Fatalf("typing over the selection: %q (changed %v)", got.Value(), changed)
	}
	if got, changed := in.update(keyMsg("backspace"), k); got.Value() != "" || !changed {
		t.Fatalf("backspace over the selection: %q", got.Value())
	}
	if got := newLineInput(maxFilterRunes, nil).focus(); got.selected {
		t.Fatal("an empty filter opened selected")
	}
}

// The Pools tab says where its cursor is, as the other lists do, and says
// it again as the cursor moves; at 80 columns the line still fits.
func TestProgramPoolsSaysWhereTheCursorIs(t *testing.T) {
	a := startApp(t, 80, 24)
	a.keys("3")
	a.waitText("row 1 of ")
	a.keys("down", "down")
	a.waitText("row 3 of ")
	for i, line := range strings.Split(a.frame(), "\n") {
		if w := ansi.StringWidth(line); w > 80 {
			t.Fatalf("frame line %d is %d cells wide: %q", i, w, line)
		}
	}
}
