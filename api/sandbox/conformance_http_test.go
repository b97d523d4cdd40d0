package sandbox_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
)

// HTTP-level behaviour: malformed and oversized bodies, unknown routes and
// methods, fault injection, request counting and ListenAndServe.

func TestHTTP_MalformedJSONIs400AndChangesNothing(t *testing.T) {
	e := newEnv(t)
	for _, body := range []string{`{"externalUserId":`, `not json`, `[1,2]`, `"text"`, `null`, ``, `{"externalUserId":"a"} {"x":1}`} {
		e.raw(http.MethodPost, "/api/v1/users", body).expectStatus(t, http.StatusBadRequest, "")
	}
	if n := len(must(e.c.ListUsers(e.ctx))(t)); n != 6 {
		t.Fatalf("malformed bodies created users: %d", n)
	}
}

func TestHTTP_BodyOver1MiBIs413(t *testing.T) {
	e := newEnv(t)
	big := `{"externalUserId":"x","metadata":{"blob":"` + strings.Repeat("a", 1<<20) + `"}}`
	e.raw(http.MethodPost, "/api/v1/users", big).expectStatus(t, http.StatusRequestEntityTooLarge, "1 MiB")
	justUnder := `{"externalUserId":"y","metadata":{"blob":"` + strings.Repeat("a", 1<<20-100) + `"}}`
	e.raw(http.MethodPost, "/api/v1/users", justUnder).expectStatus(t, http.StatusCreated, "")
}

func TestHTTP_UnknownRouteIs404WithJSONBody(t *testing.T) {
	e := newEnv(t)
	e.raw(http.MethodGet, "/api/v1/nothing-here", "").expectStatus(t, http.StatusNotFound, "no route")
	e.raw(http.MethodGet, "/api/v2/strategies", "").expectStatus(t, http.StatusNotFound, "no route")
	// Routing comes before authentication.
	e.rawWith(http.MethodGet, "/api/v1/nothing-here", "", nil).expectStatus(t, http.StatusNotFound, "no route")
}

func TestHTTP_WrongMethodIs405WithAllow(t *testing.T) {
	e := newEnv(t)
	r := e.raw(http.MethodDelete, "/api/v1/strategies", "")
	r.expectStatus(t, http.StatusMethodNotAllowed, "DELETE")
	if allow := r.header.Get("Allow"); !strings.Contains(allow, "GET") {
		t.Fatalf("Allow %q", allow)
	}
	e.raw(http.MethodPut, "/api/v1/users", "{}").expectStatus(t, http.StatusMethodNotAllowed, "PUT")
}

func TestHTTP_ErrorBodiesAndContentType(t *testing.T) {
	e := newEnv(t)
	r := e.raw(http.MethodGet, "/api/v1/users/nobody-here", "")
	r.expectStatus(t, http.StatusNotFound, "not found")
	if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("Content-Type %q", ct)
	}
	// Several invalid fields are listed together.
	r = e.raw(http.MethodPost, "/api/v1/strategies/createStrategyDcaBuy", `{}`)
	if eb := r.errorBody(t); len(eb.Message) < 5 {
		t.Fatalf("want one message per missing field, got %q", eb.Message)
	}
}

func TestHits_CountRequestsPerRoute(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	st := e.create(api.DcaBuy, f)
	const halt = "POST /api/v1/strategies/{strategyId}/halt"
	if n := e.sb.Hits(halt); n != 0 {
		t.Fatalf("hits before any halt: %d", n)
	}
	must(e.c.HaltStrategy(e.ctx, st.ID))(t)
	_, _ = e.c.HaltStrategy(e.ctx, 999999)
	e.rawWith(http.MethodPost, "/api/v1/strategies/1/halt", "", nil) // a 401 counts too
	if n := e.sb.Hits(halt); n != 3 {
		t.Fatalf("halt hits %d, want 3", n)
	}
	if e.sb.Hits("GET /nothing") != 0 {
		t.Fatal("an unknown pattern has hits")
	}
}

func TestFaults_RateLimitAnswers429WithRetryAfter(t *testing.T) {
	e := newEnv(t)
	e.sb.SetFaults(sandbox.Faults{RateLimitRate: 1, RetryAfter: 2500 * time.Millisecond})
	_, err := e.c.GetDashboardStats(e.ctx)
	ae := expectAPIError(t, err, http.StatusTooManyRequests, api.ErrTooManyRequests)
	if ae.RetryAfter != 3*time.Second {
		t.Fatalf("RetryAfter %s, want 3s (rounded up)", ae.RetryAfter)
	}
	e.sb.SetFaults(sandbox.Faults{})
	must(e.c.GetDashboardStats(e.ctx))(t)
}

