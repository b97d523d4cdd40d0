package api

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"testing"
)

const strategyJSON = `{"id":12,"strategyId":"s-12","chainId":8453,"status":"active","category":"buy","type":"dca",
"poolDepositId":3,"orders":10,"dcaFrequency":3600,"unknownField":{"nested":[1,2]},
"pool":{"id":1,"name":"USD Coin","symbol":"USDC","tokenAddress":"0x833589fcd6edb6e08f4c7c32d4f71b54bda02913","decimals":6}}`

// routeCase is one client method with the exact request it must send.
type routeCase struct {
	name   string
	method string
	uri    string // request URI the server must see
	body   string // JSON body the server must see; "" for none
	answer string // what the server answers (200)
	read   bool   // retried on 503
	call   func(context.Context, *Client) (any, error)
}

func dcaCreate() CreateStrategyRequest {
	return CreateStrategyRequest{
		UserID: "u1", ChainID: ChainBase, InputToken: "0xin", OutputToken: "0xout", TokenAddress: "0xout",
		BalanceUsed: "1000000", Orders: ptr(int64(10)), DcaFrequency: ptr(int64(3600)),
	}
}

func volumeCreate() CreateStrategyRequest {
	return CreateStrategyRequest{
		UserID: "u1", ChainID: ChainBase, InputToken: "0xin", OutputToken: "0xout", TokenAddress: "0xout",
		BalanceUsed: "1000000", Percentage: ptr(2.5),
	}
}

func baseUpdate() UpdateStrategyRequest {
	return UpdateStrategyRequest{UserID: "u1", PoolDepositID: 3, PoolID: 1, StrategyID: 12, ChainID: ChainBase, BalanceUsed: "5"}
}

