package fleetview

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/stratop/stratop/internal/fleet"
	"github.com/stratop/stratop/internal/testkit"
)

func init() { lipgloss.SetColorProfile(termenv.Ascii) }

// sampleRows are n integrations in every state, one with a halt.
func sampleRows(n int) []fleet.Row {
	now := time.Now()
	states := []fleet.State{fleet.OK, fleet.Stale, fleet.Failing, fleet.Rejected, fleet.OK}
	rows := make([]fleet.Row, n)
	for i := range rows {
		users, alerts := int64(40+i), i%3
		age := int64(i % 30)
		r := fleet.Row{Profile: fmt.Sprintf("p%02d", i), Label: fmt.Sprintf("PROD-EU-%02d", i), Host: fmt.Sprintf("api%02d.partner.example:443", i),
			State: states[i%len(states)], StateFor: time.Duration(i) * 7 * time.Second, Polled: true, ReadOnly: i%4 == 0,
			ReadAt: now, AgeSeconds: &age, Users: &users, OpenAlerts: &alerts,
			Strategies: map[string]int{"active": 280 + i, "suspended": 4, "paused": 3, "completed": 62},
			Change:     map[string]int{"paused": 1}}
		if i%5 == 0 {
			r.Movers = []fleet.Mover{{ID: int64(1000 + i), Status: "paused", At: now, By: "listing"}}
		}
		rows[i] = r
	}
	fleet.Sort(rows)
	return rows
}

// At 80x24 and 200x60 every row drawn shows its whole label, host and
// state, and no line is wider than the frame.
func TestFramesKeepWhatIdentifies(t *testing.T) {
	rows := sampleRows(50)
	for _, size := range [][2]int{{80, 24}, {200, 60}} {
		m := New(WithSize(size[0], size[1])).SetRows(rows)
		frame := m.View()
		lines := strings.Split(frame, "\n")
		if len(lines) > size[1] {
			t.Errorf("%dx%d: %d lines", size[0], size[1], len(lines))
		}
		for _, l := range lines {
			if w := lipgloss.Width(l); w > size[0] {
				t.Errorf("%dx%d: line %d wide: %q", size[0], size[1], w, l)
			}
		}
		drawn := 0
		for _, r := range rows {
			for _, l := range lines {
				if strings.Contains(l, r.Label+" ") {
					drawn++
					for _, want := range []string{r.Host, r.StateText()} {
						if !strings.Contains(l, want) {
							t.Errorf("%dx%d: row %s lacks %q: %q", size[0], size[1], r.Label, want, l)
						}
					}
				}
			}
		}
		if drawn < min(len(rows), size[1]-5) {
			t.Errorf("%dx%d: %d rows drawn", size[0], size[1], drawn)
		}
		if !strings.Contains(frame, "50 integrations · ") || !strings.Contains(frame, "TOTAL of 50 read") {
			t.Errorf("%dx%d: header or totals missing:\n%s", size[0], size[1], frame)
		}
		if size[0] == 200 && !strings.Contains(frame, "paused #1000") {
			t.Errorf("200 columns: the halted strategy is not named:\n%s", frame)
		}
	}
}

// / filters, esc clears, enter opens the row under the cursor, w asks to
// stop polling it.
func TestKeys(t *testing.T) {
	m := New(WithSize(200, 60)).SetRows(sampleRows(10))
	for _, k := range []string{"/", "0", "7", "enter"} {
		m, _ = m.Update(testkit.Key(k))
	}
	if r, ok := m.Selected(); !ok || r.Label != "PROD-EU-07" || strings.Contains(m.View(), "PROD-EU-03") {
		t.Fatalf("filter 07 selects %q", r.Label)
	}
	_, cmd := m.Update(testkit.Key("enter"))
	if msg, ok := cmd().(OpenMsg); !ok || msg.Profile != "p07" {
		t.Errorf("enter: %#v", msg)
	}
	_, cmd = m.Update(testkit.Key("w"))
	if msg, ok := cmd().(PollMsg); !ok || msg.Profile != "p07" || msg.On {
		t.Errorf("w: %#v", msg)
	}
	m, _ = m.Update(testkit.Key("esc"))
	if m.Filter() != "" {
		t.Error("esc kept the filter")
	}
	if _, cmd = m.Update(testkit.Key("esc")); cmd == nil {
		t.Fatal("esc without a filter did not go back")
	} else if _, ok := cmd().(BackMsg); !ok {
		t.Error("esc without a filter is not BackMsg")
	}
}

// The fleet view's frame with 50 rows (target: under 1 ms).
func BenchmarkView50(b *testing.B) {
	m := New(WithSize(200, 60)).SetRows(sampleRows(50))
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}
