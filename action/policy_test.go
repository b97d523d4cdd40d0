package action

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/audit"
)

// sandboxEnv is the sandbox on loopback with a log of the requests that
// arrived, so a test can say what was sent, not what the code meant to.
type sandboxEnv struct {
	sb     *sandbox.Sandbox
	client *api.Client
	mu     sync.Mutex
	posts  []string
}

func newSandboxEnv(t *testing.T) *sandboxEnv {
	t.Helper()
	e := &sandboxEnv{sb: sandbox.New(sandbox.WithUsers(3), sandbox.WithStrategies(20))}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && !strings.HasSuffix(r.URL.Path, "/getStrategies") {
			e.mu.Lock()
			e.posts = append(e.posts, r.Method+" "+r.URL.Path)
			e.mu.Unlock()
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

func (e *sandboxEnv) sent() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]string(nil), e.posts...)
}

func (e *sandboxEnv) active(t *testing.T) api.Strategy {
	t.Helper()
	p, err := e.client.ListStrategies(context.Background(), api.StrategyFilter{Status: api.StatusActive})
	if err != nil || len(p.Strategies) == 0 {
		t.Fatalf("no active strategy: %v", err)
	}
	return p.Strategies[0]
}

// memJournal keeps entries; fail makes every write fail.
type memJournal struct {
	entries []audit.Entry
	fail    error
}

func (m *memJournal) Write(e audit.Entry) error {
	if m.fail != nil {
		return m.fail
	}
	m.entries = append(m.entries, e)
	return nil
}

func (m *memJournal) Check() error { return m.fail }

func TestRunRefusesByPolicyBeforeAnythingIsSentOrRecorded(t *testing.T) {
	cases := []struct {
		name   string
		runner Runner
		reason string
		want   error
		words  string
	}{
		{"read-only", Runner{Policy: Policy{ReadOnly: true, ReadOnlyBy: "STRATOP_READ_ONLY=1"}}, "ticket 1", ErrReadOnly, "STRATOP_READ_ONLY=1"},
		{"reason required", Runner{Policy: Policy{RequireReason: true, RequireReasonBy: "profile prod: require_reason"}}, "  ", ErrReasonRequired, "require_reason"},
		{"reason with a newline", Runner{}, "a\nb", ErrReasonInvalid, "one line"},
		{"reason too long", Runner{}, strings.Repeat("x", MaxReason+1), ErrReasonInvalid, "at most"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newSandboxEnv(t)
			s := e.active(t)
			j := &memJournal{}
			r := c.runner
			r.Client, r.Journal, r.Source = e.client, j, "cli"
			if err := r.Check(Target{Reason: c.reason}); !errors.Is(err, c.want) {
				t.Errorf("Check: %v, want %v", err, c.want)
			}
			res := r.Run(context.Background(), Suspend, Target{Strategy: s, Reason: c.reason})
			if !errors.Is(res.Err, c.want) || res.Outcome != OutcomeRefused || res.Sent {
				t.Errorf("Run: err %v outcome %s sent %v; want %v, refused, not sent", res.Err, res.Outcome, res.Sent, c.want)
			}
			if !strings.Contains(res.Reason, c.words) {
				t.Errorf("reason %q does not say %q", res.Reason, c.words)
			}
			if got := e.sent(); len(got) != 0 {
				t.Errorf("sent %v", got)
			}
			if len(j.entries) != 0 {
				t.Errorf("recorded %+v", j.entries)
			}
			if now, _ := e.sb.Strategy(s.ID); now.Status != api.StatusActive {
				t.Errorf("status %s, want active", now.Status)
			}
		})
	}
}

