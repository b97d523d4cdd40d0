package audit

import (
	"os"
	"testing"
	"time"
)

func TestReadPairsIntentsWithOutcomes(t *testing.T) {
	l, path := openTemp(t)
	t0 := time.Date(2025, 1, 1, 10, 0, 0, 0, time.UTC)
	write := func(e Entry) {
		t.Helper()
		if err := l.Write(e); err != nil {
			t.Fatal(err)
		}
	}
	write(Entry{Seq: "old", Time: t0.Add(-48 * time.Hour), Action: "halt"})
	write(Entry{Seq: "old", Time: t0.Add(-48 * time.Hour), Action: "halt", Outcome: OutcomeDone})
	write(Entry{Seq: "a", Time: t0, Action: "halt", StrategyIDs: []int64{1}})
	write(Entry{Seq: "b", Time: t0.Add(time.Second), Action: "stop", StrategyIDs: []int64{2}})
	write(Entry{Seq: "a", Time: t0.Add(2 * time.Second), Action: "halt", Outcome: OutcomeFailed, Error: "boom"})
	// A crash mid-write leaves half a line; it must not hide the rest.
	f, _ := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	_, _ = f.WriteString(`{"seq":"c","action":"ha`)
	_ = f.Close()

	recs, err := Read(path, t0.Add(-time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 {
		t.Fatalf("%d records, want 2 (since filter): %+v", len(recs), recs)
	}
	if recs[0].Seq != "a" || recs[0].Outcome != OutcomeFailed || recs[0].Error != "boom" || recs[0].Pending ||
		!recs[0].Finished.Equal(t0.Add(2*time.Second)) || !recs[0].Time.Equal(t0) {
		t.Errorf("first record %+v", recs[0])
	}
	if recs[1].Seq != "b" || recs[1].Outcome != OutcomeUnknown || !recs[1].Pending {
		t.Errorf("an intent without outcome: %+v, want unknown and pending", recs[1])
	}
	all, _ := Read(path, time.Time{})
	if len(all) != 3 {
		t.Errorf("%d records without since, want 3", len(all))
	}
}

func TestReadSpansTheRotatedFile(t *testing.T) {
	l, path := openTemp(t)
	l.maxSize = 300
	for _, e := range []Entry{
		{Seq: "1", Action: "halt", StrategyIDs: []int64{11}},
		{Seq: "2", Action: "halt", StrategyIDs: []int64{12}},
		{Seq: "1", Action: "halt", Outcome: OutcomeDone},
		{Seq: "2", Action: "halt", Outcome: OutcomeRefused},
		{Seq: "3", Action: "stop"},
	} {
		if err := l.Write(e); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(PreviousPath(path)); err != nil {
		t.Fatalf("no rotation happened: %v", err)
	}
	recs, err := Read(path, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Outcome{}
	for _, r := range recs {
		got[r.Seq] = r.Outcome
	}
	want := map[string]Outcome{"1": OutcomeDone, "2": OutcomeRefused, "3": OutcomeUnknown}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("seq %s: %q, want %q (all %v)", k, got[k], v, got)
		}
	}
}

func TestReadMissingLogIsEmpty(t *testing.T) {
	recs, err := Read(t.TempDir()+"/none.jsonl", time.Time{})
	if err != nil || len(recs) != 0 {
		t.Errorf("Read of a missing log = %v, %v", recs, err)
	}
}
