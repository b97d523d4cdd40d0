package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// TestHeaderKeepsBadgeReadOnlyAndUser draws the fullest header at every
// width the frame is drawn at: the label badge, the profile, the chosen
// user and READ-ONLY are whole, the line never overflows, and what gave
// way did so with an ellipsis or went.
func TestHeaderKeepsBadgeReadOnlyAndUser(t *testing.T) {
	st := DefaultStyles()
	h := HeaderData{Profile: "prod-eu", Label: "PRODUCTION", Host: "partner-api.eu.example.com:8443", HasStats: true,
		Users: 1234567, Strategies: 98765432, ChosenUser: "cust_4w2ea9z", ReadOnly: true, Failing: true, FailingFor: 75 * time.Second}
	for width := MinWidth; width <= 200; width++ {
		line := ansi.Strip(Header(st, h, width))
		if w := ansi.StringWidth(line); w > width {
			t.Fatalf("width %d: header %d cells: %q", width, w, line)
		}
		for _, want := range []string{" PRODUCTION ", "prod-eu", "user cust_4w2ea9z", " READ-ONLY "} {
			if !strings.Contains(line, want) {
				t.Fatalf("width %d: %q cut from %q", width, want, line)
			}
		}
		if width >= 80 && !strings.Contains(line, " FAILING 1m15s ") {
			t.Fatalf("width %d: the FAILING badge gave way before the host: %q", width, line)
		}
	}
	narrow := ansi.Strip(Header(st, h, 60))
	if strings.Contains(narrow, "strategies") || !strings.Contains(narrow, "…") && strings.Contains(narrow, "partner") {
		t.Errorf("at 60 columns the stats should go and the host give way with an ellipsis: %q", narrow)
	}
	wide := ansi.Strip(Header(st, h, 200))
	for _, want := range []string{"stratop", "partner-api.eu.example.com:8443", "1234567 users"} {
		if !strings.Contains(wide, want) {
			t.Errorf("at 200 columns %q is missing: %q", want, wide)
		}
	}
}

func TestStatusLineKeepsStaleBadgeAndNotice(t *testing.T) {
	st := DefaultStyles()
	at := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	s := Status{ReadAt: at, ChangedAt: at, Now: at.Add(75 * time.Second), Stale: true,
		StaleReason: "cannot reach partner-api.eu.example.com:8443 (timed out)", Notice: "refused: halt 296: read-only"}
	for width := MinWidth; width <= 160; width++ {
		line := ansi.Strip(StatusLine(st, s, width))
		if w := ansi.StringWidth(line); w > width {
			t.Fatalf("width %d: %d cells", width, w)
		}
		for _, want := range []string{"STALE 1m15s", "refused: halt 296: read-only"} {
			if !strings.Contains(line, want) {
				t.Fatalf("width %d: %q cut from %q", width, want, line)
			}
		}
	}
	fresh := ansi.Strip(StatusLine(st, Status{ReadAt: at, ChangedAt: at.Add(-time.Hour), Now: at.Add(3 * time.Second)}, 80))
	if !strings.Contains(fresh, "read 3s ago · changed 02:04:05") {
		t.Errorf("data age: %q", fresh)
	}
}

func TestTooSmallAlwaysSaysTheSizeItNeeds(t *testing.T) {
	st := DefaultStyles()
	for w := 1; w < MinWidth; w++ {
		for h := 1; h < MinHeight; h++ {
			v := ansi.Strip(TooSmall(st, w, h))
			lines := strings.Split(v, "\n")
			if len(lines) > h {
				t.Fatalf("%dx%d: %d lines", w, h, len(lines))
			}
			for _, l := range lines {
				if ansi.StringWidth(l) > w {
					t.Fatalf("%dx%d: line %q too wide", w, h, l)
				}
			}
			if w >= 5 && !strings.Contains(v, "60x15") {
				t.Fatalf("%dx%d: the size needed is not shown: %q", w, h, v)
			}
		}
	}
	if v := ansi.Strip(TooSmall(st, 20, 5)); !strings.Contains(v, "need 60x15") || !strings.Contains(v, "now 20x5") {
		t.Errorf("20x5: %q", v)
	}
}

// A status line with a subject and no "as of" names what was read: the
// audit log read well says nothing of the server.
func TestStatusLineNamesWhatWasRead(t *testing.T) {
	now := time.Date(2026, 1, 2, 12, 0, 10, 0, time.UTC)
	line := ansi.Strip(StatusLine(DefaultStyles(), Status{Subject: SubjectAuditLog, ReadAt: now.Add(-3 * time.Second), Now: now}, 80))
	if !strings.Contains(line, "audit log read 3s ago") {
		t.Errorf("%q", line)
	}
}
