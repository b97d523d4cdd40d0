package model

// Program tests of the mouse: off by default (the terminal keeps its text
// selection); on, the wheel scrolls, a click selects a row or a tab, and M
// toggles it at run time.

import (
	"context"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/ui"
)

const mouseOnSeq = "\x1b[?1002h" // cell motion reporting

func wheel(down bool) tea.MouseMsg {
	b := tea.MouseButtonWheelUp
	if down {
		b = tea.MouseButtonWheelDown
	}
	return tea.MouseMsg{X: 10, Y: 10, Button: b, Action: tea.MouseActionPress}
}

func click(x, y int) tea.MouseMsg {
	return tea.MouseMsg{X: x, Y: y, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress}
}

// idsOnPage1 are the ids of the first page of strategies.
func idsOnPage1(t *testing.T, a *streamApp) []string {
	t.Helper()
	p, err := a.c.ListStrategies(context.Background(), stratFilter{}.integrationQuery(1, 20))
	if err != nil || len(p.Strategies) < 10 {
		t.Fatal(err)
	}
	out := make([]string, len(p.Strategies))
	for i, s := range p.Strategies {
		out[i] = itoa(s.ID)
	}
	return out
}

func selectedID(v string) string {
	f := strings.Fields(strings.TrimPrefix(selectedLine(v), ">"))
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

func TestMouseOffByDefault(t *testing.T) {
	a := startStream(t, nil, 120, 40)
	ids := idsOnPage1(t, a)
	a.keys("2")
	a.waitReady("page 1 of 3")
	a.send(wheel(true))
	a.send(click(10, 2+1+1+6))
	a.keys("down") // after the mouse events: the selection moves one row only
	a.waitFor("row 2", func(v string) bool { return selectedID(v) == ids[1] })
	if strings.Contains(a.out.String(), mouseOnSeq) {
		t.Fatal("mouse reporting turned on by default: the terminal's selection would stop working")
	}
}

func TestMouseWheelClickAndToggle(t *testing.T) {
	a := startStream(t, nil, 120, 40, WithMouse(true))
	ids := idsOnPage1(t, a)
	a.waitStream("mouse reporting on", func(out string) bool { return strings.Contains(out, mouseOnSeq) })
	a.keys("2")
	a.waitReady("page 1 of 3")

	a.send(wheel(true))
	a.waitFor("the wheel's step", func(v string) bool { return selectedID(v) == ids[wheelRows] })
	a.send(wheel(false))
	a.waitFor("back up", func(v string) bool { return selectedID(v) == ids[0] })

	// Body line 0 is the page line, 1 the header: row 6 is at 2+2+6.
	a.send(click(10, ui.HeaderHeight+2+6))
	a.waitFor("the clicked row", func(v string) bool { return selectedID(v) == ids[6] })
	a.send(click(118, ui.HeaderHeight+2+7)) // past the last column, still the list
	a.waitFor("the next clicked row", func(v string) bool { return selectedID(v) == ids[7] })

	// The tab bar: " 1 Overview  [2 Strategies]  3 Pools ..."
	bar := lineWith(a.frame(), "[2 Strategies]")
	a.send(click(strings.Index(bar, "3 Pools"), ui.HeaderHeight-1))
	a.waitReady("[3 Pools]", "SYMBOL")

	a.keys("M")
	a.waitText(a, ui.NoticeMouseOff)
	a.waitStream("mouse reporting off", func(out string) bool { return strings.Contains(out, "\x1b[?1002l") })
	a.send(click(strings.Index(bar, "4 Users"), ui.HeaderHeight-1))
	a.keys("?") // after the click: had it acted, help would be over Users
	v := a.waitFor("help", func(v string) bool { return strings.Contains(v, "[3 Pools]") && strings.Contains(v, "mouse on") })
	if strings.Contains(v, "[4 Users]") {
		t.Fatal("a click acted with the mouse off")
	}
}
