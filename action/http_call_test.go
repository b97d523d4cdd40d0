package action

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/stratop/stratop/api"
)

// Each action's Call is the request the api client really sends: the same
// method, path and body (the balance side aside, which the log does not
// keep), and never a credential.
func TestHTTPCallsAreWhatTheClientSends(t *testing.T) {
	var (
		mu   sync.Mutex
		seen []Call
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		seen = append(seen, Call{Method: r.Method, Path: r.URL.Path, Body: strings.TrimSpace(string(b))})
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, "{}")
	}))
	defer srv.Close()
	c, err := api.New(srv.URL, api.WithCredentials(api.Credentials{Key: "k-not-in-body", Secret: "s-not-in-body"}), api.WithRetries(0))
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range All {
		mu.Lock()
		seen = nil
		mu.Unlock()
		tg := Target{Strategy: api.Strategy{ID: 4211, Type: api.MethodVolume}, Owner: "cust_8f3", Amount: "1500000", IdempotencyKey: "idem-1", Reason: "INC-77"}
		if _, err := spec.send(context.Background(), c, tg); err != nil {
			t.Fatalf("%s: %v", spec.Name, err)
		}
		want := HTTPCalls(Sent{Action: spec.Name, IDs: []int64{4211}, Owner: "cust_8f3", Amount: "1500000", IdempotencyKey: "idem-1"})
		mu.Lock()
		got := seen
		mu.Unlock()
		if len(want) != 1 || len(got) != 1 {
			t.Fatalf("%s: calls %v, sent %v", spec.Name, want, got)
		}
		sent := got[0]
		sent.Body = strings.Replace(sent.Body, `"balanceBuyUsed"`, `"balanceBuyUsed|balanceSellUsed"`, 1)
		if want[0] != sent {
			t.Errorf("%s: call says\n  %s\nclient sent\n  %s", spec.Name, want[0], sent)
		}
		if strings.Contains(want[0].String(), "not-in-body") {
			t.Errorf("%s: a credential in %s", spec.Name, want[0])
		}
	}
}

func TestHTTPCallsOnePerStrategy(t *testing.T) {
	got := HTTPCalls(Sent{Action: "halt", IDs: []int64{1, 22}})
	if len(got) != 2 || got[0].String() != "POST /api/v1/strategies/1/halt" || got[1].String() != "POST /api/v1/strategies/22/halt" {
		t.Fatalf("bulk halt: %v", got)
	}
	if got := HTTPCalls(Sent{Action: "no-such"}); got != nil {
		t.Fatalf("unknown action: %v", got)
	}
	got = HTTPCalls(Sent{Action: "suspend", IDs: []int64{4211}, Owner: "cust_8f3"})
	if want := `POST /api/v1/strategies/suspendStrategy {"userId":"cust_8f3","strategyId":4211}`; len(got) != 1 || got[0].String() != want {
		t.Fatalf("suspend: %v, want %s", got, want)
	}
}
