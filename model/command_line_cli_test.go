package model_test

// Each confirmation's command line, copied from the dialog and split by a
// real shell, run through the real command tree against a second sandbox
// in the same state, sends exactly the requests the dialog sent.

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/internal/cmd/root"
	"github.com/stratop/stratop/internal/testkit"
	"github.com/stratop/stratop/model"
)

// recorder is a sandbox behind loopback that keeps every state-changing
// request: method, path and body (the idempotency key left out: it is
// fresh for every dialog and every command by design).
type recorder struct {
	sb  *sandbox.Sandbox
	url string
	mu  sync.Mutex
	got []string
}

func newRecorder(t *testing.T) *recorder {
	t.Helper()
	epoch := time.Date(2025, 6, 1, 9, 0, 0, 0, time.UTC)
	r := &recorder{sb: sandbox.New(sandbox.WithSeed(1), sandbox.WithTick(0), sandbox.WithUsers(12), sandbox.WithStrategies(60),
		sandbox.WithClock(func() time.Time { return epoch }))}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.Method == http.MethodPost && !strings.Contains(req.URL.Path, "/get") {
			body, _ := io.ReadAll(req.Body)
			req.Body = io.NopCloser(bytes.NewReader(body))
			var fields map[string]any
			if json.Unmarshal(body, &fields) == nil {
				delete(fields, "idempotencyKey")
				body, _ = json.Marshal(fields)
			}
			r.mu.Lock()
			r.got = append(r.got, req.Method+" "+req.URL.Path+" "+string(body))
			r.mu.Unlock()
		}
		r.sb.ServeHTTP(w, req)
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(r.sb.Close)
	r.url = srv.URL
	return r
}

// newCopyRig is the dashboard's sandbox and the shell's, in a home of its
// own with the demo's credentials in the environment for the command tree.
func newCopyRig(t *testing.T) (dash, shell *recorder) {
	t.Helper()
	home := t.TempDir()
	for k, v := range map[string]string{"HOME": home, "XDG_STATE_HOME": filepath.Join(home, "state"),
		"XDG_CONFIG_HOME": filepath.Join(home, "config"), "STRATOP_PROFILE": "", "STRATOP_CONFIG": "",
		"STRATOP_API_KEY": sandbox.DemoKey, "STRATOP_API_SECRET": sandbox.DemoSecret} {
		t.Setenv(k, v)
	}
	return newRecorder(t), newRecorder(t)
}

// client is a client of r that does not retry.
func (r *recorder) client(t *testing.T) *api.Client {
	t.Helper()
	c, err := api.New(r.url, api.WithCredentials(api.Credentials{Key: sandbox.DemoKey, Secret: sandbox.DemoSecret}), api.WithRetries(0))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// startCopying runs the dashboard on c as profile ops at 120x40, copying
// into term.
func startCopying(t *testing.T, c *api.Client) (*teatest.TestModel, testkit.Probe, *testkit.Buffer) {
	t.Helper()
	term := &testkit.Buffer{}
	m := model.New(t.Context(), c, model.WithProfile("ops"), model.WithPageSize(20),
		model.WithInterval(30*time.Millisecond), model.WithTerminal(term))
	pr := testkit.NewProbe(m.Tea())
	tm := teatest.NewTestModel(t, pr, teatest.WithInitialTermSize(120, 40))
	t.Cleanup(func() { testkit.Stop(t, tm) })
	return tm, pr, term
}

func (r *recorder) sent() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.got)
}

// firstIDs are the ids of the first n strategies of the dashboard's first
// page, set to st on both sandboxes.
func firstIDs(t *testing.T, n int, st api.Status, rs ...*recorder) []int64 {
	t.Helper()
	c, err := api.New(rs[0].url, api.WithCredentials(api.Credentials{Key: sandbox.DemoKey, Secret: sandbox.DemoSecret}))
	if err != nil {
		t.Fatal(err)
	}
	p, err := c.ListStrategies(t.Context(), api.StrategyFilter{Page: 1, PageSize: 20})
	if err != nil || len(p.Strategies) < n {
		t.Fatalf("first page: %v", err)
	}
	var ids []int64
	for _, s := range p.Strategies[:n] {
		for _, r := range rs {
			if !r.sb.SetStrategyStatus(s.ID, st) {
				t.Fatalf("set %d %s", s.ID, st)
			}
		}
		ids = append(ids, s.ID)
	}
	return ids
}

