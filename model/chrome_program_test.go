package model

import (
	"strings"
	"testing"

	"github.com/stratop/stratop/api/sandbox"
)

// TestProgramHeaderKeepsBadgeReadOnlyAndUser runs the dashboard at 80x24
// and 60x15 with a label badge, a chosen user and READ-ONLY, healthy and
// then with the server down: all three stay on screen, whole.
func TestProgramHeaderKeepsBadgeReadOnlyAndUser(t *testing.T) {
	for _, size := range []struct{ w, h int }{{80, 24}, {60, 15}} {
		t.Run(itoa(int64(size.w))+"x"+itoa(int64(size.h)), func(t *testing.T) {
			a := startApp(t, size.w, size.h, WithLabel("STAGING-EU"), WithUser("cust_operator_7"), WithReadOnly(true))
			header := func(v string) string { return strings.Split(v, "\n")[0] }
			whole := func(v string) bool {
				h := header(v)
				return strings.Contains(h, " STAGING-EU ") && strings.Contains(h, "user cust_operator_7") && strings.Contains(h, " READ-ONLY ")
			}
			a.waitFor("badge, user and READ-ONLY in the header", func(v string) bool { return whole(v) && strings.Contains(v, "changed") })
			a.sb.SetFaults(sandbox.Faults{Down: true})
			a.waitFor("the outage", func(v string) bool { return strings.Contains(v, "STALE") })
			if v := a.frame(); !whole(v) {
				t.Fatalf("the header lost the badge, the user or READ-ONLY during the outage: %q", header(v))
			}
			if size.w == 80 && !strings.Contains(header(a.frame()), "FAILING") {
				t.Errorf("at 80 columns the FAILING badge should fit: %q", header(a.frame()))
			}
		})
	}
}
