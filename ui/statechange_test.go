package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/text"
)

// An action's line says what is true of the state: moved, unchanged (an
// add-balance), or only what it was (an action that did not finish).
func TestActionLinesSayWhatIsTrueOfTheState(t *testing.T) {
	cases := []struct {
		e    ActivityEntry
		want string
	}{
		{ActivityEntry{Kind: KindAction, Old: "active", New: "paused", Note: "halt: done"}, "active -> paused"},
		{ActivityEntry{Kind: KindAction, Old: "active", New: "active", Note: "add-balance: done"}, "active (unchanged)"},
		{ActivityEntry{Kind: KindAction, Old: "active", Note: "halt: failed"}, "was active"},
		{ActivityEntry{Kind: KindStatus, Old: "active", New: "paused"}, "active -> paused"},
	}
	for _, c := range cases {
		cells := ActivityCells(c.e)
		var all []string
		for _, cl := range cells {
			all = append(all, cl.Text)
		}
		line := strings.Join(all, " ")
		if !strings.Contains(line, c.want) || strings.Contains(line, "-> —") {
			t.Errorf("%+v: %q, want %q", c.e, line, c.want)
		}
	}
	if d := ActionDialog(ActionDialogData{Action: "duplicate", Target: ActionTarget{ID: 7, Status: "active"}}); !strings.Contains(strings.Join(d.Lines, "\n"), "state     active (unchanged)") {
		t.Errorf("the duplicate dialog: %q", d.Lines)
	}
}

// Gains by chain count the native side: a user whose BNB gains are native
// reads their value, not $0.00.
func TestGainsByChainCountNativeGains(t *testing.T) {
	st := DefaultStyles()
	line := GainsLine(st, []ChainGain{{ChainID: 56, Gains: api.ChainGains{GainedTokens: "0", GainedTokensValue: "0",
		GainedNative: "0.12", GainedNativeValue: "81.74"}}}, 80)
	if !strings.Contains(line, "$81.74") {
		t.Errorf("native gains left out: %q", line)
	}
	if got := GainedValue(api.ChainGains{GainedTokensValue: "0.10", GainedNativeValue: "0.20"}); got != "0.300000" {
		t.Errorf("0.10 + 0.20 = %q", got)
	}
}

// The Connection panel gives the profile its own line: a narrow panel does
// not cut "(profile defaul…" beside the host.
func TestConnectionPanelCutsNeitherHostNorProfile(t *testing.T) {
	h := Health{Host: "partner-api.example.com", Profile: "default", Interval: 5e9}
	lines := ConnectionLines(DefaultStyles(), h, time.Time{}, 40)
	all := strings.Join(lines, "\n")
	if strings.Contains(all, "…") || !strings.Contains(all, "partner-api.example.com") || !strings.Contains(all, "default") {
		t.Errorf("the panel at 40 columns:\n%s", all)
	}
}

// The filter bar leaves out whole fields that do not fit and says so with
// an ellipsis; it never cuts a field mid-word.
func TestFilterBarCutsAtAFieldWithAnEllipsis(t *testing.T) {
	fields := []FilterField{{Name: "status", Value: "active"}, {Name: "category", Value: "buy"},
		{Name: "method", Value: "volume"}, {Name: "chain", Value: "Base"}, {Name: "sort", Value: "latest"}}
	for _, w := range []int{40, 50, 60} {
		bar := ansi.Strip(FilterBar(DefaultStyles(), fields, 0, w))
		if text.Width(bar) > w {
			t.Errorf("%d columns: %q is wider", w, bar)
		}
		if !strings.HasSuffix(strings.TrimRight(bar, " "), "…") {
			t.Errorf("%d columns: %q does not say fields are left out", w, bar)
		}
		for _, f := range fields {
			name := f.Name + ":"
			if strings.Contains(bar, name) && !strings.Contains(bar, f.Name+": "+f.Value) {
				t.Errorf("%d columns: %q cuts the %s field", w, bar, f.Name)
			}
		}
	}
}
