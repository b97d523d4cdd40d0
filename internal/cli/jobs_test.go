package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
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

// jobEnv is a sandbox whose disable-all can be diverted to another user,
// so the job starts but the user's count never drops.
type jobEnv struct {
	sb     *sandbox.Sandbox
	client *api.Client
	runner action.Runner
	divert atomic.Pointer[string] // the user a disable-all is sent for instead
}

func newJobEnv(t *testing.T) *jobEnv {
	t.Helper()
	e := &jobEnv{sb: sandbox.New(sandbox.WithUsers(3), sandbox.WithStrategies(30))}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if other := e.divert.Load(); other != nil && strings.HasSuffix(r.URL.Path, "/disableAllStrategies") {
			body, _ := json.Marshal(api.UserRef{UserID: *other})
			r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
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
	e.runner = action.Runner{Client: c, Journal: &memJournal{}, Source: "cli"}
	return e
}

// usersWithActive returns two users, the first with active strategies.
func (e *jobEnv) usersWithActive(t *testing.T) (string, string, int) {
	t.Helper()
	us, err := e.client.ListUsers(context.Background())
	if err != nil || len(us) < 2 {
		t.Fatalf("users: %v", err)
	}
	for i, u := range us {
		n, err := e.runner.Remaining(context.Background(), action.DisableAll, u.ExternalUserID)
		if err == nil && n > 0 {
			return u.ExternalUserID, us[(i+1)%len(us)].ExternalUserID, n
		}
	}
	t.Fatal("no user with active strategies")
	return "", "", 0
}

func (e *jobEnv) disableAll(t *testing.T, opt ActionOptions) (Result, int, string) {
	t.Helper()
	var out, errb bytes.Buffer
	opt.Spec, opt.Yes, opt.Format = action.DisableAll, true, JSON
	err := RunAction(context.Background(), IO{In: strings.NewReader(""), Out: &out, Err: &errb}, e.runner, opt)
	var rs []Result
	if jerr := json.Unmarshal(out.Bytes(), &rs); jerr != nil || len(rs) != 1 {
		t.Fatalf("results %q: %v; stderr %s", out.String(), jerr, errb.String())
	}
	return rs[0], code(err), errb.String()
}

func TestUserJobSaysStartedNotDone(t *testing.T) {
	e := newJobEnv(t)
	user, _, n := e.usersWithActive(t)
	r, code, stderr := e.disableAll(t, ActionOptions{User: user})
	if code != ExitOK || r.Outcome != outcomeStarted || r.Strategies == nil || *r.Strategies != n || r.Changed != nil {
		t.Errorf("exit %d, result %+v: want 0, started, strategies %d, nothing counted as changed", code, r, n)
	}
	if !strings.Contains(stderr, "disable-all user "+user+": started: "+strconv.Itoa(n)+" active strategies") || !strings.Contains(stderr, "--wait") {
		t.Errorf("stderr %q does not say it started", stderr)
	}
}

func TestUserJobWaitFollowsItToTheEndWithTheCount(t *testing.T) {
	e := newJobEnv(t)
	user, _, n := e.usersWithActive(t)
	r, code, stderr := e.disableAll(t, ActionOptions{User: user, Wait: true, Poll: 20 * time.Millisecond, WaitTimeout: time.Minute})
	if code != ExitOK || r.Outcome != string(audit.OutcomeDone) || r.Changed == nil || *r.Changed != n || *r.Strategies != n || r.Error != "" {
		t.Fatalf("exit %d, result %+v: want 0, done, %d changed", code, r, n)
	}
	if left, err := e.runner.Remaining(context.Background(), action.DisableAll, user); err != nil || left != 0 {
		t.Errorf("done reported with %d active left (%v)", left, err)
	}
	if !strings.Contains(stderr, strconv.Itoa(n)+" of "+strconv.Itoa(n)+" paused") {
		t.Errorf("stderr %q lacks the final count", stderr)
	}
}

func TestUserJobWaitGivesUpAndExits3WhenItDoesNotEnd(t *testing.T) {
	e := newJobEnv(t)
	user, other, n := e.usersWithActive(t)
	e.divert.Store(&other)
	r, code, _ := e.disableAll(t, ActionOptions{User: user, Wait: true, Poll: 20 * time.Millisecond, WaitTimeout: 300 * time.Millisecond})
	if code != ExitUnknown || r.Outcome != outcomeStarted || r.Changed == nil || *r.Changed != 0 ||
		!strings.Contains(r.Error, "still running after 300ms, "+strconv.Itoa(n)+" left") {
		t.Errorf("exit %d, result %+v: want 3, started, still running with %d left", code, r, n)
	}
}
