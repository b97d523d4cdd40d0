package fleetcmd_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
	"github.com/stratop/stratop/internal/cmd/fleetcmd"
	"github.com/stratop/stratop/internal/exit"
	"github.com/stratop/stratop/internal/fleet"
	"github.com/stratop/stratop/internal/fleet/fleettest"
	"github.com/stratop/stratop/internal/testkit"
)

func run(t *testing.T, profiles []fleettest.Profile, args ...string) (fleetcmd.Report, string, int) {
	t.Helper()
	fac, _ := fleettest.Factory(t, profiles...)
	var out, errb bytes.Buffer
	cmd := fleetcmd.NewCmd(fac, nil)
	cmd.SetArgs(args)
	cmd.SetIn(strings.NewReader(""))
	cmd.SetOut(&out)
	cmd.SetErr(&errb)
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	code := 0
	if err := cmd.ExecuteContext(context.Background()); err != nil {
		code = 1
		var ee *exit.Error
		if errors.As(err, &ee) {
			code = ee.Code
		}
		errb.WriteString(err.Error())
	}
	var rep fleetcmd.Report
	if strings.Contains(strings.Join(args, " "), "json") {
		if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
			t.Fatalf("not JSON: %v\n%s\nstderr: %s", err, out.String(), errb.String())
		}
	}
	return rep, out.String() + errb.String(), code
}

// One of four stopped (with a slow one timing out and one refusing the
// secret): partial, each failure named on its own object, exit 0 since
// one answered.
func TestFleetJSONPartial(t *testing.T) {
	slow := testkit.NewSandbox(t, sandbox.WithLatency(3*time.Second))
	wrong := testkit.NewSandbox(t)
	healthy := testkit.NewSandbox(t)
	p, err := healthy.Client.ListStrategies(context.Background(), api.StrategyFilter{Status: api.StatusActive, PageSize: 1})
	if err != nil || len(p.Strategies) == 0 {
		t.Fatal("no active strategy", err)
	}
	halted := p.Strategies[0].ID
	if _, err := healthy.Client.HaltStrategy(context.Background(), halted); err != nil {
		t.Fatal(err)
	}
	rep, out, code := run(t, []fleettest.Profile{
		{Name: "slow", URL: slow.URL}, {Name: "stopped", URL: fleettest.StoppedURL(t)},
		{Name: "wrong", URL: wrong.URL, Secret: "not-the-secret"}, {Name: "healthy", URL: healthy.URL},
	}, "-o", "json", "--timeout", "1s")
	if code != 0 {
		t.Fatalf("exit %d, want 0 (one answered)\n%s", code, out)
	}
	if !rep.Partial || rep.Answering != 1 || len(rep.Integrations) != 4 {
		t.Fatalf("partial %v answering %d of %d, want partial, 1 of 4\n%s", rep.Partial, rep.Answering, len(rep.Integrations), out)
	}
	by := map[string]fleetcmd.Object{}
	for _, o := range rep.Integrations {
		by[o.Profile] = o
	}
	if o := by["stopped"]; o.State != fleet.Failing || o.Error == "" || o.Users != nil {
		t.Errorf("stopped: %s %q users %v", o.State, o.Error, o.Users)
	}
	if o := by["wrong"]; o.State != fleet.Rejected || o.StateText != "credentials rejected" {
		t.Errorf("wrong secret: %s %q", o.State, o.StateText)
	}
	if o := by["slow"]; o.State != fleet.Failing || !strings.Contains(o.Error, "deadline") && !strings.Contains(o.Error, "time") {
		t.Errorf("slow: %s %q, want failing on its timeout", o.State, o.Error)
	}
	h := by["healthy"]
	if h.State != fleet.OK || h.Users == nil || h.Strategies["paused"] == 0 || len(h.Halts()) == 0 || h.Halts()[0].ID != halted {
		t.Errorf("healthy: %s users %v counts %v movers %v, want ok naming #%d", h.State, h.Users, h.Strategies, h.Movers, halted)
	}
	if rep.Integrations[3].Profile != "healthy" {
		t.Errorf("the answering one is not last: %s", rep.Integrations[3].Profile)
	}
}

// None answering: exit 1, the objects still printed.
func TestFleetAllStoppedExitsOne(t *testing.T) {
	rep, out, code := run(t, []fleettest.Profile{{Name: "a", URL: fleettest.StoppedURL(t)}, {Name: "b", URL: fleettest.StoppedURL(t)}}, "-o", "json")
	if code != 1 || !rep.Partial || len(rep.Integrations) != 2 {
		t.Fatalf("exit %d partial %v rows %d, want exit 1 with both rows\n%s", code, rep.Partial, len(rep.Integrations), out)
	}
	if !strings.Contains(out, "no integration answered") {
		t.Errorf("stderr does not say why: %s", out)
	}
}

// The table names each integration and its state, and the header sums up.
func TestFleetTable(t *testing.T) {
	healthy := testkit.NewSandbox(t)
	_, out, code := run(t, []fleettest.Profile{{Name: "stopped", URL: fleettest.StoppedURL(t)}, {Name: "healthy", URL: healthy.URL}}, "-o", "table")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	for _, want := range []string{"stopped", "FAILING", "healthy", "ok", "2 integrations · 1 failing · 0 with halts in the last hour · partial: 1 of 2 not answering"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
}
