package sandbox_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
)

// lockedBuffer is a change log the test reads while the sandbox writes.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) changes(t *testing.T) []sandbox.Change {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []sandbox.Change
	sc := bufio.NewScanner(bytes.NewReader(l.b.Bytes()))
	for sc.Scan() {
		var c sandbox.Change
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("change log line %q: %v", sc.Text(), err)
		}
		out = append(out, c)
	}
	return out
}

func TestChurnFollowsTheTransitionsAndIsLogged(t *testing.T) {
	var log lockedBuffer
	e := newEnv(t, sandbox.WithChangeLog(&log))
	before := map[int64]api.Status{}
	for id := int64(1); id <= 60; id++ {
		st, _ := e.sb.Strategy(id)
		before[id] = st.Status
	}
	applied := 0
	for range 40 {
		if e.sb.Churn() {
			applied++
		}
	}
	changes := log.changes(t)
	if applied == 0 || len(changes) == 0 || len(changes) > applied {
		t.Fatalf("%d churn operations applied, %d changes logged", applied, len(changes))
	}
	// Each logged change starts where the strategy was, follows the
	// transition table's targets, and the last one is the state now.
	cur := before
	targets := map[api.Status]bool{api.StatusPaused: true, api.StatusArchived: true, api.StatusCompleted: true, api.StatusSuspended: true, api.StatusActive: true}
	for _, c := range changes {
		if c.Cause != "churn" || string(cur[c.Strategy]) != c.Before || !targets[api.Status(c.After)] || c.User == "" {
			t.Fatalf("change %+v from %s", c, cur[c.Strategy])
		}
		if c.Before == "archived" || (c.Before == "completed" && c.After != "archived") {
			t.Fatalf("a change the table refuses: %+v", c)
		}
		cur[c.Strategy] = api.Status(c.After)
	}
	for id, want := range cur {
		if st, _ := e.sb.Strategy(id); st.Status != want {
			t.Fatalf("strategy %d is %s, the log says %s", id, st.Status, want)
		}
	}
	// A change asked for over HTTP is logged as a request.
	id := int64(0)
	for i, s := range cur {
		if s == api.StatusActive {
			id = i
			break
		}
	}
	if _, err := e.c.HaltStrategy(e.ctx, id); err != nil {
		t.Fatal(err)
	}
	last := log.changes(t)
	if c := last[len(last)-1]; c.Strategy != id || c.After != "paused" || c.Cause != "request" {
		t.Fatalf("the halt was logged as %+v", c)
	}
}

func TestChurnRunsWithTheSimulationOff(t *testing.T) {
	var log lockedBuffer
	sb := sandbox.New(sandbox.WithUsers(4), sandbox.WithStrategies(50), sandbox.WithTick(0), sandbox.WithChurn(6000), sandbox.WithChangeLog(&log))
	defer sb.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { sb.Start(ctx); close(done) }()
	deadline := time.Now().Add(20 * time.Second)
	for len(log.changes(t)) < 3 {
		if time.Now().After(deadline) {
			t.Fatal("no churn with --tick 0")
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	<-done
}
