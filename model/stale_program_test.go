package model

// A read that hangs marks the data shown STALE, with how long its answer
// has been awaited, well before the client's own timeout gives up.

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
)

func TestProgramAStalledServerIsStaleWithinThreeIntervals(t *testing.T) {
	const iv = 2 * time.Second
	// The client gives up after a minute, as a patient one would.
	var sb *sandbox.Sandbox
	patient := func(sandboxClient) API {
		srv := httptest.NewServer(sb)
		t.Cleanup(srv.Close)
		c, err := api.New(srv.URL, api.WithCredentials(api.Credentials{Key: sandbox.DemoKey, Secret: sandbox.DemoSecret}),
			api.WithRetries(0), api.WithTimeout(time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		return sandboxClient{c}
	}
	a := startAppFull(t, nil, patient, func(s *sandbox.Sandbox, _ *api.Client) { sb = s }, 120, 40,
		WithInterval(iv), WithFetchTimeout(time.Minute), WithClock(time.Now))
	a.keys("2")
	a.waitReady("page 1 of 3")
	if strings.Contains(a.frame(), "STALE") {
		t.Fatalf("stale before the server stalled:\n%s", a.frame())
	}
	a.sb.SetFaults(sandbox.Faults{Latency: time.Minute})
	stalled := time.Now()
	a.waitFor("STALE while waiting", func(v string) bool {
		return strings.Contains(v, "STALE") && strings.Contains(v, "for an answer")
	})
	if took := time.Since(stalled); took > 3*iv+iv/2 {
		t.Fatalf("STALE %v after the server stalled, want within 3 intervals (%v)", took, 3*iv)
	}
	if line := lineWith(a.frame(), "STALE"); !strings.Contains(line, "waiting") {
		t.Fatalf("the status line does not say what it waits for: %q", line)
	}
	a.sb.SetFaults(sandbox.Faults{})
}
