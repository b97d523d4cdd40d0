package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/audit"
)

// memJournal keeps entries in memory.
type memJournal struct{ entries []audit.Entry }

func (m *memJournal) Write(e audit.Entry) error { m.entries = append(m.entries, e); return nil }

type testEnv struct {
	sb     *sandbox.Sandbox
	client *api.Client
	halts  atomic.Int32
	posts  atomic.Int32 // every state-changing request, halt or not
	block  atomic.Bool  // hold every halt until the client gives up
}

func newTestEnv(t *testing.T) *testEnv {
	t.Helper()
	e := &testEnv{sb: sandbox.New(sandbox.WithUsers(3), sandbox.WithStrategies(20))}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			e.posts.Add(1)
		}
		if strings.HasSuffix(r.URL.Path, "/halt") {
			e.halts.Add(1)
			if e.block.Load() {
				<-r.Context().Done()
				return
			}
		}
		e.sb.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(e.sb.Close)
	c, err := api.New(srv.URL, api.WithCredentials(api.Credentials{Key: sandbox.DemoKey, Secret: sandbox.DemoSecret}), api.WithRetries(0))
	if err != nil {
		t.Fatal(err)
	}
	e.client = c
	return e
}

func (e *testEnv) active(t *testing.T) api.Strategy {
	t.Helper()
	p, err := e.client.ListStrategies(context.Background(), api.StrategyFilter{Status: api.StatusActive})
	if err != nil || len(p.Strategies) == 0 {
		t.Fatalf("no active strategy: %v", err)
	}
	return p.Strategies[0]
}

func code(err error) int {
	var ee *ExitError
	if errors.As(err, &ee) {
		return ee.Code
	}
	if err != nil {
		return -1
	}
	return 0
}

func TestConfirmOnATerminalDefaultsToNo(t *testing.T) {
	for _, answer := range []string{"\n", "n\n", "whatever\n", ""} {
		e := newTestEnv(t)
		s := e.active(t)
		var out, errb bytes.Buffer
		o := IO{In: strings.NewReader(answer), Out: &out, Err: &errb, InTerminal: true}
		err := RunAction(context.Background(), o, action.Runner{Client: e.client, Journal: &memJournal{}, Source: "cli"},
			ActionOptions{Spec: action.Suspend, IDs: []int64{s.ID}, Format: JSON})
		if code(err) != ExitFailed || e.posts.Load() != 0 {
			t.Errorf("answer %q: exit %d, %d actions sent; want 1 and none", answer, code(err), e.posts.Load())
		}
		if !strings.Contains(errb.String(), "[y/N]") || !strings.Contains(errb.String(), "active -> suspended") {
			t.Errorf("the plan and question: %q", errb.String())
		}
	}
}

func TestConfirmYesOnATerminalSends(t *testing.T) {
	e := newTestEnv(t)
	s := e.active(t)
	var out, errb bytes.Buffer
	j := &memJournal{}
	o := IO{In: strings.NewReader("y\n"), Out: &out, Err: &errb, InTerminal: true}
	err := RunAction(context.Background(), o, action.Runner{Client: e.client, Journal: j, Source: "cli"},
		ActionOptions{Spec: action.Suspend, IDs: []int64{s.ID}, Format: Table})
	if code(err) != ExitOK || e.posts.Load() != 1 {
		t.Fatalf("exit %d, %d actions; stderr %s", code(err), e.posts.Load(), errb.String())
	}
	if len(j.entries) != 2 || j.entries[0].Outcome != audit.OutcomeNone || j.entries[1].Outcome != audit.OutcomeDone {
		t.Errorf("journal %+v: want intent then done", j.entries)
	}
}

