package metrics

import (
	"strings"
	"testing"
	"time"
)

// A standby says so on /metrics (and reports no watcher nor alerts, which
// are the active one's) and on /healthz; the active one says it is.
func TestTheRoleIsOnMetricsAndHealthz(t *testing.T) {
	role := RoleStandby
	src := sources(now.Add(-5 * time.Second))
	src.Role = func() Role { return role }
	h := Handler(Options{Sources: src, Interval: 5 * time.Second, Now: func() time.Time { return now }})

	_, body := get(t, h, "/metrics", "")
	for _, want := range []string{`stratop_serve_role{role="standby"} 1`, `stratop_serve_role{role="active"} 0`} {
		if !strings.Contains(body, want+"\n") {
			t.Errorf("standby: no %q in the scrape", want)
		}
	}
	if strings.Contains(body, "stratop_watch_reads_total") || strings.Contains(body, "stratop_alerts_total") {
		t.Errorf("a standby reports a watcher or alerts:\n%s", body)
	}
	if code, body := get(t, h, "/healthz", ""); code != 200 || !strings.Contains(body, "standby") {
		t.Errorf("standby /healthz: %d %q", code, body)
	}

	role = RoleActive
	_, body = get(t, h, "/metrics", "")
	for _, want := range []string{`stratop_serve_role{role="active"} 1`, `stratop_serve_role{role="standby"} 0`, `stratop_watch_reads_total 42`} {
		if !strings.Contains(body, want+"\n") {
			t.Errorf("active: no %q in the scrape", want)
		}
	}
	if code, body := get(t, h, "/healthz", ""); code != 200 || !strings.Contains(body, "ok: last good read") {
		t.Errorf("active /healthz: %d %q", code, body)
	}
}
