package sandbox_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
)

// prop is what the description says of one request body property.
type prop struct {
	nullable bool   // its type admits null
	choice   string // its x-stratop-choice, "" when none
}

// requestProps lists the properties of a route's request body schema in
// the description.
func requestProps(t *testing.T, route string) map[string]prop {
	t.Helper()
	var d struct {
		Paths      map[string]map[string]json.RawMessage `json:"paths"`
		Components struct {
			Schemas map[string]map[string]any `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(api.OpenAPI(), &d); err != nil {
		t.Fatal(err)
	}
	var op struct {
		RequestBody struct {
			Content map[string]struct {
				Schema struct {
					Ref string `json:"$ref"`
				} `json:"schema"`
			} `json:"content"`
		} `json:"requestBody"`
	}
	if err := json.Unmarshal(d.Paths[route]["post"], &op); err != nil {
		t.Fatalf("%s: %v", route, err)
	}
	ref := op.RequestBody.Content["application/json"].Schema.Ref
	schema := d.Components.Schemas[strings.TrimPrefix(ref, "#/components/schemas/")]
	props, _ := schema["properties"].(map[string]any)
	if len(props) == 0 {
		t.Fatalf("%s: no properties under %q", route, ref)
	}
	out := map[string]prop{}
	for name, p := range props {
		node := p.(map[string]any)
		types, _ := node["type"].([]any)
		choice, _ := node["x-stratop-choice"].(string)
		out[name] = prop{nullable: slices.Contains(types, any("null")), choice: choice}
	}
	return out
}

// routeBody is a valid body of a body route.
type routeBody struct {
	route string // under /api/v1
	body  map[string]any
}

// validBodies are valid bodies of the body routes, with strategies of the
// fixture's user to act on.
func (e *env) validBodies(f fixture) []routeBody {
	t := e.t
	volume := e.create(api.VolumeBuy, f)
	dca := e.create(api.DcaBuy, f)
	update := func(st *api.Strategy) map[string]any {
		return map[string]any{"userId": f.user, "poolDepositId": f.deposit, "poolId": f.poolID, "strategyId": st.ID, "chainId": f.chainID, "balanceUsed": "1000"}
	}
	asMap := func(v any) map[string]any {
		var m map[string]any
		_ = json.Unmarshal([]byte(jsonBody(t, v)), &m)
		return m
	}
	return []routeBody{
		{"/strategies/createStrategyDcaBuy", asMap(f.createReq(api.DcaBuy))},
		{"/strategies/createStrategyVolumeBuy", asMap(f.createReq(api.VolumeBuy))},
		{"/strategies/setStrategyBuyDCA", update(dca)},
		{"/strategies/setStrategyBuyVolume", update(volume)},
		{"/users", map[string]any{"externalUserId": "body-check", "email": "a@b.example", "depositChainId": f.chainID}},
		{"/getUserPools", map[string]any{"userId": f.user, "chainId": f.chainID}},
		{"/getTokenBalance", map[string]any{"userId": f.user, "tokenAddress": f.token, "chainId": f.chainID}},
		{"/getClientPools", map[string]any{"chainId": f.chainID}},
		{"/strategies/getStrategies", map[string]any{"userId": f.user, "status": "active", "page": 1}},
		{"/strategies/getFilteredStrategies", map[string]any{"userId": f.user, "status": "active", "page": 1}},
		{"/strategies/suspendStrategy", map[string]any{"userId": f.user, "strategyId": volume.ID}},
		{"/strategies/changeBalance", map[string]any{"userId": f.user, "strategyId": volume.ID, "balanceBuyUsed": "1", "idempotencyKey": "body-check"}},
		{"/strategies/removeStrategies", map[string]any{"userId": f.user, "ids": []int64{dca.ID}}},
		{"/strategies/disableAllStrategies", map[string]any{"userId": "nobody-here"}},
	}
}

// with is body with one property set.
func with(body map[string]any, k string, v any) map[string]any {
	out := map[string]any{k: v}
	for key, val := range body {
		if key != k {
			out[key] = val
		}
	}
	return out
}

// Every property of every body route, sent as null in an otherwise valid
// body: refused with a 400 naming it unless the description admits null.
// The round trips go through the validator of the description (checked),
// which fails the test wherever the sandbox and the description disagree.
func TestNullRefusedWhereverTheDescriptionForbidsIt(t *testing.T) {
	e := newEnv(t)
	bases := e.validBodies(e.fixture())
	refused, admitted := 0, 0
	for _, b := range bases {
		for prop, p := range requestProps(t, b.route) {
			nullable := p.nullable
			r := e.raw(http.MethodPost, "/api/v1"+b.route, jsonBody(t, with(b.body, prop, nil)))
			named := strings.Contains(string(r.body), prop+" must not be null")
			switch {
			case nullable && named:
				t.Errorf("%s: %s is nullable in the description, yet null was refused: %s", b.route, prop, r.body)
			case nullable:
				admitted++
			case r.status != http.StatusBadRequest || !named:
				t.Errorf("%s: %s: null answered %d %s; want 400 naming it", b.route, prop, r.status, r.body)
			default:
				refused++
			}
		}
	}
	// Three nullable request fields in the description: scheduledStartAt of
	// both update routes and volumeAccumulatorSize.
	if admitted != 3 || refused < 100 {
		t.Errorf("%d nulls refused, %d admitted; want over 100 and 3", refused, admitted)
	}
	t.Logf("%d properties refuse null, %d admit it", refused, admitted)
}

func TestNullInsideAListIsRefusedByPosition(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	body := patch(t, f.createReq(api.VolumeBuy), map[string]any{"volumeExclusionAddresses": []any{f.quote, nil}})
	e.raw(http.MethodPost, "/api/v1/strategies/createStrategyVolumeBuy", body).
		expectStatus(t, http.StatusBadRequest, "volumeExclusionAddresses[1] must not be null")
	// A value of the free-form metadata may be anything, null included.
	e.raw(http.MethodPost, "/api/v1/users", `{"externalUserId":"meta-null","metadata":{"note":null}}`).expectStatus(t, http.StatusCreated, "")
}
