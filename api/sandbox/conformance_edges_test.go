package sandbox_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
)

// HTTP edges of the sandbox found by probing it, one test each, and the
// description served beside the routes.

func TestEdges_WrongMethodOnALiteralStrategiesPathIs405(t *testing.T) {
	e := newEnv(t)
	for _, tc := range []struct{ method, path, allow string }{
		{http.MethodGet, "/api/v1/strategies/changeBalance", "POST"},
		{http.MethodGet, "/api/v1/strategies/getStrategies", "POST"},
		{http.MethodDelete, "/api/v1/strategies/removeStrategies", "POST"},
		{http.MethodPost, "/api/v1/openapi.json", "GET, HEAD"},
		{http.MethodPut, "/api/v1/users", "GET, HEAD, POST"},
	} {
		r := e.raw(tc.method, tc.path, "")
		r.expectStatus(t, http.StatusMethodNotAllowed, tc.method)
		if got := r.header.Get("Allow"); got != tc.allow {
			t.Errorf("%s %s: Allow %q, want %q", tc.method, tc.path, got, tc.allow)
		}
	}
	// A numeric id still reaches the GET of a strategy.
	e.raw(http.MethodGet, "/api/v1/strategies/1", "").expectStatus(t, http.StatusOK, "")
}

func TestEdges_NonCanonicalPathsAre404JSONNotRedirects(t *testing.T) {
	e := newEnv(t)
	for _, p := range []string{"//api/v1/users", "/api/v1/./users", "/api/v1//users", "/api/v1/users/../users", "/api/v1/users/", "/api/v1/strategies/./1"} {
		for _, method := range []string{http.MethodGet, http.MethodPost} {
			r := e.raw(method, p, "")
			r.expectStatus(t, http.StatusNotFound, "not canonical")
			if loc := r.header.Get("Location"); loc != "" || !strings.HasPrefix(r.header.Get("Content-Type"), "application/json") {
				t.Errorf("%s %s: Location %q, Content-Type %q", method, p, loc, r.header.Get("Content-Type"))
			}
		}
	}
}

func TestEdges_BodyOnARouteThatTakesNoneIsRefused(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	st := e.create(api.DcaBuy, f)
	e.raw(http.MethodPost, "/api/v1/strategies/"+itoa(st.ID)+"/halt", `{"why":"x"}`).expectStatus(t, http.StatusBadRequest, "takes no request body")
	if s := e.statusOf(st.ID); s != api.StatusActive {
		t.Fatalf("a refused halt changed the strategy: %s", s)
	}
	e.raw(http.MethodGet, "/api/v1/users", `{}`).expectStatus(t, http.StatusBadRequest, "takes no request body")
	e.raw(http.MethodGet, "/api/v1/openapi.json", `{}`).expectStatus(t, http.StatusBadRequest, "takes no request body")
	// Without a body the same routes answer.
	e.raw(http.MethodPost, "/api/v1/strategies/"+itoa(st.ID)+"/halt", "").expectStatus(t, http.StatusOK, "")
	e.raw(http.MethodGet, "/api/v1/users", "").expectStatus(t, http.StatusOK, "")
}

// goTypeName matches a Go type or a Go field path in a message, such as
// StrategyOptions.scheduledStartAt or api.NullInt.
var goTypeName = regexp.MustCompile(`\b[A-Z][A-Za-z]*\.[A-Za-z]|\bapi\.|\bint64\b|\bfloat64\b|\bstruct\b|\bNullInt\b|\bFlexString\b`)

