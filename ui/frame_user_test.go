package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// A chosen user of 41 characters is whole in the header from 80 columns
// on, beside the fullest header: the label and the profile are shortened
// and the stats, host and FAILING go first, and the line never overflows.
func TestHeaderShowsALongChosenUserWholeAt80Columns(t *testing.T) {
	st := DefaultStyles()
	user := "customer-0042-eu-west-partner-account-xyz"
	if len(user) != 41 {
		t.Fatalf("the user is %d characters", len(user))
	}
	for _, h := range []HeaderData{
		{Profile: "default", Host: "127.0.0.1:43211", HasStats: true, Users: 40, Strategies: 300, ChosenUser: user},
		{Profile: "prod-eu", Label: "PRODUCTION", Host: "partner-api.eu.example.com:8443", HasStats: true,
			Users: 1234567, Strategies: 98765432, ChosenUser: user, ReadOnly: true, Failing: true, FailingFor: 75 * time.Second},
	} {
		for width := 80; width <= 200; width++ {
			line := ansi.Strip(Header(st, h, width))
			if w := ansi.StringWidth(line); w > width {
				t.Fatalf("width %d: header %d cells: %q", width, w, line)
			}
			if !strings.Contains(line, "user "+user) {
				t.Fatalf("width %d: the user is cut: %q", width, line)
			}
			if h.ReadOnly && !strings.Contains(line, " READ-ONLY ") {
				t.Fatalf("width %d: READ-ONLY cut: %q", width, line)
			}
			if !strings.Contains(line, h.Profile[:4]) {
				t.Fatalf("width %d: the profile went: %q", width, line)
			}
		}
	}
}
