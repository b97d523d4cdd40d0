package root

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
)

// A hook's environment holds neither the partner key nor its secret, nor
// a sink's variables or anything named like a secret, unless handed on
// with --exec-env; everything else is inherited.
func TestWatchExecHookGetsNoCredentials(t *testing.T) {
	e := newCLIEnv(t)
	c := e.client()
	t.Setenv("STRATOP_TEST_PLAIN", "plain-value")
	t.Setenv("DEPLOY_TOKEN", "token-value")
	t.Setenv("PASSED_TOKEN", "passed-value")
	t.Setenv("TEST_CHAT_URL", "https://chat.example/hook/chat-url-value")
	settings := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(settings, []byte("[sinks.chat]\nurl_env = \"TEST_CHAT_URL\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	a := firstStrategy(t, c, api.StatusActive)
	go func() {
		time.Sleep(300 * time.Millisecond)
		_, _ = c.HaltStrategy(context.Background(), a.ID)
	}()
	got := filepath.Join(t.TempDir(), "env")
	_, errOut, code := e.run("", "--config", settings, "watch", "--strategy", strconv.FormatInt(a.ID, 10), "--interval", "50ms",
		"--until", "status=paused", "--timeout", "60s", "--exec", "env > '"+got+"'", "--exec-env", "PASSED_TOKEN")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	b, err := os.ReadFile(got)
	if err != nil {
		t.Fatal(err)
	}
	env := string(b)
	for _, secret := range []string{"STRATOP_API_SECRET", "STRATOP_API_KEY", canarySecret, canaryKey, "token-value", "chat-url-value"} {
		if strings.Contains(env, secret) {
			t.Errorf("the hook's environment holds %q:\n%s", secret, env)
		}
	}
	for _, kept := range []string{"STRATOP_TEST_PLAIN=plain-value", "PASSED_TOKEN=passed-value", "PATH=", "HOME="} {
		if !strings.Contains(env, kept) {
			t.Errorf("the hook's environment lacks %q:\n%s", kept, env)
		}
	}
	for _, bad := range [][]string{{"--exec-env", "PATH"}, {"--exec", "true", "--exec-env", "NOT A NAME"}} {
		if _, _, code := e.run("", append([]string{"watch", "--strategy", "1", "--from-now"}, bad...)...); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
}

// --until on a strategy or user the integration does not have stops at
// once with exit 2, instead of reading 404s until --timeout.
func TestWatchUntilOnWhatDoesNotExistStopsAtOnce(t *testing.T) {
	e := newCLIEnv(t)
	for _, scope := range [][]string{{"--strategy", "987654321"}, {"--user", "no-such-user"}} {
		start := time.Now()
		_, errOut, code := e.run("", append([]string{"watch", "--until", "status=paused", "--timeout", "30s", "--interval", "50ms"}, scope...)...)
		if code != 2 || !strings.Contains(errOut, "does not exist") || !strings.Contains(errOut, scope[1]) {
			t.Errorf("%v: exit %d, stderr %q", scope, code, errOut)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%v: took %s", scope, d)
		}
	}
}

// The table starts with its header, and an event's user and pool are on
// its lines whatever the width.
func TestWatchTableHasAHeaderAndKeepsUserAndPool(t *testing.T) {
	e := newCLIEnv(t)
	c := e.client()
	a := firstStrategy(t, c, api.StatusActive)
	go func() {
		time.Sleep(300 * time.Millisecond)
		_, _ = c.HaltStrategy(context.Background(), a.ID)
	}()
	out, errOut, code := e.run("", "watch", "--strategy", strconv.FormatInt(a.ID, 10), "--interval", "50ms",
		"--until", "status=paused", "--timeout", "60s", "-o", "table")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "TIME") || !strings.Contains(lines[0], "WHAT") {
		t.Fatalf("no header:\n%s", out)
	}
	if !strings.Contains(out, "user "+a.UserID) || !strings.Contains(out, "strategy "+strconv.FormatInt(a.ID, 10)) || !strings.Contains(out, "pool ") {
		t.Errorf("the event lacks its user or strategy:\n%s", out)
	}
}

// A server that does not answer at the start costs --until no more than
// its --timeout: the check that the scope exists is inside it.
func TestWatchUntilAgainstAStalledServerKeepsItsTimeout(t *testing.T) {
	e := newCLIEnv(t)
	e.sb.SetFaults(sandbox.Faults{Latency: 10 * time.Second}) // every answer 5 s or later
	start := time.Now()
	_, errOut, code := e.run("", "watch", "--strategy", "1", "--until", "status=paused", "--timeout", "300ms", "--interval", "50ms")
	if code != 1 || !strings.Contains(errOut, "did not hold within 300ms") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("took %s with --timeout 300ms", d)
	}
}
