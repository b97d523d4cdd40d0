package api_test

import (
	"slices"
	"strings"
	"testing"
)

// Every operation of the description lists the error answers it can give,
// so that a client generated from it, or a validating proxy in front of the
// interface, expects them: the 4xx of the spec where they apply, 429 with
// Retry-After, 500, 502 and 503, and a default, each with the error body.

// transientAnswers are the statuses every operation lists whatever the spec
// says of it: the sandbox gives them under its faults, and the client
// retries reads on them.
var transientAnswers = []string{"429", "500", "502", "503", "default"}

// specStatuses is spec sections 4-7 as data: which operations may answer
// 403 (two-factor routes and the body routes that name a strategy),
// 404 (those that name a user, pool or strategy) and 409 (changeBalance).
// Every operation but the description's own may answer 400 and 401.
var specStatuses = map[string][]string{
	"GET /users":                                {},
	"POST /users":                               {},
	"GET /users/{userId}":                       {"404"},
	"POST /getUserPools":                        {"404"},
	"POST /getTokenBalance":                     {"404"},
	"GET /users/{userId}/balances":              {"404"},
	"GET /users/{userId}/balances/{chainId}":    {"404"},
	"POST /getClientPools":                      {},
	"GET /pools/{poolId}":                       {"404"},
	"POST /strategies/createStrategyDcaBuy":     {"403", "404"},
	"POST /strategies/createStrategyDcaSell":    {"403", "404"},
	"POST /strategies/createStrategyVolumeBuy":  {"403", "404"},
	"POST /strategies/createStrategyVolumeSell": {"403", "404"},
	"POST /strategies/setStrategyBuyDCA":        {"403", "404"},
	"POST /strategies/setStrategySellDCA":       {"403", "404"},
	"POST /strategies/setStrategyBuyVolume":     {"403", "404"},
	"POST /strategies/setStrategySellVolume":    {"403", "404"},
	"POST /strategies/getDashBoardStats":        {},
	"GET /strategies":                           {},
	"POST /strategies/getStrategies":            {"404"},
	"POST /strategies/getFilteredStrategies":    {"404"},
	"GET /strategies/{strategyId}":              {"404"},
	"POST /strategies/{strategyId}/halt":        {"404"},
	"POST /strategies/{strategyId}/archive":     {"404"},
	"POST /strategies/removeStrategy":           {"403", "404"},
	"POST /strategies/disableStrategy":          {"403", "404"},
	"POST /strategies/suspendStrategy":          {"403", "404"},
	"POST /strategies/resumeStrategy":           {"403", "404"},
	"POST /strategies/stopStrategy":             {"403", "404"},
	"POST /strategies/changeBalance":            {"403", "404", "409"},
	"POST /strategies/duplicateStrategy":        {"403", "404"},
	"POST /strategies/removeStrategies":         {"403", "404"},
	"POST /strategies/disableAllStrategies":     {"403", "404"},
	"POST /strategies/removeAllStrategies":      {"403", "404"},
	"GET /openapi.json":                         {},
}

// public are the operations that need no credentials (no 401).
var public = map[string]bool{"GET /openapi.json": true}

func TestOpenAPI_EveryOperationListsItsErrorAnswers(t *testing.T) {
	d := loadDoc(t)
	seen := map[string]bool{}
	for path, item := range d["paths"].(map[string]any) {
		for method, op := range item.(map[string]any) {
			name := strings.ToUpper(method) + " " + path
			seen[name] = true
			fromSpec, known := specStatuses[name]
			if !known {
				t.Errorf("%s: an operation the spec table of this test does not have", name)
				continue
			}
			want := append([]string{"400"}, fromSpec...)
			if !public[name] {
				want = append(want, "401")
			}
			want = append(want, transientAnswers...)
			responses := op.(map[string]any)["responses"].(map[string]any)
			for _, code := range want {
				r, ok := responses[code].(map[string]any)
				if !ok {
					t.Errorf("%s: no %s answer", name, code)
					continue
				}
				r = d.pointer(t, r)
				if ref := d.errorBodyRef(r); ref != "#/components/schemas/ErrorBody" {
					t.Errorf("%s: %s answer's body is %q, want the error body", name, code, ref)
				}
				if code == "429" {
					h, _ := r["headers"].(map[string]any)["Retry-After"].(map[string]any)
					if h == nil || d.pointer(t, h)["required"] != true {
						t.Errorf("%s: 429 without a required Retry-After header", name)
					}
				}
			}
			if _, ok := responses["409"]; ok && !slices.Contains(fromSpec, "409") {
				t.Errorf("%s: 409 is changeBalance's alone (spec section 7)", name)
			}
		}
	}
	for name := range specStatuses {
		if !seen[name] {
			t.Errorf("%s: in the spec table of this test but not in the description", name)
		}
	}
}

// pointer follows a local $ref to any component.
func (d oasDoc) pointer(t *testing.T, node map[string]any) map[string]any {
	t.Helper()
	for {
		ref, ok := node["$ref"].(string)
		if !ok {
			return node
		}
		var cur any = map[string]any(d)
		for _, part := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
			cur = cur.(map[string]any)[part]
		}
		next, ok := cur.(map[string]any)
		if !ok {
			t.Fatalf("%s does not resolve", ref)
		}
		node = next
	}
}

// errorBodyRef is the $ref of an answer's JSON body schema, "" when none.
func (d oasDoc) errorBodyRef(r map[string]any) string {
	content, _ := r["content"].(map[string]any)
	media, _ := content["application/json"].(map[string]any)
	schema, _ := media["schema"].(map[string]any)
	ref, _ := schema["$ref"].(string)
	return ref
}
