package alert

import (
	"encoding/json"
	"testing"
	"time"
)

func TestBoardNewestFirstWithTheRulesSnooze(t *testing.T) {
	now := time.Date(2026, 1, 2, 12, 0, 0, 0, time.UTC)
	b := Board{
		Open: []Open{
			{ID: "a1", Rule: "halted", Time: now.Add(-3 * time.Hour)},
			{ID: "a2", Rule: "lost", Time: now.Add(-time.Minute)},
			{ID: "a3", Rule: "halted", Time: now.Add(-time.Hour)},
		},
		Snoozed: map[string]time.Time{"halted": now.Add(time.Hour), "lost": now.Add(-time.Hour)},
	}
	got := b.Newest(now)
	var ids []string
	for _, l := range got {
		ids = append(ids, l.ID)
	}
	if len(ids) != 3 || ids[0] != "a2" || ids[1] != "a3" || ids[2] != "a1" {
		t.Fatalf("order %v, want a2 a3 a1", ids)
	}
	if got[0].RuleSnoozedUntil != nil || got[1].RuleSnoozedUntil == nil || !got[1].RuleSnoozedUntil.Equal(now.Add(time.Hour)) {
		t.Errorf("snoozes: %v %v", got[0].RuleSnoozedUntil, got[1].RuleSnoozedUntil)
	}
	if j, _ := json.Marshal(Board{}.Newest(now)); string(j) != "[]" {
		t.Errorf("an empty board is %s, want []", j)
	}
}
