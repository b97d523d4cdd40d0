package model

// Program tests of sorting: o cycles the column, O reverses, the header
// shows it, numbers sort by value, and the selection stays on its id; the
// Strategies tab asks the server for its order.

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
)

// rowsOf are the table rows of a frame (lines below the header line that
// holds header, up to the first empty line), trimmed of the gutter.
func rowsOf(frame, header string) []string {
	lines := strings.Split(frame, "\n")
	var out []string
	on := false
	for _, l := range lines {
		switch {
		case strings.Contains(l, header):
			on = true
		case on && strings.TrimSpace(l) == "":
			return out
		case on && len(l) > 2:
			out = append(out, l[2:])
		}
	}
	return out
}

func TestSortUsersKeepsTheSelection(t *testing.T) {
	a := startStream(t, nil, 120, 40)
	users := a.sb.Users()
	a.keys("4")
	a.waitReady("[4 Users]", "EXTERNAL ID")
	a.keys("down", "down", "down", "down")
	sel := users[4].ExternalUserID
	a.waitFor("row 5 selected", func(v string) bool { return strings.Contains(selectedLine(v), sel) })

	a.keys("o") // ID, ascending
	a.waitText(a, "ID↑", "sorted by ID, ascending")
	a.keys("o") // external id, ascending
	v := a.waitFor("EXTERNAL ID sorted", func(v string) bool { return strings.Contains(v, "EXTERNAL ID↑") })
	if !strings.Contains(selectedLine(v), sel) {
		t.Fatalf("the selection left %s:\n%s", sel, v)
	}
	ext := make([]string, len(users))
	for i, u := range users {
		ext[i] = strings.ToLower(u.ExternalUserID)
	}
	slices.Sort(ext)
	rows := rowsOf(v, "EXTERNAL ID")
	for i, r := range rows {
		if !strings.Contains(strings.ToLower(r), ext[i]) {
			t.Fatalf("row %d is %q, want %s first:\n%s", i, r, ext[i], v)
		}
	}

	a.keys("O")
	v = a.waitFor("reversed", func(v string) bool { return strings.Contains(v, "EXTERNAL ID↓") })
	if rows := rowsOf(v, "EXTERNAL ID"); !strings.Contains(strings.ToLower(rows[0]), ext[len(ext)-1]) {
		t.Fatalf("reversed, the first row is %q, want %s", rows[0], ext[len(ext)-1])
	}
	if !strings.Contains(selectedLine(v), sel) {
		t.Fatalf("the selection left %s after O:\n%s", sel, v)
	}
}

func TestSortPoolsByNumberValue(t *testing.T) {
	a := startStream(t, nil, 160, 50)
	a.keys("3")
	a.waitReady("SYMBOL", "DEC")
	// ID, SYMBOL, NAME, CHAIN, DEC: a number column.
	a.keys("o", "o", "o", "o", "o")
	v := a.waitFor("DE↑ sorted", func(v string) bool { return strings.Contains(v, "DE↑") })
	header := lineWith(v, "DE↑")
	at := strings.Index(header, "DE↑") - 2
	var decs []int
	for _, r := range rowsOf(v, "DE↑") {
		f := strings.Fields(r[at:])
		n, err := strconv.Atoi(f[0])
		if err != nil {
			t.Fatalf("row %q: no decimals at %d", r, at)
		}
		decs = append(decs, n)
	}
	if len(decs) < 3 || !slices.IsSorted(decs) || decs[0] == decs[len(decs)-1] {
		t.Fatalf("decimals in order %v: not numerically ascending (or nothing to sort)", decs)
	}
}

func TestSortStrategiesByTheServer(t *testing.T) {
	a := startStream(t, nil, 120, 40)
	a.keys("2")
	a.waitReady("page 1 of 3", "ID↓")
	p, err := a.c.ListStrategies(context.Background(), api.StrategyFilter{Page: 1, PageSize: 20, SortBy: "oldest"})
	if err != nil || len(p.Strategies) == 0 {
		t.Fatal(err)
	}
	first := itoa(p.Strategies[0].ID)
	a.keys("o")
	v := a.waitReady("ID↑", "oldest first")
	if !strings.HasPrefix(strings.TrimSpace(selectedLine(v)[1:]), first+" ") {
		t.Fatalf("oldest first, the first row is %q, want strategy %s", selectedLine(v), first)
	}
	a.keys("O")
	a.waitReady("ID↓")
}
