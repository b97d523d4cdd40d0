package fleet_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stratop/stratop/internal/fleet"
	"github.com/stratop/stratop/internal/fleet/fleettest"
	"github.com/stratop/stratop/internal/testkit"
)

// fakeAlertmanager answers GET /api/v2/alerts with the alerts whose
// integration label the filter names.
func fakeAlertmanager(t *testing.T, alerts []map[string]string) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet || r.URL.Path != "/api/v2/alerts" {
			http.NotFound(w, r)
			return
		}
		hits.Add(1)
		var out []map[string]any
		for _, f := range r.URL.Query()["filter"] {
			for _, labels := range alerts {
				if f == `integration="`+labels["integration"]+`"` {
					out = append(out, map[string]any{"labels": labels, "startsAt": time.Now()})
				}
			}
		}
		_ = json.NewEncoder(w).Encode(out)
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

// With a rule routed to an Alertmanager sink, each row counts the alerts
// Alertmanager holds for its integration, and only those; a row's
// concerns include them, so it sorts before a quiet one.
func TestAlertmanagerAlertsPerIntegration(t *testing.T) {
	noisy, quiet := testkit.NewSandbox(t), testkit.NewSandbox(t)
	profiles := []fleettest.Profile{{Name: "noisy", URL: noisy.URL}, {Name: "quiet", URL: quiet.URL}}
	ctx := context.Background()
	// A first fleet, without settings, names the integration (origin and
	// key hash) the alerts are labelled with.
	first, _ := fleettest.Factory(t, profiles...)
	f, err := fleet.Open(ctx, first, fleet.Options{Budget: 100000})
	if err != nil {
		t.Fatal(err)
	}
	id := f.Member("noisy").Context.Integration.String()
	am, hits := fakeAlertmanager(t, []map[string]string{
		{"alertname": "halted", "integration": id, "strategy": "1"},
		{"alertname": "halted", "integration": id, "strategy": "2"},
		{"alertname": "halted", "integration": "someone-else#0000", "strategy": "3"},
	})
	fac, env := fleettest.Factory(t, profiles...)
	settings := filepath.Join(env["XDG_CONFIG_HOME"], "fleet-am.toml")
	body := "[[alerts]]\nname = \"halted\"\nwhen = \"strategy.status\"\nto = [\"team\"]\n\n[sinks.team]\nalertmanager = [\"" + am.URL + "\"]\n"
	if err := os.WriteFile(settings, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	env["STRATOP_CONFIG"] = settings
	f, err = fleet.Open(ctx, fac, fleet.Options{Budget: 100000})
	if err != nil {
		t.Fatal(err)
	}
	f.PollOnce(ctx)
	rows := f.Rows()
	if rows[0].Profile != "noisy" {
		t.Errorf("the row with alerts is not first: %s, %s", rows[0].Profile, rows[1].Profile)
	}
	for _, r := range rows {
		want := map[string]int{"noisy": 2, "quiet": 0}[r.Profile]
		if r.AlertmanagerAlerts == nil || *r.AlertmanagerAlerts != want {
			t.Errorf("%s: Alertmanager alerts %v (%s), want %d", r.Profile, r.AlertmanagerAlerts, r.AlertmanagerError, want)
		}
		if got := fleet.Alerts(r); !strings.Contains(got, "AM "+strconv.Itoa(want)) {
			t.Errorf("%s: ALERTS cell %q", r.Profile, got)
		}
	}
	if hits.Load() != 2 {
		t.Errorf("%d reads of Alertmanager, want one per integration", hits.Load())
	}
	am.Close() // Alertmanager gone: the rows say it did not answer, the polls still answer
	f.PollOnce(ctx)
	for _, r := range f.Rows() {
		if r.State != fleet.OK || r.AlertmanagerAlerts != nil || fleet.Alerts(r) != "AM ?" {
			t.Errorf("%s with Alertmanager down: %s, %v, %q", r.Profile, r.State, r.AlertmanagerAlerts, fleet.Alerts(r))
		}
	}
}
