package root

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stratop/stratop/alert"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
)

// serve killed with SIGKILL at random points while strategies are halted
// behind its back, and restarted: every halt reaches the webhook, and no
// change is alerted under two messages. (A message delivered just before
// a kill may arrive again with its id: the receiver keeps ids, as the
// README tells webhook receivers to.)
func TestServeKilledAtRandomPointsAlertsEachChangeOnce(t *testing.T) {
	e := newCLIEnv(t, sandbox.WithStrategies(400))
	rcv := newHookReceiver(t, "crash-secret")
	t.Setenv("TEST_HOOK_SECRET", "crash-secret")
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
	rng := rand.New(rand.NewPCG(7, 11))
	halted := map[int64]bool{}
	halt := func() {
		s := firstStrategy(t, c, api.StatusActive)
		if _, err := c.HaltStrategy(context.Background(), s.ID); err != nil {
			t.Fatal(err)
		}
		halted[s.ID] = true
	}
	for round := range 6 {
		s, _ := startServe(t)
		if round == 0 {
			// The first full read, so later halts are changes, not the start.
			waitUntil(t, "the first cursor", func() bool {
				m, _ := filepath.Glob(filepath.Join(e.integrationDir().ServeCursors(), "*.json"))
				return len(m) > 0
			})
		}
		halt()
		time.Sleep(time.Duration(rng.IntN(400)) * time.Millisecond)
		halt()
		time.Sleep(time.Duration(rng.IntN(400)) * time.Millisecond)
		s.kill()
	}
	halt() // while it is down
	s, _ := startServe(t)
	waitUntil(t, "every halt alerted", func() bool {
		got := map[int64]bool{}
		for _, m := range rcv.got() {
			for _, ev := range m.Events {
				got[ev.Strategy] = true
			}
		}
		for id := range halted {
			if !got[id] {
				return false
			}
		}
		return true
	})
	time.Sleep(500 * time.Millisecond)
	if code := s.stop(); code != 0 {
		t.Fatalf("exit %d: %s", code, s.err.String())
	}
	byMessage := map[string]alert.Message{}
	for _, m := range rcv.got() {
		byMessage[m.ID] = m
	}
	perStrategy := map[int64][]string{}
	for id, m := range byMessage {
		for _, ev := range m.Events {
			perStrategy[ev.Strategy] = append(perStrategy[ev.Strategy], id)
		}
	}
	for id := range halted {
		if n := len(perStrategy[id]); n != 1 {
			t.Errorf("strategy %d's halt is in %d messages: %v", id, n, perStrategy[id])
		}
	}
	if len(perStrategy) != len(halted) {
		t.Errorf("alerts for %d strategies, %d were halted", len(perStrategy), len(halted))
	}
	t.Logf("%d halts, %d deliveries, %d distinct messages", len(halted), len(rcv.got()), len(byMessage))
}
