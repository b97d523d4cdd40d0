package model

import (
	"slices"
	"strings"
	"testing"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/ui"
)

// outcomes are the outcome lines written, in order.
func (j *memJournal) outcomes() []audit.Entry {
	var out []audit.Entry
	for _, e := range j.all() {
		if e.Outcome != audit.OutcomeNone {
			out = append(out, e)
		}
	}
	return out
}

func TestProgramUndoOfASuspendResumesItAndLinksTheAuditLines(t *testing.T) {
	j := &memJournal{}
	a, id := openStrategies(t, api.StatusActive, nil, WithJournal(j))
	a.keys("s")
	a.waitText("Suspend strategy "+itoa(id)+"?", "u within 15 s")
	a.keys("y")
	a.waitText("strategy "+itoa(id)+": done, now suspended", "u undo")
	a.keys("u")
	a.waitText("Resume strategy "+itoa(id)+"?", "the suspend just sent")
	a.keys("y")
	a.waitText("resume strategy " + itoa(id) + ": done, now active")
	if got := a.status(id); got != api.StatusActive {
		t.Fatalf("after the undo the sandbox has %s, want active", got)
	}
	out := j.outcomes()
	if len(out) != 2 || out[0].Action != "suspend" || out[1].Action != "resume" || out[1].UndoOf != out[0].Seq || out[0].Seq == "" {
		t.Fatalf("audit outcomes %+v: want a suspend and a resume linked by undoOf", out)
	}
	// Offered once: a second u undoes nothing.
	a.keys("u")
	a.waitText("nothing to undo")
	if n := a.sb.Hits(routeSuspend); n != 1 {
		t.Fatalf("%d suspends sent, want 1", n)
	}
}

func TestProgramUndoAfterSomeoneElseResumedSendsNothing(t *testing.T) {
	j := &memJournal{}
	a, id := openStrategies(t, api.StatusActive, nil, WithJournal(j))
	a.keys("s", "y")
	a.waitText("strategy "+itoa(id)+": done, now suspended", "u undo")
	a.setStatus(id, api.StatusActive) // another operator resumed it
	a.keys("u")
	a.waitText("Resume strategy " + itoa(id) + "?")
	a.keys("y")
	a.waitText("changed state meanwhile (now active): nothing sent")
	if n := a.sb.Hits(routeResume); n != 0 {
		t.Fatalf("%d resumes sent for a strategy changed since", n)
	}
	if out := j.outcomes(); len(out) != 1 {
		t.Fatalf("audit outcomes %+v, want only the suspend", out)
	}
}

func TestProgramBulkUndoResumesOnlyWhatIsStillAsLeft(t *testing.T) {
	a := startApp(t, 120, 40)
	rows := a.firstRows(3)
	for _, s := range rows {
		a.setStatus(s.ID, api.StatusActive)
	}
	a.keys("2")
	a.waitReady("page 1 of 3")
	a.keys("space", "down", "space", "down", "space", "s")
	a.waitText("Suspend 3 marked strategies?")
	a.keys("y")
	a.waitText("u undo")
	a.keys("esc")                             // the bulk report
	a.setStatus(rows[1].ID, api.StatusPaused) // someone halted one meanwhile
	a.keys("u")
	a.waitText("Resume 3 marked strategies?", "the suspend just sent")
	a.keys("y")
	a.waitFor("two resumed", func(string) bool {
		return a.status(rows[0].ID) == api.StatusActive && a.status(rows[2].ID) == api.StatusActive
	})
	if got := a.status(rows[1].ID); got != api.StatusPaused {
		t.Fatalf("the strategy halted meanwhile is %s, want paused", got)
	}
	if n := a.sb.Hits(routeResume); n != 2 {
		t.Fatalf("%d resumes sent, want 2", n)
	}
}

func TestUndoKeyIsRefusedReadOnlyAndAfterItsWindow(t *testing.T) {
	for _, tc := range []struct {
		name     string
		opts     []Option
		advance  bool
		want     string
		dialogUp bool
	}{
		{name: "offered", dialogUp: true},
		{name: "read-only", opts: []Option{WithReadOnly(true)}, want: ui.NoticeReadOnly},
		{name: "after 15 s", advance: true, want: ui.NoticeNothingToUndo},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, _, c := newTestModel(t, tc.opts...)
			left := api.Strategy{ID: 7, Status: api.StatusSuspended, UserID: "u1"}
			m.acts.undo = &undoOffer{inverse: action.Resume, left: []api.Strategy{left}, seq: map[int64]string{7: "seq-7"},
				until: c.Now().Add(UndoWindow)}
			if tc.advance {
				c.Add(UndoWindow)
			}
			m, _ = press(m, "u")
			if got := m.acts.overlay != nil; got != tc.dialogUp {
				t.Fatalf("dialog open %v, want %v", got, tc.dialogUp)
			}
			if tc.dialogUp {
				d := m.acts.overlay.(confirmDialog)
				if d.req.spec.Name != "resume" || d.req.target.UndoOf != "seq-7" || d.req.target.Strategy.Status != api.StatusSuspended {
					t.Fatalf("undo request %+v", d.req)
				}
				return
			}
			if v := m.View(); !strings.Contains(v, tc.want[:20]) {
				t.Fatalf("status line lacks %q:\n%s", tc.want, v)
			}
		})
	}
}

// What has no exact inverse offers no undo, and its dialog says so.
func TestEveryActionWithoutAnInverseOffersNoUndo(t *testing.T) {
	for _, spec := range action.All {
		_, has := action.Inverse(spec)
		if want := slices.Contains([]string{"suspend", "resume"}, spec.Name); has != want {
			t.Errorf("%s: inverse %v, want %v", spec.Name, has, want)
		}
	}
}
