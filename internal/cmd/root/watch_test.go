package root

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pb33f/jsonschema/v6"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/watch"
)

// A change made behind the watcher's back is reported once, with what is
// known of the strategy; so is every other kind of event, and each line of
// the real output is valid against watch/event.schema.json.
func TestWatchReportsAChangeBehindItsBackOnce(t *testing.T) {
	e := newCLIEnv(t)
	c := e.client()
	ctx := context.Background()
	w := startChild(t, "watch", "--interval", "100ms", "--budget", "100000/min", "--heartbeat", "300ms")
	waitUntil(t, "the first full read (the cursor)", func() bool { _, err := os.Stat(e.cursorFile()); return err == nil })

	// The halt goes through stratop itself, so it is in the audit log too.
	active := firstStrategy(t, c, api.StatusActive)
	e.ok("strategies", "halt", strconv.FormatInt(active.ID, 10), "--yes")
	suspended := firstStrategy(t, c, api.StatusSuspended)
	if _, err := c.ArchiveStrategy(ctx, suspended.ID); err != nil {
		t.Fatal(err)
	}
	dup, err := c.DuplicateStrategy(ctx, api.StrategyRef{UserID: active.UserID, StrategyID: active.ID})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.UpsertUser(ctx, api.CreateUserRequest{ExternalUserID: "cust_new_one"}); err != nil {
		t.Fatal(err)
	}
	has := func(kind watch.Kind, match func(watch.Event) bool) int {
		n := 0
		for _, ev := range parseEvents(t, w.out.String()) {
			if ev.Kind == kind && match(ev) {
				n++
			}
		}
		return n
	}
	byID := func(id int64) func(watch.Event) bool { return func(ev watch.Event) bool { return ev.Strategy == id } }
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("stdout:\n%s\nstderr:\n%s", w.out.String(), w.err.String())
		}
	})
	waitUntil(t, "every change reported", func() bool {
		return has(watch.KindStatus, byID(active.ID)) > 0 && has(watch.KindVanished, byID(suspended.ID)) > 0 &&
			has(watch.KindUsersAdd, func(ev watch.Event) bool { return ev.User == "cust_new_one" }) > 0 &&
			has(watch.KindHeartbeat, func(watch.Event) bool { return true }) > 0 &&
			has(watch.KindAction, byID(active.ID)) > 0
	})
	// The connection: lost while every read fails, restored after.
	e.sb.SetFaults(sandbox.Faults{FailRate: 1})
	waitUntil(t, "connection.lost", func() bool { return has(watch.KindConnLost, func(watch.Event) bool { return true }) > 0 })
	e.sb.SetFaults(sandbox.Faults{})
	waitUntil(t, "connection.restored", func() bool { return has(watch.KindConnBack, func(watch.Event) bool { return true }) > 0 })
	// Several full sweeps later, nothing is reported twice.
	time.Sleep(time.Second)
	if code := w.stop(); code != 0 {
		t.Fatalf("exit %d after SIGTERM; stderr: %s", code, w.err.String())
	}
	evs := parseEvents(t, w.out.String())
	var status []watch.Event
	for _, ev := range evs {
		if ev.Kind == watch.KindStatus || ev.Kind == watch.KindVanished {
			status = append(status, ev)
		}
	}
	if len(status) != 2 {
		t.Fatalf("want the halt and the archive, once each; got %+v", status)
	}
	h := status[0]
	if h.Strategy != active.ID || h.Before != "active" || h.After != "paused" || h.User != active.UserID ||
		h.Pool != active.Pool.Symbol || h.Chain != int(active.ChainID) || h.Host == "" || h.Profile == "" {
		t.Errorf("the halt is reported as %+v", h)
	}
	if v := status[1]; v.Strategy != suspended.ID || v.Before != "suspended" || v.After != "archived" {
		t.Errorf("the archive is reported as %+v", v)
	}
	if n := has(watch.KindAppeared, byID(dup.NewStrategyID)); n != 1 {
		t.Errorf("the duplicate %d appeared %d times", dup.NewStrategyID, n)
	}
	if n := has(watch.KindAction, func(ev watch.Event) bool {
		return ev.Strategy == active.ID && ev.Detail == "halt: done" && ev.After == "paused" && ev.Before == "active"
	}); n != 1 {
		t.Errorf("%d action events of the halt", n)
	}
	if n := has(watch.KindUsersAdd, func(ev watch.Event) bool { return true }); n != 1 {
		t.Errorf("%d users.added events, want 1", n)
	}
	checkSchema(t, w.out.String())
	fi, err := os.Stat(e.cursorFile())
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("cursor %v: mode %v", err, fi.Mode())
	}
	if di, _ := os.Stat(filepath.Dir(e.cursorFile())); di.Mode().Perm() != 0o700 {
		t.Errorf("state directory mode %v", di.Mode().Perm())
	}
}

// checkSchema validates every line of real output against the schema and
// requires the kinds the output should hold.
func checkSchema(t *testing.T, out string) {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "..", "watch", "event.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	comp := jsonschema.NewCompiler()
	comp.AssertFormat()
	if err := comp.AddResource("event.schema.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := comp.Compile("event.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(line))
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if err := sch.Validate(v); err != nil {
			t.Errorf("%s\n%v", line, err)
		}
		var ev watch.Event
		_ = json.Unmarshal([]byte(line), &ev)
		kinds[string(ev.Kind)] = true
	}
	for _, k := range []watch.Kind{watch.KindStatus, watch.KindVanished, watch.KindAppeared, watch.KindUsersAdd,
		watch.KindCounts, watch.KindConnLost, watch.KindConnBack, watch.KindHeartbeat, watch.KindAction} {
		if !kinds[string(k)] {
			t.Errorf("the output holds no %s event to check", k)
		}
	}
	// The schema is not a formality: an event with an unknown field or
	// kind fails it.
	for _, bad := range []string{`{"id":"0123456789abcdef0123","time":"2026-01-01T00:00:00Z","kind":"strategy.status"}`,
		`{"id":"0123456789abcdef0123","time":"2026-01-01T00:00:00Z","kind":"nope"}`,
		`{"id":"0123456789abcdef0123","time":"2026-01-01T00:00:00Z","kind":"heartbeat","extra":1}`} {
		v, _ := jsonschema.UnmarshalJSON(strings.NewReader(bad))
		if sch.Validate(v) == nil {
			t.Errorf("the schema accepts %s", bad)
		}
	}
}

