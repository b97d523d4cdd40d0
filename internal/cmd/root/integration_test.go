package root

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/alert"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/history"
	"github.com/stratop/stratop/integration"
)

// otherIntegration serves a second sandbox, other data, same key: another
// host under the same profile name once STRATOP_BASE_URL names it.
func otherIntegration(t *testing.T, e *cliEnv) (*httptest.Server, integration.Dir) {
	t.Helper()
	sb := sandbox.New(sandbox.WithUsers(2), sandbox.WithStrategies(9), sandbox.WithSeed(7), sandbox.WithCredentials(canaryKey, canarySecret))
	srv := httptest.NewServer(sb)
	t.Cleanup(srv.Close)
	t.Cleanup(sb.Close)
	id, err := integration.New(srv.URL, canaryKey)
	if err != nil {
		t.Fatal(err)
	}
	return srv, integration.DirOf(filepath.Join(e.state, "stratop"), id)
}

// activeCount is the number of active strategies a server holds.
func activeCount(t *testing.T, url string) float64 {
	t.Helper()
	c, err := api.New(url, api.WithCredentials(api.Credentials{Key: canaryKey, Secret: canarySecret}))
	if err != nil {
		t.Fatal(err)
	}
	p, err := c.ListStrategies(context.Background(), api.StrategyFilter{Status: api.StatusActive, PageSize: 1})
	if err != nil {
		t.Fatal(err)
	}
	return float64(p.TotalCount)
}

// watchOnce runs `stratop watch` over the whole integration until its
// first full read is saved (the cursor at cursor), then stops it.
func watchOnce(t *testing.T, cursor string) {
	t.Helper()
	w := startChild(t, "watch", "--interval", "100ms", "--budget", "100000/min")
	waitUntil(t, "the first full read (the cursor)", func() bool { _, err := os.Stat(cursor); return err == nil })
	if code := w.stop(); code != 0 {
		t.Fatalf("watch: exit %d: %s", code, w.err.String())
	}
}

// Two integrations under one profile name (default: the base URL from the
// environment): each keeps its own history and cursor, and neither's
// counts reach the other's history.
func TestTwoIntegrationsUnderOneProfileNameKeepTheirOwnState(t *testing.T) {
	e := newCLIEnv(t)
	srvB, dirB := otherIntegration(t, e)
	dirA := e.integrationDir()
	countA, countB := activeCount(t, e.srv.URL), activeCount(t, srvB.URL)
	if countA == countB {
		t.Fatalf("the two sandboxes hold as many active strategies (%v): the test could not tell them apart", countA)
	}

	watchOnce(t, e.cursorFile())
	t.Setenv("STRATOP_BASE_URL", srvB.URL)
	watchOnce(t, filepath.Join(dirB.Cursors(), "integration.json"))

	for _, c := range []struct {
		name string
		dir  integration.Dir
		want float64
		host string
	}{{"A", dirA, countA, e.srv.Listener.Addr().String()}, {"B", dirB, countB, srvB.Listener.Addr().String()}} {
		h, err := history.Load(c.dir.History())
		if err != nil {
			t.Fatalf("%s's history: %v", c.name, err)
		}
		first, last, ok := history.Change(h.Points(nil, time.Hour, time.Now()), history.SeriesActive)
		if !ok || first != c.want || last != c.want {
			t.Errorf("%s's history reads active %v .. %v, want only its own %v", c.name, first, last, c.want)
		}
		b, err := os.ReadFile(filepath.Join(c.dir.Cursors(), "integration.json"))
		var cur struct{ Host string }
		if err != nil || json.Unmarshal(b, &cur) != nil || cur.Host != c.host {
			t.Errorf("%s's cursor: host %q (%v), want %q", c.name, cur.Host, err, c.host)
		}
	}
}

// Actions on two integrations under one profile name: `stratop audit`
// names each one's integration and --integration keeps one.
func TestAuditNamesEachActionsIntegration(t *testing.T) {
	e := newCLIEnv(t)
	srvB, _ := otherIntegration(t, e)
	idA, _ := integration.New(e.srv.URL, canaryKey)
	idB, _ := integration.New(srvB.URL, canaryKey)
	halt := func(url string) {
		t.Helper()
		t.Setenv("STRATOP_BASE_URL", url)
		s := firstStrategy(t, clientOf(t, url), api.StatusActive)
		e.ok("strategies", "halt", id(s), "--yes")
	}
	halt(e.srv.URL)
	halt(srvB.URL)
	all := e.ok("audit", "-o", "table")
	if !strings.Contains(all, idA.Label()) || !strings.Contains(all, idB.Label()) {
		t.Fatalf("the table does not name both integrations:\n%s", all)
	}
	one := e.ok("audit", "-o", "table", "--integration", idA.String())
	if !strings.Contains(one, idA.Label()) || strings.Contains(one, idB.Label()) {
		t.Errorf("--integration %s shows:\n%s", idA.String(), one)
	}
}

func clientOf(t *testing.T, url string) *api.Client {
	t.Helper()
	c, err := api.New(url, api.WithCredentials(api.Credentials{Key: canaryKey, Secret: canarySecret}), api.WithRetries(0))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// An open alert of one integration is not another's: `stratop alerts`
// under the same profile name on another host lists none.
func TestAlertsOfOneIntegrationAreNotAnothers(t *testing.T) {
	e := newCLIEnv(t)
	srvB, _ := otherIntegration(t, e)
	st := alert.Store{Dir: e.integrationDir().Alerts()}
	if err := st.Update(func(b *alert.Board) error {
		b.Open = append(b.Open, alert.Open{ID: "a1", Rule: "halted", Severity: "urgent", Time: time.Now(), Title: "halted"})
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if out := e.ok("alerts", "-o", "json"); !strings.Contains(out, `"a1"`) {
		t.Fatalf("the integration's own alert is not listed:\n%s", out)
	}
	t.Setenv("STRATOP_BASE_URL", srvB.URL)
	if out := e.ok("alerts", "-o", "json"); strings.Contains(out, `"a1"`) {
		t.Errorf("another integration under the same profile name lists its alert:\n%s", out)
	}
}
