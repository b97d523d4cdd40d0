package sandbox_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
)

// The conformance suite drives the real client (package api) against the
// sandbox over loopback HTTP, one named test per rule of the spec. Where the
// client refuses input before sending (its own validation of section 8),
// the test sends the raw request instead, so the server's rule is what is
// tested.

// env is one sandbox behind an httptest server with a client for it.
type env struct {
	t   *testing.T
	sb  *sandbox.Sandbox
	srv *httptest.Server
	c   *api.Client
	ctx context.Context
}

// newEnv starts a small sandbox (6 users, 60 strategies unless options say
// otherwise) and a client with retries off, so every call is one request.
func newEnv(t *testing.T, opts ...sandbox.Option) *env {
	t.Helper()
	all := append([]sandbox.Option{sandbox.WithUsers(6), sandbox.WithStrategies(60)}, opts...)
	sb := sandbox.New(all...)
	srv := httptest.NewServer(checked(t, sb)) // every round trip is validated against the description
	t.Cleanup(srv.Close)
	t.Cleanup(sb.Close)
	return &env{t: t, sb: sb, srv: srv, c: clientFor(t, srv.URL, sandbox.DemoKey, sandbox.DemoSecret), ctx: context.Background()}
}

// clientFor builds a client with the given credentials and no read retries.
func clientFor(t *testing.T, baseURL, key, secret string) *api.Client {
	t.Helper()
	c, err := api.New(baseURL, api.WithCredentials(api.Credentials{Key: key, Secret: secret}), api.WithRetries(0), api.WithTimeout(10*time.Second))
	if err != nil {
		t.Fatalf("api.New: %v", err)
	}
	return c
}

// rawResp is an answer to a raw request.
type rawResp struct {
	status int
	header http.Header
	body   []byte
}

// raw sends a request with the demo credentials and returns the answer.
func (e *env) raw(method, path, body string) rawResp {
	e.t.Helper()
	return e.rawWith(method, path, body, map[string]string{"X-API-Key": sandbox.DemoKey, "X-API-Secret": sandbox.DemoSecret})
}

