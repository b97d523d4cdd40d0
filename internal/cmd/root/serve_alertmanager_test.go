package root

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/alert"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/internal/amtest"
	"github.com/stratop/stratop/internal/explorer"
	"github.com/stratop/stratop/internal/fleet/fleettest"
)

// startServeWith runs `stratop serve` with env added to the test's (a
// second machine: its own state directory).
func startServeWith(t *testing.T, env ...string) (*child, string) {
	t.Helper()
	c := &child{t: t, out: &lockedBuf{}, err: &lockedBuf{}, done: make(chan struct{})}
	c.cmd = exec.Command(os.Args[0], "serve", "--listen", "127.0.0.1:0", "--interval", "100ms", "--budget", "100000/min")
	c.cmd.Env = append(append(os.Environ(), "STRATOP_TEST_AS_MAIN=1"), env...)
	c.cmd.Stdout, c.cmd.Stderr = c.out, c.err
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		_ = c.cmd.Wait()
		c.code = c.cmd.ProcessState.ExitCode()
		close(c.done)
	}()
	t.Cleanup(func() { c.kill() })
	var addr string
	waitUntil(t, "serve to listen", func() bool {
		if m := servingOn.FindStringSubmatch(c.err.String()); m != nil {
			addr = m[1]
		}
		return addr != ""
	})
	waitUntil(t, "serve's first full read", func() bool {
		_, body := httpGet(t, "http://"+addr+"/metrics")
		return strings.Contains(body, `stratop_strategies{status="active"}`)
	})
	return c, addr
}

func writeSettings(t *testing.T, settings string) {
	t.Helper()
	dir := filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "stratop")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte(settings), 0o600); err != nil {
		t.Fatal(err)
	}
}

func alertmanagerSettings(resend string, urls ...string) string {
	return `[[alerts]]
name     = "halted"
when     = "strategy.status"
where    = "after = 'paused'"
severity = "urgent"
runbook  = "https://runbooks.example/halted"
to       = ["oncall"]

[sinks.oncall]
alertmanager = ["` + strings.Join(urls, `", "`) + `"]
resend       = "` + resend + `"
`
}

// serve with an Alertmanager sink, against a real Alertmanager: a halt is
// one notification with the rule, strategy and integration labels; `alerts
// ack` resolves it there (and leaves an ack silence); `alerts snooze
// --reason` makes a silence with the reason and no notification follows;
// `alerts` lists that silence and says where it lives.
func TestServeThroughARealAlertmanager(t *testing.T) {
	e := newCLIEnv(t)
	rcv := amtest.NewReceiver(t)
	am := amtest.Start(t, amtest.Options{Receiver: rcv})
	c := e.client()
	// The strategy HaltNewest will halt: its chain gets an explorer, whose
	// page of the pool token is the page's link.
	st, err := c.GetStrategy(context.Background(), fleettest.NewestActive(t, c).ID)
	if err != nil {
		t.Fatal(err)
	}
	explorers := map[string]string{fmt.Sprint(st.ChainID): "https://explorer.example/address/{address}"}
	wantLink := explorer.New(explorers).AddressURL(st.ChainID, st.Pool.TokenAddress)
	if wantLink == "" {
		t.Fatalf("the sandbox's strategy %d has no address of chain %d: %q", st.ID, st.ChainID, st.Pool.TokenAddress)
	}
	// A resend a minute apart: whatever ends the alert at Alertmanager right
	// after the ack is the ack's own doing, not serve's next round.
	writeSettings(t, alertmanagerSettings("1m", am.URL)+fmt.Sprintf("\n[explorers]\n%q = %q\n", fmt.Sprint(st.ChainID), explorers[fmt.Sprint(st.ChainID)]))
	s, _ := startServeWith(t)

	id := fleettest.HaltNewest(t, c)
	waitUntil(t, "the notification", func() bool { return len(rcv.Firing()) > 0 })
	time.Sleep(4 * time.Second) // resends and group intervals: no second notification
	firing := rcv.Firing()
	if len(firing) != 1 {
		t.Fatalf("%d notifications for one halt: %+v", len(firing), firing)
	}
	l := firing[0].Labels
	if l["alertname"] != "halted" || l["strategy"] != fmt.Sprint(id) || !strings.HasPrefix(l["integration"], e.srv.URL+"#") ||
		l["profile"] != "default" || l["severity"] != "urgent" || firing[0].Annotations["runbook"] != "https://runbooks.example/halted" {
		t.Fatalf("notified %+v", firing[0])
	}
	if firing[0].GeneratorURL != wantLink {
		t.Fatalf("the page links %q, want the explorer page of the strategy's pool token %q", firing[0].GeneratorURL, wantLink)
	}

	listed := func() bool {
		for _, a := range am.Alerts(t) {
			if a.Labels["strategy"] == fmt.Sprint(id) {
				return true
			}
		}
		return false
	}
	if !listed() {
		t.Fatal("Alertmanager does not list the firing alert")
	}
	var open []alert.Listed
	if err := json.Unmarshal([]byte(runCLI(t, "alerts", "-o", "json")), &open); err != nil || len(open) != 1 {
		t.Fatalf("alerts -o json: %v %+v", err, open)
	}
	out := runCLI(t, "alerts", "ack", open[0].ID, "--reason", "looking at it")
	if !strings.Contains(out, "acknowledged") || !strings.Contains(out, "silence") {
		t.Fatalf("ack: %s", out)
	}
	// The ack ends it at Alertmanager at once, and its silence mutes it
	// (no resolved notification either: whoever acked knows).
	if listed() {
		t.Fatal("Alertmanager still lists the alert right after the ack")
	}
	if n := len(rcv.Firing()); n != 1 {
		t.Fatalf("%d notifications after the ack", n)
	}

	out = runCLI(t, "alerts", "snooze", "halted", "1h", "--reason", "maintenance window")
	if !strings.Contains(out, "silence") {
		t.Fatalf("snooze: %s", out)
	}
	list := runCLI(t, "alerts")
	if !strings.Contains(list, "maintenance window") || !strings.Contains(list, "alertname=halted") ||
		!strings.Contains(list, "alertmanager oncall") || !strings.Contains(list, "local") {
		t.Fatalf("alerts does not list the silence and where it lives:\n%s", list)
	}
	var silences []struct {
		State     string `json:"state"`
		CreatedBy string `json:"createdBy"`
		Comment   string `json:"comment"`
	}
	if err := json.Unmarshal([]byte(runCLI(t, "alerts", "silences", "-o", "json")), &silences); err != nil {
		t.Fatal(err)
	}
	var snoozes int
	for _, s := range silences {
		if s.Comment == "maintenance window" && s.State == "active" && s.CreatedBy == osUser(t) {
			snoozes++
		}
	}
	if snoozes != 1 {
		t.Fatalf("silences %+v", silences)
	}
	before := len(rcv.Got())
	fleettest.HaltNewest(t, c)
	time.Sleep(5 * time.Second)
	if got := rcv.Got(); len(got) != before {
		t.Fatalf("notified while snoozed: %+v", got[before:])
	}
	if code := s.stop(); code != 0 {
		t.Fatalf("serve exit %d: %s", code, s.err.String())
	}
}

