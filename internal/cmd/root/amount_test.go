package root

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/stratop/stratop/action"
	"github.com/stratop/stratop/api"
)

// balanceBodies keeps the bodies of the changeBalance requests the sandbox
// received.
func (e *cliEnv) balanceBodies() func() []api.ChangeBalanceRequest {
	var mu sync.Mutex
	var got []api.ChangeBalanceRequest
	e.setHook(func(r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/strategies/changeBalance") {
			return
		}
		b, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(b))
		var req api.ChangeBalanceRequest
		_ = json.Unmarshal(b, &req)
		mu.Lock()
		got = append(got, req)
		mu.Unlock()
	})
	return func() []api.ChangeBalanceRequest {
		mu.Lock()
		defer mu.Unlock()
		return append([]api.ChangeBalanceRequest(nil), got...)
	}
}

func TestCLIAddBalanceRefusesWhatItWouldHaveToAlter(t *testing.T) {
	e := newCLIEnv(t)
	v := e.strategyWith(api.StatusActive, true)
	bodies := e.balanceBodies()
	tooFine := "1." + strings.Repeat("1", v.Pool.Decimals+1)
	for _, amount := range []string{"1e5", "1E5", "1,5", "1 000", "1_000", "-1", "+1", "0", "0.0", "", " 1", "1 ", "1.2.3",
		"0x10", "１", "NaN", tooFine} {
		_, errOut, code := e.run("", "strategies", "add-balance", id(v), "--amount", amount, "--yes")
		if code != 2 || !strings.Contains(errOut, "nothing sent") {
			t.Errorf("--amount %q: exit %d, stderr %q; want 2 and nothing sent", amount, code, errOut)
		}
	}
	for _, raw := range []string{"1.5", "1e3", "0", "-5"} {
		if _, errOut, code := e.run("", "strategies", "add-balance", id(v), "--amount", raw, "--raw", "--yes"); code != 2 {
			t.Errorf("--raw --amount %q: exit %d, %q", raw, code, errOut)
		}
	}
	if got := bodies(); len(got) != 0 {
		t.Fatalf("sent %+v for refused amounts", got)
	}
}

func TestCLIAddBalanceShowsTheReviewAndSendsExactRawUnits(t *testing.T) {
	e := newCLIEnv(t)
	v := e.strategyWith(api.StatusActive, true)
	bodies := e.balanceBodies()
	amount := "0." + strings.Repeat("0", v.Pool.Decimals-1) + "7" // the smallest units: 7
	wantRaw := "7"
	after, ok := action.BalanceAfter(v.BalanceUsed, wantRaw)
	if !ok {
		t.Fatalf("the sandbox's balance %q is not raw units", v.BalanceUsed)
	}
	review := action.ReviewAmount(v, wantRaw)

	// On a terminal: the review, then y/N; no is the default.
	_, errOut, code := e.runOnTerminal("\n", "strategies", "add-balance", id(v), "--amount", amount)
	for _, want := range []string{id(v), review.TokensText(), "raw " + wantRaw, review.AfterText(), "[y/N]"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("the review does not show %q:\n%s", want, errOut)
		}
	}
	if code != 1 || len(bodies()) != 0 {
		t.Fatalf("enter (no): exit %d, %d sent", code, len(bodies()))
	}
	if _, errOut, code := e.runOnTerminal("y\n", "strategies", "add-balance", id(v), "--amount", amount, "-o", "json"); code != 0 {
		t.Fatalf("y: exit %d: %s", code, errOut)
	}
	got := bodies()
	if len(got) != 1 || got[0].BalanceBuyUsed+got[0].BalanceSellUsed != wantRaw || got[0].StrategyID != v.ID || got[0].IdempotencyKey == "" {
		t.Fatalf("the sandbox received %+v, want %s raw units for %d", got, wantRaw, v.ID)
	}
	now, _ := e.sb.Strategy(v.ID)
	if now.BalanceUsed != after {
		t.Errorf("balance after %s, the review said %s", now.BalanceUsed, after)
	}

	// Scripts: --yes, and an amount with every decimal the token has.
	frac := "123456789012345678901234567890"[:v.Pool.Decimals]
	big := "12." + frac
	if out, errOut, code := e.run("", "strategies", "add-balance", id(v), "--amount", big, "--yes", "-o", "json"); code != 0 {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	got = bodies()
	if want := "12" + frac; len(got) != 2 || got[1].BalanceBuyUsed+got[1].BalanceSellUsed != want {
		t.Errorf("sent %+v, want %s", got, want)
	}
}