func TestEdges_ErrorMessagesNameWireFields(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	st := e.create(api.VolumeBuy, f)
	create := f.createReq(api.DcaBuy)
	volume := f.createReq(api.VolumeBuy)
	update := map[string]any{"userId": f.user, "poolDepositId": f.deposit, "poolId": f.poolID, "strategyId": st.ID, "chainId": f.chainID, "balanceUsed": "1000"}
	for _, tc := range []struct{ path, body, want string }{
		{"/api/v1/strategies/createStrategyDcaBuy", patch(t, create, map[string]any{"scheduledStartAt": "soon"}), "scheduledStartAt must be an integer"},
		{"/api/v1/strategies/createStrategyDcaBuy", patch(t, create, map[string]any{"isSmartGasOn": "yes"}), "isSmartGasOn must be a boolean"},
		{"/api/v1/strategies/createStrategyDcaBuy", patch(t, create, map[string]any{"orders": 1.5}), "orders must be an integer"},
		{"/api/v1/strategies/createStrategyVolumeBuy", patch(t, volume, map[string]any{"volumeExclusionAddresses": []int{1}}), "volumeExclusionAddresses must be an array of strings"},
		{"/api/v1/strategies/createStrategyVolumeBuy", patch(t, volume, map[string]any{"minTransactionValue": true}), "minTransactionValue must be a string or a number"},
		{"/api/v1/strategies/setStrategyBuyVolume", patch(t, update, map[string]any{"volumeAccumulatorSize": "big"}), "volumeAccumulatorSize must be an integer or null"},
		{"/api/v1/strategies/setStrategyBuyVolume", patch(t, update, map[string]any{"scheduledStartAt": []int{}}), "scheduledStartAt must be an integer or null"},
		{"/api/v1/users", `{"externalUserId":7}`, "externalUserId must be a string"},
		{"/api/v1/users", `{"externalUserId":"u","metadata":[1]}`, "metadata must be an object"},
		{"/api/v1/strategies/changeBalance", `{"userId":"u","strategyId":"1","idempotencyKey":"k","balanceBuyUsed":"1"}`, "strategyId must be an integer"},
	} {
		r := e.raw(http.MethodPost, tc.path, tc.body)
		r.expectStatus(t, http.StatusBadRequest, tc.want)
		if m := goTypeName.FindString(string(r.body)); m != "" {
			t.Errorf("%s: the message names a Go type (%q): %s", tc.path, m, r.body)
		}
	}
}

func TestEdges_UnknownUserEchoesAtMost200Characters(t *testing.T) {
	e := newEnv(t)
	long := strings.Repeat("u", 5000)
	checkEcho := func(r rawResp) {
		t.Helper()
		r.expectStatus(t, http.StatusNotFound, "not found")
		msg := r.errorBody(t).Message[0]
		if !strings.Contains(msg, strings.Repeat("u", 200)+"...") || strings.Contains(msg, strings.Repeat("u", 201)) {
			t.Errorf("message does not cut the id at 200 characters: %d bytes", len(msg))
		}
	}
	checkEcho(e.raw(http.MethodGet, "/api/v1/users/"+long, ""))
	checkEcho(e.raw(http.MethodPost, "/api/v1/getUserPools", `{"userId":"`+long+`"}`))
	checkEcho(e.raw(http.MethodPost, "/api/v1/strategies/removeStrategy", `{"userId":"`+long+`","strategyId":1}`))
	// The unknown-route message is cut the same way.
	r := e.raw(http.MethodGet, "/api/v1/"+long, "")
	if msg := r.errorBody(t).Message[0]; len(msg) > 300 || !strings.HasSuffix(msg, "...") {
		t.Errorf("unknown route message of %d bytes", len(msg))
	}
}

func TestEdges_RawAmountBoundIsTheClients(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	req := f.createReq(api.DcaBuy)
	req.BalanceUsed = api.MaxRawAmount
	if err := api.ValidateCreate(api.DcaBuy, req); err != nil {
		t.Fatalf("the client refuses 2^128-1: %v", err)
	}
	e.raw(http.MethodPost, "/api/v1/strategies/createStrategyDcaBuy", jsonBody(t, req)).expectStatus(t, http.StatusCreated, "")
	for _, over := range []string{"340282366920938463463374607431768211456", "0" + api.MaxRawAmount, strings.Repeat("9", 40)} {
		req.BalanceUsed = over
		if api.ValidateCreate(api.DcaBuy, req) == nil {
			t.Errorf("the client accepts %s", over)
		}
		e.raw(http.MethodPost, "/api/v1/strategies/createStrategyDcaBuy", jsonBody(t, req)).expectStatus(t, http.StatusBadRequest, "balanceUsed")
		cb := api.ChangeBalanceRequest{UserID: f.user, StrategyID: 1, BalanceBuyUsed: over, IdempotencyKey: "k-" + over}
		if api.ValidateChangeBalance(cb) == nil {
			t.Errorf("the client accepts balanceBuyUsed %s", over)
		}
		e.raw(http.MethodPost, "/api/v1/strategies/changeBalance", jsonBody(t, cb)).expectStatus(t, http.StatusBadRequest, "balanceBuyUsed")
	}
}