// rawWith sends a request with exactly the given headers.
func (e *env) rawWith(method, path, body string, headers map[string]string) rawResp {
	e.t.Helper()
	req, err := http.NewRequest(method, e.srv.URL+path, strings.NewReader(body))
	if err != nil {
		e.t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := e.srv.Client().Do(req)
	if err != nil {
		e.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return rawResp{resp.StatusCode, resp.Header, b}
}

// errorBody decodes an error answer and checks its shape: statusCode equal
// to the HTTP status, a message, and the status text as "error".
func (r rawResp) errorBody(t *testing.T) api.ErrorBody {
	t.Helper()
	var eb api.ErrorBody
	if err := json.Unmarshal(r.body, &eb); err != nil {
		t.Fatalf("error body is not JSON: %v: %s", err, r.body)
	}
	if eb.StatusCode != r.status || len(eb.Message) == 0 || eb.Error != http.StatusText(r.status) {
		t.Fatalf("error body %s does not match status %d", r.body, r.status)
	}
	return eb
}

// expectStatus asserts a raw answer's status and, for errors, that the
// message mentions want (case-insensitive).
func (r rawResp) expectStatus(t *testing.T, status int, want string) {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d: %s", r.status, status, r.body)
	}
	if status >= 400 {
		msg := strings.ToLower(strings.Join(r.errorBody(t).Message, " | "))
		if !strings.Contains(msg, strings.ToLower(want)) {
			t.Fatalf("message %q does not mention %q", msg, want)
		}
	}
}

// expectAPIError asserts a client error of the given status and family.
func expectAPIError(t *testing.T, err error, status int, family error) *api.Error {
	t.Helper()
	var ae *api.Error
	if !errors.As(err, &ae) {
		t.Fatalf("want *api.Error %d, got %T: %v", status, err, err)
	}
	if ae.StatusCode != status || !errors.Is(err, family) {
		t.Fatalf("want %d (%v), got %d: %v", status, family, ae.StatusCode, err)
	}
	return ae
}

// must fails the test on an unexpected error: must(c.Call(ctx))(t).
func must[T any](v T, err error) func(*testing.T) T {
	return func(t *testing.T) T {
		t.Helper()
		if err != nil {
			t.Fatalf("unexpected error: %v", err)
		}
		return v
	}
}

// fixture is a user with a deposit to build strategies on.
type fixture struct {
	user    string
	chainID int64
	token   string // the pool's token address
	quote   string // another token of the same chain
	poolID  int64
	deposit int64
}

// fixtureFor finds the first user with a pool deposit holding at least a
// little available balance, for creating strategies of every kind.
func (e *env) fixture() fixture {
	e.t.Helper()
	pools := must(e.c.GetClientPools(e.ctx, 0))(e.t)
	for _, u := range e.sb.Users() {
		up := must(e.c.GetUserPools(e.ctx, api.UserPoolsRequest{UserID: u.ExternalUserID}))(e.t)
		for _, item := range up.Pools {
			avail, _ := strconv.ParseFloat(item.TotalBalanceAvailable, 64)
			if len(item.Deposits) == 0 || avail <= 0 {
				continue
			}
			for _, p := range pools {
				if p.ChainID == item.ChainID && p.ID != item.ID {
					return fixture{user: u.ExternalUserID, chainID: item.ChainID, token: item.TokenAddress,
						quote: p.TokenAddress, poolID: item.ID, deposit: item.Deposits[0].ID}
				}
			}
		}
	}
	e.t.Fatal("no user with a usable deposit in the seed")
	return fixture{}
}

// createReq is a valid create body of the kind for the fixture.
func (f fixture) createReq(kind api.StrategyKind) api.CreateStrategyRequest {
	r := api.CreateStrategyRequest{UserID: f.user, ChainID: f.chainID, TokenAddress: f.token, BalanceUsed: "1000"}
	r.InputToken, r.OutputToken = f.quote, f.token
	if kind.Category() == api.CategorySell {
		r.InputToken, r.OutputToken = f.token, f.quote
		r.PoolDepositID = ptr(f.deposit)
	}
	if kind.IsDCA() {
		r.Orders, r.DcaFrequency = ptr[int64](4), ptr[int64](1)
	} else {
		r.Percentage = ptr(25.0)
	}
	return r
}

// create makes a strategy of the kind through the client.
func (e *env) create(kind api.StrategyKind, f fixture) *api.Strategy {
	e.t.Helper()
	st := must(createVia(e.ctx, e.c, kind, f.createReq(kind)))(e.t)
	if st == nil {
		e.t.Fatal("create answered no strategy")
	}
	return st
}

// createVia calls the create route of the kind (the brief's per-route
// methods, not a convenience wrapper).
func createVia(ctx context.Context, c *api.Client, kind api.StrategyKind, r api.CreateStrategyRequest) (*api.Strategy, error) {
	switch kind {
	case api.DcaBuy:
		return c.CreateStrategyDcaBuy(ctx, r)
	case api.DcaSell:
		return c.CreateStrategyDcaSell(ctx, r)
	case api.VolumeBuy:
		return c.CreateStrategyVolumeBuy(ctx, r)
	}
	return c.CreateStrategyVolumeSell(ctx, r)
}

// updateVia calls the set route of the kind.
func updateVia(ctx context.Context, c *api.Client, kind api.StrategyKind, r api.UpdateStrategyRequest) (*api.Strategy, error) {
	switch kind {
	case api.DcaBuy:
		return c.SetStrategyBuyDCA(ctx, r)
	case api.DcaSell:
		return c.SetStrategySellDCA(ctx, r)
	case api.VolumeBuy:
		return c.SetStrategyBuyVolume(ctx, r)
	}
	return c.SetStrategySellVolume(ctx, r)
}

// createIn creates a strategy and puts it in a state for a test.
func (e *env) createIn(kind api.StrategyKind, f fixture, status api.Status) *api.Strategy {
	e.t.Helper()
	st := e.create(kind, f)
	if !e.sb.SetStrategyStatus(st.ID, status) {
		e.t.Fatalf("cannot set strategy %d to %s", st.ID, status)
	}
	st.Status = status
	return st
}

// statusOf reads a strategy's state directly.
func (e *env) statusOf(id int64) api.Status {
	e.t.Helper()
	st, ok := e.sb.Strategy(id)
	if !ok {
		e.t.Fatalf("strategy %d not found", id)
	}
	return st.Status
}

// jsonBody encodes v for a raw request.
func jsonBody(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// patch decodes a JSON body into a map, applies changes and re-encodes it, to
// send fields the client would refuse.
func patch(t *testing.T, v any, changes map[string]any) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(jsonBody(t, v)), &m); err != nil {
		t.Fatal(err)
	}
	for k, val := range changes {
		if val == nil {
			delete(m, k)
		} else {
			m[k] = val
		}
	}
	return jsonBody(t, m)
}

func ptr[T any](v T) *T { return &v }

// fakeClock is a settable clock for WithClock.
type fakeClock struct{ unix atomic.Int64 }

func newFakeClock(t time.Time) *fakeClock {
	c := &fakeClock{}
	c.unix.Store(t.Unix())
	return c
}

func (c *fakeClock) now() time.Time          { return time.Unix(c.unix.Load(), 0) }
func (c *fakeClock) advance(d time.Duration) { c.unix.Add(int64(d / time.Second)) }

// bytesContain is a readable bytes.Contains for assertions.
func bytesContain(b []byte, s string) bool { return bytes.Contains(b, []byte(s)) }