// Two serve processes for one integration (two machines: two state
// directories) and two clustered Alertmanagers: ten halts are ten
// notifications, not twenty, and still one per halt after one serve and
// one Alertmanager are killed with SIGKILL half-way.
func TestServePairPagesOnceThroughAnAlertmanagerCluster(t *testing.T) {
	e := newCLIEnv(t, sandbox.WithStrategies(80))
	rcv := amtest.NewReceiver(t)
	am1 := amtest.Start(t, amtest.Options{Receiver: rcv, Cluster: true})
	am2 := amtest.Start(t, amtest.Options{Receiver: rcv, Peers: []string{am1.Cluster}})
	writeSettings(t, alertmanagerSettings("1s", am1.URL, am2.URL))
	a, _ := startServeWith(t)
	machineB := filepath.Join(t.TempDir(), "machine-b")
	b, _ := startServeWith(t, "XDG_STATE_HOME="+machineB)
	c := e.client()

	halted := map[string]bool{}
	halt := func() {
		halted[fmt.Sprint(fleettest.HaltNewest(t, c))] = true
		time.Sleep(300 * time.Millisecond)
	}
	for range 5 {
		halt()
	}
	waitUntil(t, "five notifications", func() bool { return len(rcv.Firing()) >= 5 })
	// Each serve saw each halt at its own moment; both send one start.
	stateA, stateB := amStateFile(t, os.Getenv("XDG_STATE_HOME")), amStateFile(t, machineB)
	waitUntil(t, "both serves to send each halt with one start", func() bool {
		startsA, startsB := firingStarts(t, stateA), firingStarts(t, stateB)
		for id := range halted {
			if startsA[id].IsZero() || !startsA[id].Equal(startsB[id]) {
				return false
			}
		}
		return true
	})
	b.kill()
	am2.Kill()
	for range 5 {
		halt()
	}
	waitUntil(t, "ten notifications", func() bool { return len(rcv.Firing()) >= 10 })
	time.Sleep(6 * time.Second) // a duplicate would come within the peer timeout and a group interval
	per := map[string]int{}
	for _, f := range rcv.Firing() {
		per[f.Labels["strategy"]]++
	}
	for id := range halted {
		if per[id] != 1 {
			t.Errorf("strategy %s: %d notifications", id, per[id])
		}
	}
	if n := len(rcv.Firing()); n != 10 {
		t.Fatalf("%d notifications for 10 halts: %v", n, per)
	}
	if code := a.stop(); code != 0 {
		t.Fatalf("serve exit %d: %s", code, a.err.String())
	}
}

func osUser(t *testing.T) string {
	u, err := user.Current()
	if err != nil {
		t.Fatal(err)
	}
	return u.Username
}

// amStateFile is the Alertmanager sink's state file under a machine's
// state directory (in its integration's directory).
func amStateFile(t *testing.T, stateHome string) string {
	t.Helper()
	var found string
	waitUntil(t, "the sink's state file under "+stateHome, func() bool {
		_ = filepath.WalkDir(stateHome, func(p string, d os.DirEntry, err error) error {
			if err == nil && d.Name() == "alertmanager-oncall.json" {
				found = p
			}
			return nil
		})
		return found != ""
	})
	return found
}

// firingStarts are the starts a serve sends its firing alerts with, by
// strategy.
func firingStarts(t *testing.T, file string) map[string]time.Time {
	t.Helper()
	_, firing, err := alert.ReadAMState(filepath.Dir(file), "oncall")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]time.Time{}
	for _, f := range firing {
		out[f.Labels["strategy"]] = f.Alert.StartsAt
	}
	return out
}