func TestFaults_FailRateFailsReadsButNeverActions(t *testing.T) {
	e := newEnv(t, sandbox.WithFailRate(1))
	_, err := e.c.ListStrategies(e.ctx, api.StrategyFilter{})
	var ae *api.Error
	if !errors.As(err, &ae) || !errors.Is(err, api.ErrServer) || (ae.StatusCode != 500 && ae.StatusCode != 502 && ae.StatusCode != 503) {
		t.Fatalf("read under fail rate 1: %v", err)
	}
	e.sb.SetFaults(sandbox.Faults{})
	f := e.fixture()
	st := e.create(api.DcaBuy, f)
	e.sb.SetFaults(sandbox.Faults{FailRate: 1})
	if got := must(e.c.HaltStrategy(e.ctx, st.ID))(t); got.Status != api.StatusPaused {
		t.Fatalf("halt under fail rate: %s", got.Status)
	}
}

func TestFaults_TruncatedBodyIsADecodeError(t *testing.T) {
	e := newEnv(t)
	e.sb.SetFaults(sandbox.Faults{TruncateRate: 1})
	_, err := e.c.ListStrategies(e.ctx, api.StrategyFilter{})
	if !errors.Is(err, api.ErrDecode) {
		t.Fatalf("truncated body: %v", err)
	}
}

func TestFaults_DroppedConnectionAfterTheActionApplied(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	st := e.create(api.DcaBuy, f)
	e.sb.SetFaults(sandbox.Faults{DropRate: 1})
	_, err := e.c.HaltStrategy(e.ctx, st.ID)
	var te *api.TransportError
	if !errors.As(err, &te) || !errors.Is(err, api.ErrNetwork) || !te.MaybeDelivered {
		t.Fatalf("dropped answer: %v", err)
	}
	if s := e.statusOf(st.ID); s != api.StatusPaused {
		t.Fatalf("the dropped halt was not applied: %s", s)
	}
}

func TestFaults_DownDropsEverythingUnhandled(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	st := e.create(api.DcaBuy, f)
	e.sb.SetFaults(sandbox.Faults{Down: true})
	_, err := e.c.HaltStrategy(e.ctx, st.ID)
	if !errors.Is(err, api.ErrNetwork) {
		t.Fatalf("halt while down: %v", err)
	}
	if s := e.statusOf(st.ID); s != api.StatusActive {
		t.Fatalf("a request was handled while down: %s", s)
	}
	e.sb.SetFaults(sandbox.Faults{})
	must(e.c.HaltStrategy(e.ctx, st.ID))(t)
}

func TestFaults_LatencyStillAnswers(t *testing.T) {
	e := newEnv(t, sandbox.WithLatency(2*time.Millisecond))
	e.sb.SetFaults(sandbox.Faults{Latency: 2 * time.Millisecond, ActionLatency: time.Millisecond})
	must(e.c.GetDashboardStats(e.ctx))(t)
	ctx, cancel := context.WithTimeout(e.ctx, time.Millisecond)
	defer cancel()
	e.sb.SetFaults(sandbox.Faults{Latency: time.Minute})
	if _, err := e.c.GetDashboardStats(ctx); err == nil {
		t.Fatal("a request slower than its deadline succeeded")
	}
}

func TestListenAndServe_AnswersTheCurlOfTheIssue(t *testing.T) {
	sb := sandbox.New(sandbox.WithUsers(4), sandbox.WithStrategies(20))
	defer sb.Close()
	ctx, cancel := context.WithCancel(context.Background())
	urls := make(chan string, 1)
	done := make(chan error, 1)
	go func() { done <- sandbox.ListenAndServe(ctx, "127.0.0.1:0", sb, func(u string) { urls <- u }) }()
	var base string
	select {
	case base = <-urls:
	case err := <-done:
		t.Fatalf("ListenAndServe: %v", err)
	}
	if !strings.HasPrefix(base, "http://127.0.0.1:") {
		t.Fatalf("base URL %q", base)
	}
	// curl -H 'X-API-Key: demo-key' -H 'X-API-Secret: demo-secret' $BASE/api/v1/strategies
	req, _ := http.NewRequest(http.MethodGet, base+"/api/v1/strategies", nil)
	req.Header.Set("X-API-Key", "demo-key")
	req.Header.Set("X-API-Secret", "demo-secret")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var page api.StrategiesPage
	err = json.NewDecoder(resp.Body).Decode(&page)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || err != nil || page.Page != 1 || page.PageSize != 50 || page.TotalCount == 0 || len(page.Strategies) == 0 {
		t.Fatalf("curl: %d %v %+v", resp.StatusCode, err, page)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	if _, err := http.DefaultClient.Do(req); err == nil {
		t.Fatal("still serving after ctx ended")
	}
}

func TestListenAndServe_BadAddressFails(t *testing.T) {
	err := sandbox.ListenAndServe(context.Background(), "127.0.0.1:notaport", sandbox.New(sandbox.WithStrategies(0)), nil)
	if err == nil {
		t.Fatal("listening on a bad address succeeded")
	}
}