// Halt cannot be undone: a bare y is refused like any other answer but the
// strategy id, for one strategy and for several (the count).
func TestHaltOnATerminalTakesTheTypedIDNotY(t *testing.T) {
	e := newTestEnv(t)
	p, err := e.client.ListStrategies(context.Background(), api.StrategyFilter{Status: api.StatusActive})
	if err != nil || len(p.Strategies) < 2 {
		t.Fatalf("two active strategies: %v", err)
	}
	one, two := p.Strategies[0].ID, p.Strategies[1].ID
	run := func(answer string, ids ...int64) (string, error) {
		var out, errb bytes.Buffer
		o := IO{In: strings.NewReader(answer), Out: &out, Err: &errb, InTerminal: true}
		err := RunAction(context.Background(), o, action.Runner{Client: e.client, Journal: &memJournal{}, Source: "cli"},
			ActionOptions{Spec: action.Halt, IDs: ids, Format: Table})
		return errb.String(), err
	}
	for _, answer := range []string{"y\n", "Y\n", "yes\n"} {
		if stderr, err := run(answer, one); code(err) != ExitFailed || e.halts.Load() != 0 {
			t.Fatalf("answer %q: exit %d, %d halts; want 1 and none; stderr %s", answer, code(err), e.halts.Load(), stderr)
		}
	}
	if stderr, err := run("y\n", one, two); code(err) != ExitFailed || e.halts.Load() != 0 {
		t.Fatalf("two ids, y: exit %d, %d halts; stderr %s", code(err), e.halts.Load(), stderr)
	}
	if stderr, err := run(strconv.FormatInt(one, 10)+"\n", one); code(err) != ExitOK || e.halts.Load() != 1 {
		t.Fatalf("typed id: exit %d, %d halts; stderr %s", code(err), e.halts.Load(), stderr)
	}
	if stderr, err := run("2\n", two); code(err) != ExitFailed || e.halts.Load() != 1 {
		t.Fatalf("the count for one id is not its id: exit %d, %d halts; stderr %s", code(err), e.halts.Load(), stderr)
	}
}

func TestUnknownOutcomeExits3AfterARead(t *testing.T) {
	e := newTestEnv(t)
	e.block.Store(true)
	s := e.active(t)
	var out, errb bytes.Buffer
	o := IO{In: strings.NewReader(""), Out: &out, Err: &errb}
	err := RunAction(context.Background(), o,
		action.Runner{Client: e.client, Journal: &memJournal{}, Source: "cli", SendTimeout: 200 * time.Millisecond},
		ActionOptions{Spec: action.Halt, IDs: []int64{s.ID}, Yes: true, Format: JSON})
	if code(err) != ExitUnknown {
		t.Fatalf("exit %d, want 3; stdout %s stderr %s", code(err), out.String(), errb.String())
	}
	var rs []Result
	if err := json.Unmarshal(out.Bytes(), &rs); err != nil || len(rs) != 1 || rs[0].Outcome != "unknown" || rs[0].Now != api.StatusActive {
		t.Errorf("results %q: want unknown with the state read afterwards", out.String())
	}
	if e.halts.Load() != 1 {
		t.Errorf("%d halts: an action is never retried", e.halts.Load())
	}
}

func TestTableAndCSVAreSanitised(t *testing.T) {
	hostile := sheet{head: []string{"A", "B"}, rows: [][]string{{"\x1b]52;c;aGk=\x07x", "=cmd|' /C calc'!A0"}, {"a\tb\nc", "\u202egnp.exe"}}}
	var tb, cb bytes.Buffer
	if err := writeTable(&tb, hostile); err != nil {
		t.Fatal(err)
	}
	if err := writeCSV(&cb, hostile); err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]string{"table": tb.String(), "csv": cb.String()} {
		if strings.ContainsAny(s, "\x1b\x07\u202e") {
			t.Errorf("%s kept a control: %q", name, s)
		}
	}
	if !strings.Contains(cb.String(), "'=cmd") {
		t.Errorf("csv did not defuse a formula: %q", cb.String())
	}
	if n := strings.Count(tb.String(), "\n"); n != 3 {
		t.Errorf("table has %d lines, want 3 (a newline in a cell must not add one)", n)
	}
}

func TestJSONEscapesWhatATerminalWouldRun(t *testing.T) {
	in := map[string]string{"symbol": "A\u009b31mB\u202eC\x1b[2J\U000E0041"}
	b, err := encodeJSON(in, false)
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(string(b), "\u009b\u202e\x1b\U000E0041") {
		t.Errorf("raw control in %q", b)
	}
	var back map[string]string
	if err := json.Unmarshal(b, &back); err != nil || back["symbol"] != in["symbol"] {
		t.Errorf("round trip %q: %v", back["symbol"], err)
	}
}

func TestRawAmount(t *testing.T) {
	if got, err := rawAmount("1.5", false, 6); got != "1500000" || err != nil {
		t.Errorf("units: %q %v", got, err)
	}
	if got, err := rawAmount("00042", true, 6); got != "42" || err != nil {
		t.Errorf("raw: %q %v", got, err)
	}
	for _, bad := range []string{"", "0", "1.5", "-1", "1e3"} {
		if _, err := rawAmount(bad, true, 6); err == nil {
			t.Errorf("raw %q accepted", bad)
		}
	}
}