func allRoutes(t *testing.T) []routeCase {
	ref := StrategyRef{UserID: "u1", StrategyID: 12}
	refJSON := `{"userId":"u1","strategyId":12}`
	return []routeCase{
		{"ListUsers", "GET", "/api/v1/users", "", `[{"id":1,"externalUserId":"u1","walletAddress":"0xw"}]`, true,
			func(ctx context.Context, c *Client) (any, error) { return c.ListUsers(ctx) }},
		{"GetUser", "GET", "/api/v1/users/u%201", "", `{"id":1,"externalUserId":"u 1","email":"a@b.co"}`, true,
			func(ctx context.Context, c *Client) (any, error) { return c.GetUser(ctx, "u 1") }},
		{"UpsertUser", "POST", "/api/v1/users", `{"externalUserId":"u1","depositChainId":56}`, `{"id":1,"externalUserId":"u1"}`, false,
			func(ctx context.Context, c *Client) (any, error) {
				return c.UpsertUser(ctx, CreateUserRequest{ExternalUserID: "u1", DepositChainID: ptr(int64(56))})
			}},
		{"GetUserPools", "POST", "/api/v1/getUserPools", `{"userId":"u1","chainId":8453}`, `{"pools":[],"tokenOverallValue":"0"}`, true,
			func(ctx context.Context, c *Client) (any, error) {
				return c.GetUserPools(ctx, UserPoolsRequest{UserID: "u1", ChainID: ptr(ChainBase)})
			}},
		{"GetTokenBalance", "POST", "/api/v1/getTokenBalance", `{"userId":"u1","tokenAddress":"0xt","chainId":1}`, `{"userId":"u1","poolDepositId":null,"hasDeposit":false}`, true,
			func(ctx context.Context, c *Client) (any, error) {
				return c.GetTokenBalance(ctx, TokenBalanceRequest{UserID: "u1", TokenAddress: "0xt", ChainID: 1})
			}},
		{"GetUserBalances", "GET", "/api/v1/users/u1/balances", "", `[{"chainId":1,"balance":"0.5","totalClaimableNativeTokens":"0"}]`, true,
			func(ctx context.Context, c *Client) (any, error) { return c.GetUserBalances(ctx, "u1") }},
		{"GetUserChainBalance", "GET", "/api/v1/users/u1/balances/1399811149", "", `{"chainId":1399811149,"balance":"2"}`, true,
			func(ctx context.Context, c *Client) (any, error) {
				return c.GetUserChainBalance(ctx, "u1", ChainSolana)
			}},
		{"GetClientPools/all", "POST", "/api/v1/getClientPools", `{}`, `[{"id":1,"name":"A","symbol":"A","decimals":18,"tokenAddress":"0xa","chainId":1}]`, true,
			func(ctx context.Context, c *Client) (any, error) { return c.GetClientPools(ctx, 0) }},
		{"GetClientPools/chain", "POST", "/api/v1/getClientPools", `{"chainId":56}`, `[]`, true,
			func(ctx context.Context, c *Client) (any, error) { return c.GetClientPools(ctx, 56) }},
		{"GetPool", "GET", "/api/v1/pools/7", "", `{"id":7,"tokenPrice":"1.01"}`, true,
			func(ctx context.Context, c *Client) (any, error) { return c.GetPool(ctx, 7) }},
		{"GetDashboardStats", "POST", "/api/v1/strategies/getDashBoardStats", `{}`, `{"usersCount":3,"strategiesCount":9}`, true,
			func(ctx context.Context, c *Client) (any, error) { return c.GetDashboardStats(ctx) }},
		{"ListStrategies", "GET", "/api/v1/strategies?category=buy&chainId=56&page=2&pageSize=100&sortBy=oldest&status=paused&strategyMethod=dca", "",
			`{"strategies":[` + strategyJSON + `],"totalCount":1,"page":2,"pageSize":100,"numberOfPages":1}`, true,
			func(ctx context.Context, c *Client) (any, error) {
				return c.ListStrategies(ctx, StrategyFilter{ChainID: 56, Status: StatusPaused, Category: "buy", StrategyMethod: "dca", Page: 2, PageSize: 100, SortBy: "oldest"})
			}},
		{"ListStrategies/defaults", "GET", "/api/v1/strategies", "", `{"strategies":[],"totalCount":0,"page":1,"pageSize":50,"numberOfPages":0}`, true,
			func(ctx context.Context, c *Client) (any, error) { return c.ListStrategies(ctx, StrategyFilter{}) }},
		{"GetStrategies", "POST", "/api/v1/strategies/getStrategies", `{"userId":"u1","status":"active","pageSize":10}`, `{"strategies":[]}`, true,
			func(ctx context.Context, c *Client) (any, error) {
				return c.GetStrategies(ctx, UserStrategiesRequest{UserID: "u1", StrategyFilter: StrategyFilter{Status: StatusActive, PageSize: 10}})
			}},
		{"GetFilteredStrategies", "POST", "/api/v1/strategies/getFilteredStrategies", `{"userId":"u1","category":"all","value":"highest","page":1}`,
			`{"strategies":[],"gainedAmountByChain":{"8453":{"gainedNative":"1"}},"pagination":{"totalItems":0}}`, true,
			func(ctx context.Context, c *Client) (any, error) {
				return c.GetFilteredStrategies(ctx, FilteredStrategiesRequest{UserID: "u1", Category: "all", Value: "highest", Page: 1})
			}},
		{"GetStrategy", "GET", "/api/v1/strategies/12", "", strategyJSON, true,
			func(ctx context.Context, c *Client) (any, error) { return c.GetStrategy(ctx, 12) }},
		{"CreateStrategyDcaBuy", "POST", "/api/v1/strategies/createStrategyDcaBuy", mustJSON(t, dcaCreate()), strategyJSON, false,
			func(ctx context.Context, c *Client) (any, error) { return c.CreateStrategyDcaBuy(ctx, dcaCreate()) }},
		{"CreateStrategyDcaSell", "POST", "/api/v1/strategies/createStrategyDcaSell", mustJSON(t, dcaCreate()), strategyJSON, false,
			func(ctx context.Context, c *Client) (any, error) { return c.CreateStrategyDcaSell(ctx, dcaCreate()) }},
		{"CreateStrategyVolumeBuy", "POST", "/api/v1/strategies/createStrategyVolumeBuy",
			`{"userId":"u1","chainId":8453,"inputToken":"0xin","outputToken":"0xout","tokenAddress":"0xout","balanceUsed":"1000000","percentage":2.5}`, strategyJSON, false,
			func(ctx context.Context, c *Client) (any, error) {
				return c.CreateStrategyVolumeBuy(ctx, volumeCreate())
			}},
		{"CreateStrategyVolumeSell", "POST", "/api/v1/strategies/createStrategyVolumeSell", mustJSON(t, volumeCreate()), strategyJSON, false,
			func(ctx context.Context, c *Client) (any, error) {
				return c.CreateStrategyVolumeSell(ctx, volumeCreate())
			}},
		{"SetStrategyBuyDCA", "POST", "/api/v1/strategies/setStrategyBuyDCA",
			`{"userId":"u1","poolDepositId":3,"poolId":1,"strategyId":12,"chainId":8453,"balanceUsed":"5","scheduledStartAt":null}`, strategyJSON, false,
			func(ctx context.Context, c *Client) (any, error) {
				u := baseUpdate()
				u.ScheduledStartAt = &NullInt{} // null clears the schedule
				return c.SetStrategyBuyDCA(ctx, u)
			}},
		{"SetStrategySellDCA", "POST", "/api/v1/strategies/setStrategySellDCA", mustJSON(t, baseUpdate()), strategyJSON, false,
			func(ctx context.Context, c *Client) (any, error) { return c.SetStrategySellDCA(ctx, baseUpdate()) }},
		{"SetStrategyBuyVolume", "POST", "/api/v1/strategies/setStrategyBuyVolume",
			`{"userId":"u1","poolDepositId":3,"poolId":1,"strategyId":12,"chainId":8453,"balanceUsed":"5","volumeAccumulatorSize":4}`, strategyJSON, false,
			func(ctx context.Context, c *Client) (any, error) {
				u := baseUpdate()
				u.VolumeAccumulatorSize = &NullInt{Value: 4, Valid: true}
				return c.SetStrategyBuyVolume(ctx, u)
			}},
		{"SetStrategySellVolume", "POST", "/api/v1/strategies/setStrategySellVolume", mustJSON(t, baseUpdate()), strategyJSON, false,
			func(ctx context.Context, c *Client) (any, error) { return c.SetStrategySellVolume(ctx, baseUpdate()) }},
		{"HaltStrategy", "POST", "/api/v1/strategies/12/halt", "", strategyJSON, false,
			func(ctx context.Context, c *Client) (any, error) { return c.HaltStrategy(ctx, 12) }},
		{"ArchiveStrategy", "POST", "/api/v1/strategies/12/archive", "", strategyJSON, false,
			func(ctx context.Context, c *Client) (any, error) { return c.ArchiveStrategy(ctx, 12) }},
		{"RemoveStrategy", "POST", "/api/v1/strategies/removeStrategy", refJSON, strategyJSON, false,
			func(ctx context.Context, c *Client) (any, error) { return c.RemoveStrategy(ctx, ref) }},
		{"DisableStrategy", "POST", "/api/v1/strategies/disableStrategy", refJSON, strategyJSON, false,
			func(ctx context.Context, c *Client) (any, error) { return c.DisableStrategy(ctx, ref) }},
		{"SuspendStrategy", "POST", "/api/v1/strategies/suspendStrategy", refJSON, strategyJSON, false,
			func(ctx context.Context, c *Client) (any, error) { return c.SuspendStrategy(ctx, ref) }},
		{"ResumeStrategy", "POST", "/api/v1/strategies/resumeStrategy", refJSON, strategyJSON, false,
			func(ctx context.Context, c *Client) (any, error) { return c.ResumeStrategy(ctx, ref) }},
		{"StopStrategy", "POST", "/api/v1/strategies/stopStrategy", refJSON, strategyJSON, false,
			func(ctx context.Context, c *Client) (any, error) { return c.StopStrategy(ctx, ref) }},
		{"ChangeBalance", "POST", "/api/v1/strategies/changeBalance",
			`{"userId":"u1","strategyId":12,"balanceBuyUsed":"100","idempotencyKey":"k-1"}`, strategyJSON, false,
			func(ctx context.Context, c *Client) (any, error) {
				return c.ChangeBalance(ctx, &ChangeBalanceRequest{UserID: "u1", StrategyID: 12, BalanceBuyUsed: "100", IdempotencyKey: "k-1"})
			}},
		{"DuplicateStrategy", "POST", "/api/v1/strategies/duplicateStrategy", refJSON, `{"newStrategyId":13}`, false,
			func(ctx context.Context, c *Client) (any, error) { return c.DuplicateStrategy(ctx, ref) }},
		{"RemoveStrategies", "POST", "/api/v1/strategies/removeStrategies", `{"userId":"u1","ids":[1,2]}`,
			`{"removed":[1],"failed":[],"skippedArchived":[2],"message":"1 removed"}`, false,
			func(ctx context.Context, c *Client) (any, error) {
				return c.RemoveStrategies(ctx, RemoveStrategiesRequest{UserID: "u1", IDs: []int64{1, 2}})
			}},
		{"DisableAllStrategies", "POST", "/api/v1/strategies/disableAllStrategies", `{"userId":"u1"}`, `{"started":true}`, false,
			func(ctx context.Context, c *Client) (any, error) { return c.DisableAllStrategies(ctx, "u1") }},
		{"RemoveAllStrategies", "POST", "/api/v1/strategies/removeAllStrategies", `{"userId":"u1"}`, `{"started":true}`, false,
			func(ctx context.Context, c *Client) (any, error) { return c.RemoveAllStrategies(ctx, "u1") }},
	}
}

