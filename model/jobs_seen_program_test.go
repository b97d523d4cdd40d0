package model

import (
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
)

func TestProgramRemoveAllReportsEachStrategyItArchived(t *testing.T) {
	a := startApp(t, 120, 40)
	user, live := a.busiestUser(api.StatusActive, api.StatusSuspended, api.StatusPaused, api.StatusCompleted)
	before := a.strategiesOf(user)
	a.selectUser(user)
	a.openJob(user, "R", "Remove-all")
	a.typeText(user)
	a.keys("enter")
	a.waitText("remove-all user " + user + ": done, " + itoa(int64(live)) + " of " + itoa(int64(live)) + " archived")
	a.keys("5")
	a.waitText(" -> archived")
	a.keys("/")
	a.typeText("archived")
	a.keys("enter")
	a.waitText(itoa(int64(live)) + " of ")
	v := body(a.frame())
	lines := 0
	for _, s := range before {
		if s.Status == api.StatusArchived {
			if strings.Contains(v, " "+itoa(s.ID)+" ") {
				t.Errorf("strategy %d was archived before the job, yet has a line", s.ID)
			}
			continue
		}
		row := lineWith(v, " "+itoa(s.ID)+" ")
		if !strings.Contains(row, "vanished") || !strings.Contains(row, string(s.Status)+" -> archived") || !strings.Contains(row, user) {
			t.Errorf("strategy %d (%s): line %q, want vanished %s -> archived", s.ID, s.Status, row, s.Status)
		}
		lines++
	}
	if lines != live {
		t.Fatalf("%d lines for %d strategies archived", lines, live)
	}
	for _, s := range before {
		if n := strings.Count(v, " "+itoa(s.ID)+" "); n > 1 {
			t.Errorf("strategy %d told %d times", s.ID, n)
		}
	}
}
