package root

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stratop/stratop/alert"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/history"
	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/internal/paths"
)

// hookReceiver stands in for a webhook sink: it verifies each body's
// signature and records the messages.
type hookReceiver struct {
	mu   sync.Mutex
	msgs []alert.Message
	bad  int
	url  string
}

func newHookReceiver(t *testing.T, secret string) *hookReceiver {
	h := &hookReceiver{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		h.mu.Lock()
		defer h.mu.Unlock()
		if !alert.Verify([]byte(secret), body, r.Header.Get(alert.SignatureHeader)) {
			h.bad++
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		var m alert.Message
		if err := json.Unmarshal(body, &m); err != nil {
			http.Error(w, "bad json", http.StatusBadRequest)
			return
		}
		h.msgs = append(h.msgs, m)
	}))
	t.Cleanup(srv.Close)
	h.url = srv.URL
	return h
}

func (h *hookReceiver) got() []alert.Message {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]alert.Message(nil), h.msgs...)
}

func (h *hookReceiver) count(match func(alert.Message) bool) int {
	n := 0
	for _, m := range h.got() {
		if match(m) {
			n++
		}
	}
	return n
}

var servingOn = regexp.MustCompile(`/healthz on http://(\S+)`)

// startServe runs `stratop serve` as a child and returns it with the
// address it serves on.
func startServe(t *testing.T) (*child, string) {
	t.Helper()
	s := startChild(t, "serve", "--listen", "127.0.0.1:0", "--interval", "100ms", "--budget", "100000/min")
	var addr string
	waitUntil(t, "serve to listen", func() bool {
		m := servingOn.FindStringSubmatch(s.err.String())
		if m != nil {
			addr = m[1]
		}
		return addr != ""
	})
	return s, addr
}

func httpGet(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// serve against the sandbox: a halt behind its back reaches the signed
// webhook once, across a restart too; /metrics passes promtool and
// /healthz follows the reads; reads that fail make the dead-man message
// and its recovery; `stratop alerts` lists, acks and snoozes.
func TestServeAlertsMetricsAndHeartbeatAgainstTheSandbox(t *testing.T) {
	e := newCLIEnv(t)
	rcv := newHookReceiver(t, "hook-secret")
	t.Setenv("TEST_HOOK_SECRET", "hook-secret")
	cfgDir := filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "stratop")
	if err := os.MkdirAll(cfgDir, 0o700); err != nil {
		t.Fatal(err)
	}
	settings := `
[[alerts]]
name     = "halted"
when     = "strategy.status"
where    = "after in ['paused', 'completed']"
severity = "urgent"
to       = ["hook"]

[sinks.hook]
url        = "` + rcv.url + `/stratop"
secret_env = "TEST_HOOK_SECRET"

[serve]
heartbeat    = 5
heartbeat_to = ["hook"]
`
	if err := os.WriteFile(filepath.Join(cfgDir, "config.toml"), []byte(settings), 0o600); err != nil {
		t.Fatal(err)
	}
	s, addr := startServe(t)
	waitUntil(t, "a good read", func() bool {
		code, _ := httpGet(t, "http://"+addr+"/healthz")
		return code == 200
	})
	waitUntil(t, "the first full read", func() bool {
		_, body := httpGet(t, "http://"+addr+"/metrics")
		return strings.Contains(body, `stratop_strategies{status="active"}`)
	})
	c := e.client()
	active := firstStrategy(t, c, api.StatusActive)
	if _, err := c.HaltStrategy(context.Background(), active.ID); err != nil {
		t.Fatal(err)
	}
	isHalt := func(m alert.Message) bool {
		return m.Rule == "halted" && len(m.Events) == 1 && m.Events[0].Strategy == active.ID
	}
	waitUntil(t, "the halt's alert", func() bool { return rcv.count(isHalt) == 1 })

	// The receiver holds the message a moment before serve counts the
	// delivery: the scrape waits for the count.
	var body string
	waitUntil(t, "the delivery counted", func() bool {
		_, body = httpGet(t, "http://"+addr+"/metrics")
		return strings.Contains(body, `stratop_sink_deliveries_total{sink="hook"} 1`)
	})
	for _, want := range []string{`stratop_alerts_total{rule="halted",severity="urgent"} 1`, `stratop_sink_deliveries_total{sink="hook"} 1`,
		`stratop_events_total{kind="strategy.status"} 1`, "stratop_watch_read_latency_seconds_bucket"} {
		if !strings.Contains(body, want) {
			t.Errorf("the scrape lacks %q", want)
		}
	}
	if path, err := exec.LookPath("promtool"); err == nil {
		cmd := exec.Command(path, "check", "metrics")
		cmd.Stdin = strings.NewReader(body)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("promtool check metrics: %v\n%s", err, out)
		}
	} else if os.Getenv("STRATOP_TEST_PROMTOOL") == "1" {
		t.Fatal("STRATOP_TEST_PROMTOOL is set and promtool is not on PATH")
	}

	// Reads fail: the dead-man message, /healthz 503, then the recovery.
	e.sb.SetFaults(sandbox.Faults{FailRate: 1})
	isDead := func(m alert.Message) bool { return m.Kind == alert.MsgHeartbeat && m.Severity == "urgent" }
	waitUntil(t, "the dead-man message", func() bool { return rcv.count(isDead) == 1 })
	if code, _ := httpGet(t, "http://"+addr+"/healthz"); code != 503 {
		t.Errorf("/healthz while reads fail: %d", code)
	}
	e.sb.SetFaults(sandbox.Faults{})
	waitUntil(t, "the recovery message", func() bool {
		return rcv.count(func(m alert.Message) bool { return m.Kind == alert.MsgHeartbeat && m.Severity == "info" }) == 1
	})
	if code := s.stop(); code != 0 {
		t.Fatalf("serve exit %d: %s", code, s.err.String())
	}
	assertServeKeptHistory(t)
	if strings.Contains(s.err.String(), "hook-secret") || strings.Contains(s.err.String(), rcv.url+"/stratop") {
		t.Errorf("the log shows a secret or the full sink URL:\n%s", s.err.String())
	}

	// The alert is open; ack it, snooze the rule.
	out := runCLI(t, "alerts")
	if !strings.Contains(out, "halted") || !strings.Contains(out, "urgent") {
		t.Fatalf("alerts lists:\n%s", out)
	}
	var listed []alert.Listed // a list, as every list: newest first
	if err := json.Unmarshal([]byte(runCLI(t, "alerts", "-o", "json")), &listed); err != nil || len(listed) != 1 || listed[0].Rule != "halted" {
		t.Fatalf("alerts -o json: %v %+v", err, listed)
	}
	if out := runCLI(t, "alerts", "ack", listed[0].ID); !strings.Contains(out, "acknowledged") {
		t.Errorf("ack: %s", out)
	}
	if out := runCLI(t, "alerts"); !strings.Contains(out, "no open alerts") {
		t.Errorf("after ack:\n%s", out)
	}
	if out := runCLI(t, "alerts", "snooze", "halted", "1h"); !strings.Contains(out, "snoozed until") {
		t.Errorf("snooze: %s", out)
	}

	// Restarted: the halt is not alerted again; a new halt while the
	// rule is snoozed is open, marked, and not sent.
	s, _ = startServe(t)
	second := firstStrategy(t, c, api.StatusActive)
	if _, err := c.HaltStrategy(context.Background(), second.ID); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the snoozed alert recorded", func() bool {
		return strings.Contains(runCLI(t, "alerts"), "(snoozed, not sent)")
	})
	s.stop()
	if !strings.Contains(s.err.String(), "rule halted is snoozed: alert") {
		t.Errorf("the log does not say the rule is snoozed:\n%s", s.err.String())
	}
	if n := rcv.count(isHalt); n != 1 {
		t.Errorf("the first halt was sent %d times", n)
	}
	if n := rcv.count(func(m alert.Message) bool { return m.Rule == "halted" }); n != 1 {
		t.Errorf("%d halted messages, want 1 (the second is snoozed)", n)
	}
	if out := runCLI(t, "alerts"); !strings.Contains(out, "rule halted is snoozed until") {
		t.Errorf("the snooze is not shown:\n%s", out)
	}
	if out := runCLI(t, "alerts", "-o", "json"); !strings.HasPrefix(out, "[") || !strings.Contains(out, `"ruleSnoozedUntil"`) {
		t.Errorf("alerts -o json does not list the snoozed alert with its rule's snooze:\n%s", out)
	}
	if rcv.bad != 0 {
		t.Errorf("%d messages failed the signature check", rcv.bad)
	}
}