// TestRoutesSendExactRequests checks every method's HTTP method, path,
// query, body, headers and the decoded answer (unknown fields ignored).
func TestRoutesSendExactRequests(t *testing.T) {
	for _, rc := range allRoutes(t) {
		t.Run(rc.name, func(t *testing.T) {
			var got struct {
				method, uri, body, ctype, key, secret, accept string
			}
			c, _, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				b, _ := io.ReadAll(r.Body)
				got.method, got.uri, got.body = r.Method, r.RequestURI, string(b)
				got.ctype, got.accept = r.Header.Get("Content-Type"), r.Header.Get("Accept")
				got.key, got.secret = r.Header.Get(headerKey), r.Header.Get(headerSecret)
				_, _ = io.WriteString(w, rc.answer)
			}))
			res, err := rc.call(context.Background(), c)
			if err != nil {
				t.Fatalf("call: %v", err)
			}
			if got.method != rc.method || got.uri != rc.uri {
				t.Errorf("sent %s %s, want %s %s", got.method, got.uri, rc.method, rc.uri)
			}
			if got.key != canaryKey || got.secret != canarySecret {
				t.Errorf("credentials not sent to the configured origin")
			}
			if got.accept != "application/json" {
				t.Errorf("Accept = %q", got.accept)
			}
			if rc.body == "" {
				if got.body != "" || got.ctype != "" {
					t.Errorf("sent body %q (Content-Type %q), want none", got.body, got.ctype)
				}
			} else {
				if got.ctype != "application/json" {
					t.Errorf("Content-Type = %q", got.ctype)
				}
				if !sameJSON(t, got.body, rc.body) {
					t.Errorf("body\n got %s\nwant %s", got.body, rc.body)
				}
			}
			if v := reflect.ValueOf(res); v.Kind() == reflect.Pointer && v.IsNil() {
				t.Errorf("result is nil for a %s answer", rc.answer)
			}
		})
	}
}