func TestWatchUntilExitsZeroWhenItHoldsAndOneOnTimeout(t *testing.T) {
	e := newCLIEnv(t)
	c := e.client()
	active := firstStrategy(t, c, api.StatusActive)
	id := strconv.FormatInt(active.ID, 10)
	go func() {
		time.Sleep(300 * time.Millisecond)
		_, _ = c.HaltStrategy(context.Background(), active.ID)
	}()
	start := time.Now()
	out, errOut, code := e.run("", "watch", "--strategy", id, "--until", "status=paused", "--timeout", "60s", "--interval", "50ms", "-o", "jsonl")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if time.Since(start) > 30*time.Second {
		t.Errorf("took %s", time.Since(start))
	}
	if evs := parseEvents(t, out); len(evs) != 1 || evs[0].After != "paused" {
		t.Errorf("events %+v", evs)
	}
	// It already holds: exit 0 at once; it never will: exit 1 at the timeout.
	if _, errOut, code := e.run("", "watch", "--strategy", id, "--until", "status=paused", "--interval", "50ms", "--from-now"); code != 0 {
		t.Errorf("holding already: exit %d %q", code, errOut)
	}
	other := firstStrategy(t, c, api.StatusActive)
	_, errOut, code = e.run("", "watch", "--strategy", strconv.FormatInt(other.ID, 10), "--until", "status=paused|completed", "--timeout", "400ms", "--interval", "50ms")
	if code != 1 || !strings.Contains(errOut, "did not hold within 400ms") {
		t.Errorf("timeout: exit %d, stderr %q", code, errOut)
	}
	for _, bad := range [][]string{{"--until", "status=paused"}, {"--strategy", id, "--until", "state=paused"}, {"--strategy", id, "--until", "status=halted"}} {
		if _, _, code := e.run("", append([]string{"watch"}, bad...)...); code != 2 {
			t.Errorf("%v: exit %d, want 2 (usage)", bad, code)
		}
	}
}

func TestWatchExecRunsOncePerEventAndReportsFailuresWithoutStopping(t *testing.T) {
	e := newCLIEnv(t)
	c := e.client()
	a := firstStrategy(t, c, api.StatusActive)
	got := filepath.Join(t.TempDir(), "got")
	go func() {
		time.Sleep(300 * time.Millisecond)
		_, _ = c.SuspendStrategy(context.Background(), api.StrategyRef{UserID: a.UserID, StrategyID: a.ID})
		time.Sleep(300 * time.Millisecond)
		_, _ = c.HaltStrategy(context.Background(), a.ID)
	}()
	// Every run appends its stdin and fails; the watch goes on to the end.
	_, errOut, code := e.run("", "watch", "--strategy", strconv.FormatInt(a.ID, 10), "--interval", "50ms",
		"--until", "status=paused", "--timeout", "60s", "--exec", "cat >> '"+got+"'; echo boom >&2; exit 3")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	b, err := os.ReadFile(got)
	if err != nil {
		t.Fatal(err)
	}
	evs := parseEvents(t, string(b))
	if len(evs) != 2 || evs[0].After != "suspended" || evs[1].After != "paused" || evs[0].Strategy != a.ID {
		t.Fatalf("--exec saw %s", b)
	}
	if strings.Count(errOut, "--exec for event") != 2 || !strings.Contains(errOut, "exit status 3") || !strings.Contains(errOut, "boom") {
		t.Errorf("failures reported as %q", errOut)
	}
	// A command that hangs is stopped at the timeout and the watch goes on.
	b2 := firstStrategy(t, c, api.StatusActive)
	go func() {
		time.Sleep(300 * time.Millisecond)
		_, _ = c.HaltStrategy(context.Background(), b2.ID)
	}()
	_, errOut, code = e.run("", "watch", "--strategy", strconv.FormatInt(b2.ID, 10), "--interval", "50ms",
		"--until", "status=paused", "--timeout", "60s", "--exec", "sleep 30", "--exec-timeout", "200ms")
	if code != 0 || !strings.Contains(errOut, "stopped after 200ms") {
		t.Errorf("hanging --exec: exit %d, stderr %q", code, errOut)
	}
}

// Events that cannot be written (stdout on a full disk) stop the watch
// with exit 1 and the reason, instead of watching on and losing them.
func TestWatchStopsWhenItsEventsCannotBeWritten(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full here")
	}
	defer full.Close()
	newCLIEnv(t)
	errOut := &lockedBuf{}
	cmd := exec.Command(os.Args[0], "watch", "--interval", "100ms", "--budget", "100000/min", "--heartbeat", "200ms", "-o", "jsonl")
	cmd.Env = append(os.Environ(), "STRATOP_TEST_AS_MAIN=1")
	cmd.Stdout, cmd.Stderr = full, errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatalf("the watch went on with nowhere to write; stderr:\n%s", errOut.String())
	}
	if code := cmd.ProcessState.ExitCode(); code != 1 || !strings.Contains(errOut.String(), "writing events") {
		t.Fatalf("exit %d, stderr:\n%s", code, errOut.String())
	}
}
