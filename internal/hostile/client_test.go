package hostile_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/hostile"
)

// newClient is a client of srv without read retries, so faults show at once.
func newClient(t *testing.T, baseURL string, opts ...api.Option) *api.Client {
	t.Helper()
	opts = append([]api.Option{api.WithRetries(0), api.WithTimeout(5 * time.Second),
		api.WithCredentials(api.Credentials{Key: "hostile-key", Secret: "hostile-secret"})}, opts...)
	c, err := api.New(baseURL, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// reads calls every read route the dashboard uses, by name.
func reads(c *api.Client) map[string]func(ctx context.Context) (any, error) {
	return map[string]func(ctx context.Context) (any, error){
		"ListUsers":           func(ctx context.Context) (any, error) { return c.ListUsers(ctx) },
		"GetUser":             func(ctx context.Context) (any, error) { return c.GetUser(ctx, "u-1") },
		"GetUserBalances":     func(ctx context.Context) (any, error) { return c.GetUserBalances(ctx, "u-1") },
		"GetUserChainBalance": func(ctx context.Context) (any, error) { return c.GetUserChainBalance(ctx, "u-1", 8453) },
		"GetUserPools": func(ctx context.Context) (any, error) {
			return c.GetUserPools(ctx, api.UserPoolsRequest{UserID: "u-1"})
		},
		"GetTokenBalance": func(ctx context.Context) (any, error) {
			return c.GetTokenBalance(ctx, api.TokenBalanceRequest{UserID: "u-1", TokenAddress: "0xabc", ChainID: 1})
		},
		"GetClientPools":    func(ctx context.Context) (any, error) { return c.GetClientPools(ctx, 0) },
		"GetPool":           func(ctx context.Context) (any, error) { return c.GetPool(ctx, 1003) },
		"GetDashboardStats": func(ctx context.Context) (any, error) { return c.GetDashboardStats(ctx) },
		"ListStrategies": func(ctx context.Context) (any, error) {
			return c.ListStrategies(ctx, api.StrategyFilter{Page: 2})
		},
		"GetStrategies": func(ctx context.Context) (any, error) {
			return c.GetStrategies(ctx, api.UserStrategiesRequest{UserID: "u-1"})
		},
		"GetFilteredStrategies": func(ctx context.Context) (any, error) {
			return c.GetFilteredStrategies(ctx, api.FilteredStrategiesRequest{UserID: "u-1"})
		},
		"GetStrategy": func(ctx context.Context) (any, error) { return c.GetStrategy(ctx, 9223372036854775807) },
	}
}

// TestClientDecodesEveryHostileRoute proves two things per read route: the
// client decodes the hostile answer without error or panic, and the answer
// really carries the payloads (an escape, a bidi override, a long string),
// so the dashboard tests below are fed what they claim.
func TestClientDecodesEveryHostileRoute(t *testing.T) {
	srv := httptest.NewServer(hostile.New())
	defer srv.Close()
	c := newClient(t, srv.URL)
	for name, call := range reads(c) {
		got, err := call(context.Background())
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		b, err := json.Marshal(got)
		if err != nil {
			t.Errorf("%s: re-encoding the decoded value: %v", name, err)
			continue
		}
		text := string(b)
		if name == "GetDashboardStats" {
			continue // numbers only
		}
		if !strings.Contains(text, `\u001b`) {
			t.Errorf("%s: decoded value carries no ESC payload: %.200s", name, text)
		}
	}
}

// TestEveryStringFieldIsHostile walks a decoded strategy detail and user
// pools answer and checks that no string field is plain: each holds a
// control, a format character, invalid UTF-8 (decoded as U+FFFD), or is a
// long string, except the fields deliberately kept real in some rows.
func TestEveryStringFieldIsHostile(t *testing.T) {
	srv := httptest.NewServer(hostile.New())
	defer srv.Close()
	c := newClient(t, srv.URL)
	ctx := context.Background()
	st, err := c.GetStrategy(ctx, 1001) // row 1: status and time fields hostile too
	if err != nil {
		t.Fatal(err)
	}
	pools, err := c.GetUserPools(ctx, api.UserPoolsRequest{UserID: "u"})
	if err != nil {
		t.Fatal(err)
	}
	var plain []string
	walkStrings(t, "strategy", st, func(path, s string) {
		if !hostileString(s) && !strings.HasSuffix(path, "balanceUsed") && !strings.HasSuffix(path, "amount") &&
			!strings.HasSuffix(path, "maxTransactionValue") && !strings.HasSuffix(path, "tokenPrice") &&
			!strings.HasSuffix(path, "createdAt") {
			plain = append(plain, path+"="+s)
		}
	})
	walkStrings(t, "userPools", pools, func(path, s string) {
		if !hostileString(s) && !isDigits(s) && !strings.HasSuffix(path, "createdAt") && !strings.HasSuffix(path, "updatedAt") &&
			!strings.HasSuffix(path, "status") && !strings.HasSuffix(path, "category") && !strings.HasSuffix(path, "type") {
			plain = append(plain, path+"="+s)
		}
	})
	if len(plain) > 0 {
		t.Errorf("string fields without a payload: %q", plain)
	}
}

func isDigits(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }

// hostileString reports whether s carries a payload after JSON decoding.
func hostileString(s string) bool {
	return len(s) >= hostile.LongSize || len(hostile.Leaks([]byte("x"+s))) > 0 ||
		strings.ContainsRune(s, '\uFFFD') || strings.ContainsAny(s, "\r\n")
}

// walkStrings calls fn for every string in v's JSON form, with its path.
func walkStrings(t *testing.T, path string, v any, fn func(path, s string)) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var tree any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber() // 1e400 is a valid JSON number but no float64
	if err := dec.Decode(&tree); err != nil {
		t.Fatal(err)
	}
	var walk func(string, any)
	walk = func(p string, n any) {
		switch x := n.(type) {
		case string:
			fn(p, x)
		case []any:
			for _, e := range x {
				walk(p+"[]", e)
			}
		case map[string]any:
			for k, e := range x {
				walk(p+"."+k, e)
			}
		}
	}
	walk(path, tree)
}

// actions calls every state-changing route the dashboard may send, by name.
func actions(c *api.Client) map[string]func(ctx context.Context) error {
	ref := api.StrategyRef{UserID: "u-1", StrategyID: 1001}
	return map[string]func(ctx context.Context) error{
		"halt":    func(ctx context.Context) error { _, err := c.HaltStrategy(ctx, 1001); return err },
		"archive": func(ctx context.Context) error { _, err := c.ArchiveStrategy(ctx, 1001); return err },
		"remove":  func(ctx context.Context) error { _, err := c.RemoveStrategy(ctx, ref); return err },
		"disable": func(ctx context.Context) error { _, err := c.DisableStrategy(ctx, ref); return err },
		"suspend": func(ctx context.Context) error { _, err := c.SuspendStrategy(ctx, ref); return err },
		"resume":  func(ctx context.Context) error { _, err := c.ResumeStrategy(ctx, ref); return err },
		"stop":    func(ctx context.Context) error { _, err := c.StopStrategy(ctx, ref); return err },
		"duplicate": func(ctx context.Context) error {
			_, err := c.DuplicateStrategy(ctx, ref)
			return err
		},
		"removeAll": func(ctx context.Context) error {
			_, err := c.RemoveAllStrategies(ctx, "u-1")
			return err
		},
		"removeStrategies": func(ctx context.Context) error {
			_, err := c.RemoveStrategies(ctx, api.RemoveStrategiesRequest{UserID: "u-1", IDs: []int64{1001, 1002}})
			return err
		},
	}
}

// TestActionErrorsCarryTheStatus sends every action to the hostile server:
// each must fail with *api.Error of the configured status, its message
// capped however long the server's was.
func TestActionErrorsCarryTheStatus(t *testing.T) {
	h := hostile.New()
	srv := httptest.NewServer(h)
	defer srv.Close()
	c := newClient(t, srv.URL)
	for _, code := range []int{400, 403, 404, 409, 500} {
		h.SetActionStatus(code)
		for name, act := range actions(c) {
			err := act(context.Background())
			var ae *api.Error
			if !errors.As(err, &ae) || ae.StatusCode != code {
				t.Errorf("%s with status %d: got %v, want *api.Error %d", name, code, err, code)
				continue
			}
			if len(ae.Message) > 4096 {
				t.Errorf("%s %d: error message is %d bytes, want it capped", name, code, len(ae.Message))
			}
		}
	}
}

// TestErrorTextsHoldNoControls: the text of every error the client returns
// for a hostile error body (actions, 5xx, 429) is printed by commands that
// do not go through the dashboard's sanitiser (login, logs), so it must hold
// none of the payloads' controls, bidi, zero-width or separator characters.
func TestErrorTextsHoldNoControls(t *testing.T) {
	h := hostile.New()
	srv := httptest.NewServer(h)
	defer srv.Close()
	c := newClient(t, srv.URL)
	ctx := context.Background()
	var errs []error
	for _, code := range []int{400, 403, 404, 409, 500} {
		h.SetActionStatus(code)
		for _, act := range actions(c) {
			errs = append(errs, act(ctx))
		}
	}
	for _, mode := range []hostile.FaultMode{hostile.Status500, hostile.Status502, hostile.Status503, hostile.RateLimited} {
		h.SetFault(hostile.Fault{Mode: mode})
		for _, call := range reads(c) {
			_, err := call(ctx)
			errs = append(errs, err)
		}
	}
	found := map[string]bool{}
	for _, err := range errs {
		if err == nil {
			t.Fatal("an action or faulted read succeeded against the hostile server")
		}
		texts := []string{err.Error()}
		var ae *api.Error
		if errors.As(err, &ae) {
			texts = append(texts, ae.Message, ae.Reason)
			texts = append(texts, ae.Messages...)
		}
		for _, text := range texts {
			for _, leak := range hostile.Leaks([]byte("x" + text)) {
				kind, _, _ := strings.Cut(leak, ":")
				if !found[kind] {
					found[kind] = true
					t.Errorf("api error text leaks %s", leak)
				}
			}
		}
	}
}
