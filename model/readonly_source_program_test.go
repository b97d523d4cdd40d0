package model

import (
	"testing"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
)

// A refusal in read-only mode names what made the profile read-only, as the
// command line's does, so the operator knows which setting to change: the
// action key, the menu and the command line's action alike.
func TestProgramReadOnlyRefusalNamesItsSource(t *testing.T) {
	const by = "STRATOP_READ_ONLY=yes"
	want := "actions are disabled (" + by + ")"
	ro, _ := openStrategies(t, api.StatusActive, nil,
		WithPolicy(action.Policy{ReadOnly: true, ReadOnlyBy: by}))
	ro.keys("s")
	ro.waitText(want)
	ro.keys("esc", "A")
	ro.waitText(want)
	ro.keys("esc", ":", ">", "s", "u", "s", "p", "e", "n", "d", "enter")
	ro.waitText(want)
	if n := ro.sb.Hits(routeSuspend); n != 0 {
		t.Fatalf("%d suspend requests on a read-only profile", n)
	}
}