func TestEdges_EmailValidityIsTheClients(t *testing.T) {
	e := newEnv(t)
	for i, email := range []string{
		"a@b.co", "first.last+tag@mail.example.com", "a..b@x.co", "o'neil@x.io", "a@localhost", "A <a@b.co>",
		"a b@c.co", "a@b.co.", "@b.co", "a@-b.co", strings.Repeat("a", 250) + "@b.co", "ü@b.co", "a@b.co\n",
	} {
		req := api.CreateUserRequest{ExternalUserID: "mail-" + itoa(int64(i)), Email: email}
		clientOK := api.ValidateCreateUser(req) == nil
		r := e.raw(http.MethodPost, "/api/v1/users", jsonBody(t, req))
		if sandboxOK := r.status == http.StatusCreated; sandboxOK != clientOK {
			t.Errorf("e-mail %q: client accepts %v, sandbox answers %d", email, clientOK, r.status)
		}
	}
}

func TestEdges_UsersCarryNullsNotMissingKeys(t *testing.T) {
	e := newEnv(t)
	e.raw(http.MethodPost, "/api/v1/users", `{"externalUserId":"bare"}`).expectStatus(t, http.StatusCreated, "")
	var list []map[string]json.RawMessage
	if err := json.Unmarshal(e.raw(http.MethodGet, "/api/v1/users", "").body, &list); err != nil {
		t.Fatal(err)
	}
	for _, u := range list {
		w, has := u["walletAddress"]
		if !has {
			t.Fatalf("list item without walletAddress: %v", u)
		}
		if _, has := u["email"]; has {
			t.Fatalf("list item with email: %v", u)
		}
		if string(u["externalUserId"]) == `"bare"` && string(w) != "null" {
			t.Fatalf("walletAddress of a user without one: %s", w)
		}
	}
	one := e.raw(http.MethodGet, "/api/v1/users/bare", "").body
	if !bytes.Contains(one, []byte(`"walletAddress":null`)) || !bytes.Contains(one, []byte(`"email":null`)) {
		t.Fatalf("single read: %s", one)
	}
	// The client reads the nulls as empty strings.
	u := must(e.c.GetUser(e.ctx, "bare"))(t)
	if u.WalletAddress != "" || u.Email != "" {
		t.Fatalf("client read %+v", u)
	}
}

func TestEdges_OpenAPIIsServedWithoutCredentials(t *testing.T) {
	e := newEnv(t)
	r := e.rawWith(http.MethodGet, sandbox.OpenAPIPath, "", nil)
	if r.status != http.StatusOK || !bytes.Equal(r.body, api.OpenAPI()) || !strings.HasPrefix(r.header.Get("Content-Type"), "application/json") {
		t.Fatalf("GET %s: %d %q, %d bytes", sandbox.OpenAPIPath, r.status, r.header.Get("Content-Type"), len(r.body))
	}
	// Every other route still wants credentials.
	e.rawWith(http.MethodGet, "/api/v1/users", "", nil).expectStatus(t, http.StatusUnauthorized, "X-API-Key")
}

func TestEdges_TheDescriptionHasEveryRouteAndNoOther(t *testing.T) {
	e := newEnv(t)
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(api.OpenAPI(), &doc); err != nil {
		t.Fatal(err)
	}
	var described []string
	for p, ops := range doc.Paths {
		for method := range ops {
			described = append(described, strings.ToUpper(method)+" /api/v1"+p)
		}
	}
	served := append(e.sb.Patterns(), "GET "+sandbox.OpenAPIPath)
	slices.Sort(described)
	slices.Sort(served)
	if !slices.Equal(described, served) {
		t.Fatalf("described:\n%s\nserved:\n%s", strings.Join(described, "\n"), strings.Join(served, "\n"))
	}
}
