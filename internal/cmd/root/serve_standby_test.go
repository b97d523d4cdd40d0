package root

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/alert"
	"github.com/stratop/stratop/api"
)

// serveInterval is the --interval startServe gives.
const serveInterval = 100 * time.Millisecond

// messagesAbout is the distinct messages (by id) that carry an event of
// strategy id.
func messagesAbout(msgs []alert.Message, id int64) map[string]bool {
	out := map[string]bool{}
	for _, m := range msgs {
		for _, ev := range m.Events {
			if ev.Strategy == id {
				out[m.ID] = true
			}
		}
	}
	return out
}

// roleOf is the role a serve's /metrics reports.
func roleOf(t *testing.T, addr string) string {
	t.Helper()
	_, body := httpGet(t, "http://"+addr+"/metrics")
	switch {
	case strings.Contains(body, `stratop_serve_role{role="active"} 1`):
		return "active"
	case strings.Contains(body, `stratop_serve_role{role="standby"} 1`):
		return "standby"
	}
	return ""
}

// Two serves of one integration on one machine: the second stands by and
// sends nothing, so each alert is delivered once; /metrics says which is
// active. kill -9 of the active one: the standby takes over and delivers
// the next alert within one interval plus 5 s.
func TestASecondServeStandsByAndTakesOver(t *testing.T) {
	e := newCLIEnv(t)
	rcv := newHookReceiver(t, "standby-secret")
	t.Setenv("TEST_HOOK_SECRET", "standby-secret")
	cfgDir := filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "stratop")
	if err := os.MkdirAll(cfgDir, 0o700); err != nil {
		t.Fatal(err)
	}
	settings := "[[alerts]]\nname = \"halted\"\nwhen = \"strategy.status\"\nwhere = \"after = 'paused'\"\nto = [\"hook\"]\n\n" +
		"[sinks.hook]\nurl = \"" + rcv.url + "/stratop\"\nsecret_env = \"TEST_HOOK_SECRET\"\n"
	if err := os.WriteFile(filepath.Join(cfgDir, "config.toml"), []byte(settings), 0o600); err != nil {
		t.Fatal(err)
	}
	c := e.client()
	halt := func() int64 {
		t.Helper()
		s := firstStrategy(t, c, api.StatusActive)
		if _, err := c.HaltStrategy(context.Background(), s.ID); err != nil {
			t.Fatal(err)
		}
		return s.ID
	}

	first, addrFirst := startServe(t)
	waitUntil(t, "the first full read", func() bool {
		m, _ := filepath.Glob(filepath.Join(e.integrationDir().ServeCursors(), "*.json"))
		return len(m) > 0
	})
	second, addrSecond := startServe(t)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("first:\n%s\nsecond:\n%s", first.err.String(), second.err.String())
		}
	})
	waitUntil(t, "the second serve to stand by", func() bool { return strings.Contains(second.err.String(), "standby:") })
	if a, b := roleOf(t, addrFirst), roleOf(t, addrSecond); a != "active" || b != "standby" {
		t.Fatalf("roles on /metrics: first %q, second %q", a, b)
	}
	if code, body := httpGet(t, "http://"+addrSecond+"/healthz"); code != 200 || !strings.Contains(body, "standby") {
		t.Errorf("the standby's /healthz: %d %q", code, body)
	}

	one := halt()
	waitUntil(t, "the first halt's alert", func() bool { return len(messagesAbout(rcv.got(), one)) > 0 })
	time.Sleep(20 * serveInterval) // time enough for a second sender to send it too
	if n := len(messagesAbout(rcv.got(), one)); n != 1 {
		t.Fatalf("the halt of %d was alerted in %d messages, want 1", one, n)
	}
	if d := len(rcv.got()); d != 1 {
		t.Errorf("%d deliveries of one alert", d)
	}

	first.kill() // SIGKILL: the kernel lets go of the lock
	two := halt()
	halted := time.Now()
	limit := serveInterval + 5*time.Second
	for len(messagesAbout(rcv.got(), two)) == 0 {
		if time.Since(halted) > limit {
			t.Fatalf("the standby did not deliver the next alert within %s of the change", limit)
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Logf("the standby delivered the next alert %s after the change", time.Since(halted).Round(time.Millisecond))
	if !strings.Contains(second.err.String(), "taking over") || roleOf(t, addrSecond) != "active" {
		t.Errorf("the second serve does not say it took over, or /metrics says %q", roleOf(t, addrSecond))
	}
	time.Sleep(20 * serveInterval)
	if n, m := len(messagesAbout(rcv.got(), two)), len(messagesAbout(rcv.got(), one)); n != 1 || m != 1 {
		t.Errorf("after the take-over: %d messages of the second halt, %d of the first; want 1 and 1", n, m)
	}
	if code := second.stop(); code != 0 {
		t.Fatalf("exit %d: %s", code, second.err.String())
	}
}