// copied is the last text the program put on the clipboard (OSC 52).
func copied(term *testkit.Buffer) string {
	s := term.String()
	i := strings.LastIndex(s, "\x1b]52;c;")
	if i < 0 {
		return ""
	}
	s = s[i+len("\x1b]52;c;"):]
	if j := strings.IndexAny(s, "\x07\x1b"); j >= 0 {
		s = s[:j]
	}
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return ""
	}
	return string(b)
}

// shellWords splits line as a POSIX shell does.
func shellWords(t *testing.T, line string) []string {
	t.Helper()
	out, err := exec.Command("sh", "-c", `f() { printf '%s\0' "$@"; }; f `+line).Output()
	if err != nil {
		t.Fatalf("sh: %v", err)
	}
	return strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
}

func TestDialogCommandLineDoesWhatTheDialogDid(t *testing.T) {
	cases := []struct {
		name   string
		marks  int // rows marked for a bulk action (0: the selected row)
		from   api.Status
		key    string
		reason string
		typed  func(ids []int64) string // the typed confirmation, "" for y
		want   string                   // in the line
	}{
		{name: "suspend with a reason", from: api.StatusActive, key: "s", reason: `INC-77 it's "bad"`,
			want: `--reason 'INC-77 it'\''s "bad"'`},
		{name: "halt typed", from: api.StatusActive, key: "h",
			typed: func(ids []int64) string { return strconv.FormatInt(ids[0], 10) }},
		{name: "bulk resume", marks: 2, from: api.StatusSuspended, key: "r", reason: "back"},
		{name: "bulk halt typed", marks: 3, from: api.StatusActive, key: "h",
			typed: func(ids []int64) string { return strconv.Itoa(len(ids)) }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dash, shell := newCopyRig(t)
			ids := firstIDs(t, max(tc.marks, 1), tc.from, dash, shell)

			c := dash.client(t)
			tm, pr, term := startCopying(t, c)
			send := func(keys ...string) {
				for _, k := range keys {
					tm.Send(testkit.Key(k))
				}
			}
			wait := func(sub string) {
				t.Helper()
				testkit.WaitFor(t, 10*time.Second, sub, pr.Frame, func(v string) bool { return strings.Contains(v, sub) })
			}
			send("2")
			wait("page 1 of 3")
			for i := 0; i < tc.marks; i++ {
				send("space", "down")
			}
			send(tc.key)
			wait("stratop --profile ops strategies")
			if tc.reason != "" {
				send("tab")
				for _, r := range tc.reason {
					tm.Send(testkit.Runes(string(r)))
				}
				send("enter")
			}
			send("c")
			testkit.WaitFor(t, 5*time.Second, "the copied line", func() string { return copied(term) },
				func(s string) bool { return strings.HasPrefix(s, "stratop ") })
			line := copied(term)
			if !strings.Contains(line, tc.want) {
				t.Fatalf("line %q lacks %q", line, tc.want)
			}
			if tc.typed != nil {
				for _, r := range tc.typed(ids) {
					tm.Send(testkit.Runes(string(r)))
				}
				send("enter")
			} else {
				send("y")
			}
			testkit.WaitFor(t, 10*time.Second, "the dashboard's requests", func() string { return strings.Join(dash.sent(), "\n") },
				func(s string) bool { return strings.Count(s, "\n")+1 >= len(ids) && s != "" })

			words := shellWords(t, line)
			if words[0] != "stratop" {
				t.Fatalf("line %q does not start with stratop", line)
			}
			args := append(words[1:], "--yes")
			t.Setenv("STRATOP_BASE_URL", shell.url)
			var out, errb bytes.Buffer
			if code := root.Run(args, strings.NewReader(""), &out, &errb); code != 0 {
				t.Fatalf("%s: exit %d: %s", line, code, errb.String())
			}
			want, got := dash.sent(), shell.sent()
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(want, got) {
				t.Fatalf("%s\ndashboard sent:\n%s\nthe command sent:\n%s", line, strings.Join(want, "\n"), strings.Join(got, "\n"))
			}
			if len(got) != len(ids) {
				t.Fatalf("%d requests, want %d: %v", len(got), len(ids), got)
			}
		})
	}
}
