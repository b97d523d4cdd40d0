package model

// The command line at its seams, through the terminal's own input reader:
// a read-only profile switched to, and a burst typed in one read.

import (
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
)

// statusLine is the frame's status line (the one above the help line).
func statusLine(frame string) string {
	lines := strings.Split(frame, "\n")
	if len(lines) < 2 {
		return ""
	}
	return strings.TrimSpace(lines[len(lines)-2])
}

// On a profile switched to that is read-only, >suspend is refused with the
// very words s is, and nothing is sent.
func TestProgramPaletteSuspendOnAReadOnlyProfileIsRefusedExactlyLikeS(t *testing.T) {
	r := startRigWith(t, rigSetup{profiles: fuzzProfiles}, 120, 40)
	id := r.firstActive()
	r.write(":", 1)
	r.writeCount(">profile ro")
	r.write("\r", 1)
	r.waitText("now on profile ro", "READ-ONLY")
	r.write("2", 1)
	r.waitFor("the strategies listed read-only", func(v string) bool {
		return strings.Contains(v, "page 1 of 3") && !strings.Contains(v, "loading")
	})
	r.write("\x1b", 1) // the switch's notice read
	r.write("s", 1)
	r.waitText("read-only")
	byKey := statusLine(r.probe.Frame())
	r.write("\x1b", 1)
	r.waitFor("the notice gone", func(v string) bool { return statusLine(v) != byKey })
	r.write(":", 1)
	r.writeCount(">suspend")
	r.write("\r", 1)
	r.waitText("read-only")
	if byLine := statusLine(r.probe.Frame()); byLine != byKey {
		t.Fatalf(">suspend said %q, s said %q", byLine, byKey)
	}
	r.quiesce()
	if posts := r.posts.all(); len(posts) != 0 {
		t.Fatalf("a read-only profile sent %d requests (strategy %d)", len(posts), id)
	}
}

// ": # 4 2 1 1 enter h y" in one read, for an id on no page and for the
// selected strategy's: each key counts, in order, and no halt is sent (a
// halt asks for the id to be typed; y is no answer to it).
func TestProgramPaletteBurstInOneReadNeverHalts(t *testing.T) {
	r := startRigWith(t, rigSetup{}, 120, 40)
	id := r.firstActive()
	r.write("2", 1)
	r.waitFor("the strategies listed", func(v string) bool {
		return strings.Contains(v, "page 1 of 3") && !strings.Contains(v, "loading")
	})
	for _, ids := range []string{"4211", itoa(id)} {
		burst := ":#" + ids + "\rhy"
		r.write(burst, 5+len(ids))
		if ids == itoa(id) {
			r.waitText("Halt strategy "+ids+"?", "This cannot be undone.")
		}
		r.write("\x1b", 1)
		r.write("\x1b", 1)
	}
	r.quiesce()
	for _, p := range r.posts.all() {
		if strings.HasSuffix(p.path, "/halt") {
			t.Fatalf("a burst without the typed id halted strategy %d", p.strategy)
		}
	}
}

// firstActive makes the first strategy listed active and returns its id.
func (r *rig) firstActive() int64 {
	r.t.Helper()
	p, err := r.c.ListStrategies(r.t.Context(), stratFilter{}.integrationQuery(1, 20))
	if err != nil || p == nil || len(p.Strategies) == 0 {
		r.t.Fatalf("listing the first rows: %v", err)
	}
	id := p.Strategies[0].ID
	if !r.sb.SetStrategyStatus(id, api.StatusActive) {
		r.t.Fatalf("cannot make strategy %d active", id)
	}
	return id
}