func TestRunWithoutAnAuditIntentSendsNothingUnlessUnaudited(t *testing.T) {
	e := newSandboxEnv(t)
	s := e.active(t)
	full := errors.New("no space left on device")
	r := Runner{Client: e.client, Journal: &memJournal{fail: full}, Source: "cli"}

	var je *JournalError
	if err := r.Check(Target{}); !errors.As(err, &je) || !errors.Is(err, full) {
		t.Errorf("Check: %v, want a *JournalError", err)
	}
	res := r.Run(context.Background(), Suspend, Target{Strategy: s})
	if !errors.As(res.Err, &je) || res.Sent || res.Unaudited || res.Outcome != OutcomeRefused || !errors.Is(res.JournalErr, full) {
		t.Fatalf("Run: %+v; want refused with a *JournalError, nothing sent", res)
	}
	if got := e.sent(); len(got) != 0 {
		t.Fatalf("sent %v without an audit intent", got)
	}

	r.Unaudited = true
	if err := r.Check(Target{}); err != nil {
		t.Errorf("Check with the override: %v", err)
	}
	res = r.Run(context.Background(), Suspend, Target{Strategy: s})
	if res.Outcome != OutcomeDone || !res.Sent || !res.Unaudited || res.JournalErr == nil {
		t.Fatalf("Run with the override: %+v; want done, sent, Unaudited", res)
	}
	if got := e.sent(); len(got) != 1 || !strings.HasSuffix(got[0], "/suspendStrategy") {
		t.Errorf("sent %v, want one suspend", got)
	}
}

func TestTheReasonIsRecordedWithTheIntentAndTheOutcome(t *testing.T) {
	e := newSandboxEnv(t)
	s := e.active(t)
	j := &memJournal{}
	r := Runner{Client: e.client, Journal: j, Source: "cli", Policy: Policy{RequireReason: true}}
	res := r.Run(context.Background(), Halt, Target{Strategy: s, Reason: "  INC-42 runaway orders "})
	if res.Outcome != OutcomeDone {
		t.Fatalf("%+v", res)
	}
	if len(j.entries) != 2 {
		t.Fatalf("entries %+v", j.entries)
	}
	for _, en := range j.entries {
		if en.Reason != "INC-42 runaway orders" {
			t.Errorf("entry reason %q", en.Reason)
		}
	}
}

func TestRulesNameEveryPolicyOnce(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Rules {
		if r.Name == "" || r.Rule == "" || r.Decided == "" || r.Shown == "" || seen[r.Name] {
			t.Errorf("rule %+v: empty field or repeated name", r)
		}
		seen[r.Name] = true
	}
	for _, name := range []string{"read-only", "confirmation", "amount", "credentials", "audit", "reason", "ids", "agents", "exit codes"} {
		if !seen[name] {
			t.Errorf("no rule %q", name)
		}
	}
}

func TestConfirmTextFollowsTheTable(t *testing.T) {
	cases := []struct {
		spec Spec
		ids  []int64
		user string
		want string
	}{
		{Halt, []int64{7}, "", "7"},
		{Halt, []int64{7, 8}, "", "2"},
		{Suspend, []int64{7}, "", ""},
		{Stop, []int64{268}, "", "268"},
		{Archive, []int64{1, 2, 3}, "", "3"},
		{Disable, []int64{5}, "", "5"},
		{DisableAll, nil, "user-9", "user-9"},
		{RemoveAll, nil, "user-9", "user-9"},
		{AddBalance, []int64{5}, "", ""},
	}
	for _, c := range cases {
		if got := ConfirmText(c.spec, c.ids, c.user); got != c.want {
			t.Errorf("%s %v %q: %q, want %q", c.spec.Name, c.ids, c.user, got, c.want)
		}
	}
}

func TestParseIDsTakesEachOnceAndRefusesMalformed(t *testing.T) {
	ids, err := ParseIDs([]string{"268", "268", "7", "268"})
	if err != nil || len(ids) != 2 || ids[0] != 268 || ids[1] != 7 {
		t.Errorf("ParseIDs: %v %v, want [268 7]", ids, err)
	}
	for _, bad := range []string{"", " ", "0", "-1", "+5", " 5", "5 ", "1e3", "12a", "99999999999999999999", "٣"} {
		if _, err := ParseIDs([]string{"1", bad}); !errors.Is(err, ErrBadID) {
			t.Errorf("ParseIDs(%q): %v, want ErrBadID", bad, err)
		}
	}
	for _, bad := range []string{"", "   ", "a\x1bb"} {
		if err := CheckUser(bad); !errors.Is(err, ErrBadID) {
			t.Errorf("CheckUser(%q): %v, want ErrBadID", bad, err)
		}
	}
	if err := CheckUser("ext-42"); err != nil {
		t.Errorf("CheckUser(ext-42): %v", err)
	}
}
