package model

// Keys in any grouping, through Bubble Tea's own input reader: runs of
// escapes, escape then a key, and bursts mixing dialog keys with list keys
// arrive in one read and are taken key by key, in order; an escape closes
// whatever is open and never leaves it open for the next key.

import (
	"context"
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
)

// rigStrategies starts a rig whose first row has status st and shows the
// Strategies tab; it returns the first row's id.
func rigStrategies(t *testing.T, st api.Status, opts ...Option) (*rig, int64) {
	t.Helper()
	r := startRig(t, nil, 120, 40, opts...)
	p, err := r.c.ListStrategies(context.Background(), stratFilter{}.integrationQuery(1, 20))
	if err != nil || len(p.Strategies) == 0 {
		t.Fatalf("listing the first row: %v", err)
	}
	id := p.Strategies[0].ID
	if !r.sb.SetStrategyStatus(id, st) {
		t.Fatalf("cannot set strategy %d to %s", id, st)
	}
	r.write("2", 1)
	r.waitFor("the strategies loaded", func(v string) bool {
		return strings.Contains(v, "page 1 of 3") && !strings.Contains(v, "loading")
	})
	return r, id
}

// closedAfter fails unless nothing that an escape must close is open.
func closedAfter(t *testing.T, r *rig, burst string) {
	t.Helper()
	ev := r.trace.last()
	if ev.shown.kind != "" || ev.switcher || ev.help || ev.capturing {
		t.Fatalf("after %q still open: %+v\n%s", burst, ev, r.probe.Frame())
	}
}

func TestProgramEscapeBurstsCloseEveryDialog(t *testing.T) {
	openers := []struct {
		name   string
		status api.Status
		open   string // typed to open it
		title  string
		// follow would act if the dialog were still open.
		follow func(id int64) string
	}{
		{"halt typed", api.StatusActive, "h", "Halt strategy", func(id int64) string { return itoa(id) + "\r" }},
		{"suspend", api.StatusActive, "s", "Suspend strategy", func(int64) string { return "y" }},
		{"stop typed", api.StatusPaused, "x", "Stop strategy", func(id int64) string { return itoa(id) + "\r" }},
		{"menu", api.StatusActive, "A", "Actions for", func(int64) string { return "d" }},
		{"add balance", api.StatusActive, "Ab", "Add balance to strategy", func(int64) string { return "\r" }},
		{"filters", api.StatusActive, "f", "status", func(int64) string { return "\r" }},
		{"help", api.StatusActive, "?", "Keys", func(int64) string { return "" }},
		{"user job", api.StatusActive, "AK", "Disable-all for user", func(int64) string { return "" }},
		{"profile switcher", api.StatusActive, "P", "Switch profile", func(int64) string { return "j\r" }},
	}
	bursts := []string{"\x1b\x1b", "\x1b\x1b\x1b", "\x1b\x1b\x1b\x1b", "\x1b\x1by", "\x1by", "\x1b\x1b\x1b\x1by"}
	for _, op := range openers {
		t.Run(op.name, func(t *testing.T) {
			profiles := fakeProfiles{list: []ProfileChoice{{Name: "demo"}, {Name: "other"}}}
			r, id := rigStrategies(t, op.status, WithProfiles(profiles))
			if op.name == "user job" || op.name == "profile switcher" {
				r.write("4", 1)
				r.waitFor("the users loaded", func(v string) bool {
					return strings.Contains(v, "12 users") && !strings.Contains(v, "loading")
				})
			}
			for _, b := range bursts {
				r.write(op.open, len(op.open))
				r.waitText(op.title)
				if ev := r.trace.last(); ev.shown.kind == "" && !ev.capturing && !ev.help && !ev.switcher {
					t.Fatalf("%q opened nothing: %+v", op.open, ev)
				}
				got := r.writeCount(b)
				closedAfter(t, r, b)
				if got != len(b) { // one key per byte: every escape, then y
					t.Fatalf("the root took %d keys from %q, want %d", got, b, len(b))
				}
				if f := op.follow(id); f != "" {
					r.write(f, len(f))
				}
				// Whatever the follow-up opened on the list is closed again.
				r.write("\x1b", 1)
				closedAfter(t, r, "\x1b")
			}
			if got := r.posts.all(); len(got) != 0 {
				t.Fatalf("the sandbox received %v after dialogs closed by escapes", got)
			}
		})
	}
}

func TestProgramBurstsAreTakenKeyByKey(t *testing.T) {
	cases := []struct {
		name  string
		burst func(id int64) string
		keys  int
		posts int    // state-changing requests for the selected strategy
		route string // the route they reach
		done  string // the notice of the action done
	}{
		{"h esc y", func(int64) string { return "h\x1by" }, 3, 0, "", ""},
		{"h esc esc y", func(int64) string { return "h\x1b\x1by" }, 4, 0, "", ""},
		{"h n y", func(int64) string { return "hny" }, 3, 0, "", ""},
		// type-ahead: s opens, then its own y confirms
		{"s y", func(int64) string { return "sy" }, 2, 1, "/suspendStrategy", "suspend"},
		// halt cannot be undone: its id typed ahead, then enter
		{"h id enter", func(id int64) string { return "h" + itoa(id) + "\r" }, 0, 1, "/halt", "halt"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r, id := rigStrategies(t, api.StatusActive)
			burst := tc.burst(id)
			got := r.writeCount(burst)
			if tc.keys == 0 {
				tc.keys = len(burst)
			}
			if tc.posts > 0 {
				r.waitText(tc.done + " strategy " + itoa(id) + ": done")
			}
			closedAfter(t, r, burst)
			if got != tc.keys {
				t.Fatalf("the root took %d keys from %q, want %d", got, burst, tc.keys)
			}
			// A second write that would confirm a dialog left open.
			r.write("y", 1)
			posts := r.posts.all()
			if len(posts) != tc.posts {
				t.Fatalf("%d state-changing requests, want %d: %v", len(posts), tc.posts, posts)
			}
			for _, p := range posts {
				if !strings.HasSuffix(p.path, tc.route) || p.strategy != id {
					t.Fatalf("received %+v, want a %s of %d", p, tc.done, id)
				}
			}
		})
	}
}