// TestDecodedValues spot-checks decoding beyond "no error".
func TestDecodedValues(t *testing.T) {
	c, _, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, strategyJSON)
	}))
	s, err := c.GetStrategy(context.Background(), 12)
	if err != nil {
		t.Fatal(err)
	}
	if s.ID != 12 || s.Status != StatusActive || s.Pool.Decimals != 6 || s.Pool.Symbol != "USDC" || s.DcaFrequency != 3600 {
		t.Errorf("decoded %+v", *s)
	}
	if k, ok := KindOf(*s); !ok || k != DcaBuy {
		t.Errorf("KindOf = %v, %v", k, ok)
	}
}

func sameJSON(t *testing.T, a, b string) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal([]byte(a), &x); err != nil {
		t.Errorf("not JSON: %q", a)
		return false
	}
	if err := json.Unmarshal([]byte(b), &y); err != nil {
		t.Fatalf("bad expectation %q", b)
	}
	return reflect.DeepEqual(x, y)
}

// TestReadsRetryActionsDoNot drives every route against a 503: reads are
// tried 1+3 times, actions exactly once.
func TestReadsRetryActionsDoNot(t *testing.T) {
	for _, rc := range allRoutes(t) {
		t.Run(rc.name, func(t *testing.T) {
			var hits counter
			c, _, w := newTestClient(t, jsonHandler(&hits, http.StatusServiceUnavailable, `{"message":"busy"}`))
			_, err := rc.call(context.Background(), c)
			if !errors.Is(err, ErrServer) {
				t.Fatalf("err = %v, want ErrServer", err)
			}
			want := int64(1)
			if rc.read {
				want = 1 + DefaultRetries
			}
			if hits.get() != want {
				t.Errorf("server saw %d requests, want %d", hits.get(), want)
			}
			if int64(len(w.got())) != want-1 {
				t.Errorf("waited %d times, want %d", len(w.got()), want-1)
			}
		})
	}
}

// TestActionsNotRetriedOnDroppedConnection: a dropped action is sent once
// and reported as possibly delivered.
func TestActionsNotRetriedOnDroppedConnection(t *testing.T) {
	for _, rc := range allRoutes(t) {
		if rc.read {
			continue
		}
		t.Run(rc.name, func(t *testing.T) {
			var hits counter
			c, _, _ := newTestClient(t, hijackClose(t, &hits))
			_, err := rc.call(context.Background(), c)
			var te *TransportError
			if !errors.As(err, &te) || !errors.Is(err, ErrNetwork) {
				t.Fatalf("err = %v, want *TransportError", err)
			}
			if !te.MaybeDelivered {
				t.Errorf("MaybeDelivered = false after the server read the request")
			}
			if hits.get() != 1 {
				t.Errorf("server saw %d requests, want 1", hits.get())
			}
		})
	}
}
