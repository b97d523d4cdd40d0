package dashboard

import (
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/internal/factory"
	"github.com/stratop/stratop/internal/fleet"
	"github.com/stratop/stratop/internal/fleet/fleettest"
	"github.com/stratop/stratop/internal/testkit"
)

// `stratop --interval 3s`, then the fleet: each dashboard opened from it
// polls at the 3 s asked for, not at its settings' 5 s, and says so in
// its Connection panel.
func TestProgramFleetDashboardsPollAtTheIntervalAsked(t *testing.T) {
	a, b := testkit.NewSandbox(t), testkit.NewSandbox(t)
	ff := newFleetFactory(t, fleettest.Profile{Name: "a", URL: a.URL}, fleettest.Profile{Name: "b", URL: b.URL})
	opts := fleet.Options{Interval: time.Second, Budget: 100000, Resolve: []factory.Option{factory.WithInterval(3 * time.Second)}}
	r := startFleetRig(t, ff, opts, 120, 40, nil)
	testkit.WaitFor(t, 10*time.Second, "row b ok", r.st.frame, func(v string) bool {
		x, _ := rowLine(v, "b")
		return strings.Contains(x, " ok ")
	})
	r.keys("/", "b", "enter", "enter")
	r.waitDash(hostOf(b), "Connection", "every 3s")
}
