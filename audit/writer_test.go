package audit

import (
	"os"
	"testing"
	"time"
)

// An intent without an outcome is in flight while its writer runs and its
// deadline has not passed; once the writer is gone (closed, or its process
// ended and its lock is free) or the deadline passed, no outcome is coming.
func TestAnIntentIsInFlightOnlyWhileItsWriterRunsAndBeforeItsDeadline(t *testing.T) {
	l, path := openTemp(t)
	now := time.Now()
	if err := l.Write(Entry{Seq: "a", Action: "halt", StrategyIDs: []int64{7}, Deadline: now.Add(15 * time.Second)}); err != nil {
		t.Fatal(err)
	}
	recs, err := Read(path, time.Time{})
	if err != nil || len(recs) != 1 {
		t.Fatalf("read %v %v", recs, err)
	}
	r := recs[0]
	if !r.Pending || r.Writer == "" || r.WriterGone || !r.InFlight(now) {
		t.Fatalf("a fresh intent of a running writer: %+v, in flight %v", r, r.InFlight(now))
	}
	if r.InFlight(now.Add(16 * time.Second)) {
		t.Error("in flight after its deadline")
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	recs, _ = Read(path, time.Time{})
	if r := recs[0]; !r.WriterGone || r.InFlight(now) {
		t.Fatalf("after the writer closed: %+v", r)
	}
	// A writer whose process died leaves its lock file with no holder.
	dead := "0b8c1f7e-dead-4000-8000-000000000000"
	if err := os.WriteFile(writerPath(path, dead), nil, FileMode); err != nil {
		t.Fatal(err)
	}
	if WriterAlive(path, dead) {
		t.Error("a lock file nobody holds reads alive")
	}
	if _, err := os.Stat(writerPath(path, dead)); !os.IsNotExist(err) {
		t.Errorf("the dead writer's lock file stays: %v", err)
	}
	// An outcome line ends it, whatever the writer does.
	l2, err := Open(path, "prod", "api.example.com")
	if err != nil {
		t.Fatal(err)
	}
	defer l2.Close()
	_ = l2.Write(Entry{Seq: "b", Action: "suspend", Deadline: now.Add(time.Minute)})
	_ = l2.Write(Entry{Seq: "b", Action: "suspend", Outcome: OutcomeDone})
	recs, _ = Read(path, time.Time{})
	if b := recs[1]; b.Pending || b.InFlight(now) || b.Outcome != OutcomeDone {
		t.Fatalf("a finished action: %+v", b)
	}
	// An intent of an older version, with neither writer nor deadline,
	// waits a while and no longer.
	old := Record{Entry: Entry{Seq: "c", Time: now}, Pending: true}
	if !old.InFlight(now.Add(time.Second)) || old.InFlight(now.Add(time.Minute)) {
		t.Error("an intent without a deadline")
	}
}