// runCLI runs stratop in-process and returns its standard output.
func runCLI(t *testing.T, args ...string) string {
	t.Helper()
	var out, errb strings.Builder
	if code := Run(args, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("stratop %v: exit %d: %s", args, code, errb.String())
	}
	return out.String()
}

// A rule that cannot be parsed stops serve before it reads anything, with
// the file, line and why; so does a sink whose secret is not set, without
// showing its URL.
func TestServeRefusesABadRuleWithFileAndLine(t *testing.T) {
	e := newCLIEnv(t)
	path := filepath.Join(t.TempDir(), "config.toml")
	body := "[sinks.hook]\nurl = \"https://hooks.example/secret-path\"\nsecret_env = \"TEST_UNSET_SECRET\"\n\n" +
		"[[alerts]]\nname = \"halted\"\nwhen = \"strategy.status\"\nwhere = \"after in ['paused'\"\nto = [\"hook\"]\n"
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errb strings.Builder
	code := Run([]string{"--config", path, "serve", "--listen", "127.0.0.1:0"}, strings.NewReader(""), &out, &errb)
	if code != 2 || !strings.Contains(errb.String(), path+":8: alerts[0].where: rule \"halted\": cannot parse the filter: column 19") {
		t.Errorf("exit %d: %s", code, errb.String())
	}
	if e.requestCount() != 0 {
		t.Errorf("%d requests before the refusal", e.requestCount())
	}
	fixed := strings.Replace(body, "['paused'", "['paused']", 1)
	if err := os.WriteFile(path, []byte(fixed), 0o600); err != nil {
		t.Fatal(err)
	}
	errb.Reset()
	code = Run([]string{"--config", path, "serve", "--listen", "127.0.0.1:0"}, strings.NewReader(""), &out, &errb)
	if code != 2 || !strings.Contains(errb.String(), "TEST_UNSET_SECRET") || strings.Contains(errb.String(), "secret-path") {
		t.Errorf("exit %d: %s", code, errb.String())
	}
}

// assertServeKeptHistory checks that serve left the integration's history
// with the counts it read, as the Overview and `stats --history` read it.
func assertServeKeptHistory(t *testing.T) {
	t.Helper()
	root, err := paths.StateDir(os.Getenv)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(root, integration.DirsName, "*", integration.HistoryFileName))
	if len(files) != 1 {
		t.Fatalf("history files %v, want the one integration's", files)
	}
	h, err := history.Load(files[0])
	if err != nil {
		t.Fatalf("the history serve kept: %v", err)
	}
	for _, p := range h.Points(nil, time.Hour, time.Now()) {
		if p.Reads > 0 && p.Counts[0] > 0 {
			return
		}
	}
	t.Error("serve kept no history of the counts it read")
}
