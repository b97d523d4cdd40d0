package sandbox_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stratop/stratop/api/sandbox"
)

// collector gathers what a check reports, to show the check can fail.
type collector struct{ msgs []string }

func (c *collector) Helper() {}
func (c *collector) Errorf(format string, a ...any) {
	c.msgs = append(c.msgs, fmt.Sprintf(format, a...))
}

// checkOnce validates one hand-made round trip.
func checkOnce(method, target, body string, status int, answer string, extra ...string) []string {
	c := &collector{}
	r := httptest.NewRequest(method, target, strings.NewReader(body))
	r.Header.Set("X-API-Key", sandbox.DemoKey)
	r.Header.Set("X-API-Secret", sandbox.DemoSecret)
	if body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	h := http.Header{"Content-Type": {"application/json; charset=utf-8"}}
	for i := 0; i+1 < len(extra); i += 2 {
		h.Set(extra[i], extra[i+1])
	}
	checkRoundTrip(c, sandbox.Faults{}, r, []byte(body), true, status, h, []byte(answer))
	return c.msgs
}

func TestOpenAPICheck_CanFail(t *testing.T) {
	good := `[{"id":1,"externalUserId":"u1","walletAddress":null}]`
	for name, tc := range map[string]struct {
		method, target, body string
		status               int
		answer               string
		want                 string // "" when the round trip conforms
	}{
		"conforming list":              {"GET", "/api/v1/users", "", 200, good, ""},
		"missing walletAddress":        {"GET", "/api/v1/users", "", 200, `[{"id":1,"externalUserId":"u1"}]`, "does not allow"},
		"email in the list":            {"GET", "/api/v1/users", "", 200, `[{"id":1,"externalUserId":"u1","walletAddress":null,"email":null}]`, "does not allow"},
		"undocumented status":          {"GET", "/api/v1/users", "", 409, `{"statusCode":409,"message":"x","error":"Conflict"}`, "does not allow"},
		"accepted a forbidden body":    {"POST", "/api/v1/users", `{"externalUserId":"u","email":"a@localhost"}`, 201, `{"id":1,"externalUserId":"u","walletAddress":null,"email":"a@localhost"}`, "forbids"},
		"refused a valid body":         {"POST", "/api/v1/users", `{"externalUserId":"u"}`, 400, `{"statusCode":400,"message":"externalUserId is required","error":"Bad Request"}`, "refused"},
		"semantic refusal":             {"POST", "/api/v1/strategies/removeStrategy", `{"userId":"u","strategyId":3}`, 400, `{"statusCode":400,"message":"cannot archive strategy 3: it is archived; archive applies to active strategies","error":"Bad Request"}`, ""},
		"unknown route HTML":           {"GET", "/api/v1/nothing", "", 404, `<html>`, "no route of the description"},
		"unknown route JSON":           {"GET", "/api/v1/nothing", "", 404, `{"statusCode":404,"message":"no route","error":"Not Found"}`, ""},
		"429 with Retry-After":         {"GET", "/api/v1/users", "", 429, `{"statusCode":429,"message":"slow down","error":"Too Many Requests"}`, ""},
		"503 with the error body":      {"GET", "/api/v1/strategies/7", "", 503, `{"statusCode":503,"message":"injected failure","error":"Service Unavailable"}`, ""},
		"503 as HTML":                  {"GET", "/api/v1/strategies/7", "", 503, `<html>down</html>`, "does not allow"},
		"502 on an action":             {"POST", "/api/v1/strategies/7/halt", "", 502, `{"statusCode":502,"message":"x","error":"Bad Gateway"}`, ""},
		"a status only default covers": {"GET", "/api/v1/users", "", 418, `{"statusCode":418,"message":"x","error":"I'm a teapot"}`, "only its default"},
		"409 on a path action":         {"POST", "/api/v1/strategies/7/halt", "", 409, `{"statusCode":409,"message":"x","error":"Conflict"}`, "only its default"},
		"tokenPrice in client pools": {"POST", "/api/v1/getClientPools", `{}`, 200,
			`[{"id":1,"name":"n","symbol":"S","decimals":6,"tokenAddress":"0x1","chainId":1,"tokenPrice":"1"}]`, "does not allow"},
	} {
		t.Run(name, func(t *testing.T) {
			var extra []string
			if tc.status == http.StatusTooManyRequests {
				extra = []string{"Retry-After", "2"}
			}
			msgs := checkOnce(tc.method, tc.target, tc.body, tc.status, tc.answer, extra...)
			switch {
			case tc.want == "" && len(msgs) > 0:
				t.Fatalf("a conforming round trip failed: %q", msgs)
			case tc.want != "" && (len(msgs) == 0 || !strings.Contains(strings.Join(msgs, "\n"), tc.want)):
				t.Fatalf("want a failure mentioning %q, got %q", tc.want, msgs)
			}
		})
	}
}

// TestOpenAPICheck_RetryAfterIsRequired: a 429 without Retry-After, or
// with a value that is neither seconds nor an HTTP-date, does not conform.
func TestOpenAPICheck_RetryAfterIsRequired(t *testing.T) {
	body := `{"statusCode":429,"message":"slow down","error":"Too Many Requests"}`
	for value, conforms := range map[string]bool{
		"": false, "soon": false, "-1": false, "1.5": false,
		"3": true, "120": true, "Wed, 21 Oct 2015 07:28:00 GMT": true,
	} {
		var extra []string
		if value != "" {
			extra = []string{"Retry-After", value}
		}
		msgs := checkOnce("POST", "/api/v1/strategies/getDashBoardStats", "{}", 429, body, extra...)
		if got := len(msgs) == 0; got != conforms {
			t.Errorf("Retry-After %q: conforms %v, want %v (%q)", value, got, conforms, msgs)
		}
	}
}
