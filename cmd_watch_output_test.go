package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/watch"
)

func TestParseBudget(t *testing.T) {
	for in, want := range map[string]int{"300/min": 300, "300": 300, "5/s": 300, "18000/h": 300, "1/h": 1} {
		if got, err := parseBudget(in); err != nil || got != want {
			t.Errorf("%q: %d %v, want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "0/min", "-3", "300/day", "lots"} {
		if _, err := parseBudget(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// A table line is one line whatever the interface sent: control
// characters in a user id or pool cannot move the terminal's cursor.
func TestTableLineIsOneCleanLine(t *testing.T) {
	ev := watch.Event{Time: time.Now(), Kind: watch.KindStatus, Strategy: 42, User: "cust\x1b[2J\nevil", Pool: "TOSHI\r", Before: "active", After: "paused"}
	line := tableLine(ev)
	if strings.ContainsAny(line, "\x1b\n\r") || !strings.Contains(line, "strategy 42") || !strings.Contains(line, "active -> paused") {
		t.Errorf("%q", line)
	}
}
