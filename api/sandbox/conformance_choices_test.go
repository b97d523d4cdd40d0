package sandbox_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
)

// The sandbox does what the description's x-stratop-choice marks say.

func TestChoice_HaltStopAndDisableRefuseFinishedStrategies(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	for _, from := range []api.Status{api.StatusCompleted, api.StatusArchived} {
		for _, tc := range []struct{ path, body string }{
			{"/api/v1/strategies/%d/halt", ""},
			{"/api/v1/strategies/stopStrategy", `{"userId":%q,"strategyId":%d}`},
			{"/api/v1/strategies/disableStrategy", `{"userId":%q,"strategyId":%d}`},
		} {
			st := e.createIn(api.VolumeBuy, f, from)
			path, body := strings.Replace(tc.path, "%d", itoa(st.ID), 1), tc.body
			if body != "" {
				body = strings.Replace(strings.Replace(body, "%q", jsonBody(t, f.user), 1), "%d", itoa(st.ID), 1)
			}
			e.raw(http.MethodPost, path, body).expectStatus(t, http.StatusBadRequest, "cannot")
			if got := e.statusOf(st.ID); got != from {
				t.Errorf("%s on a %s strategy changed it to %s", path, from, got)
			}
		}
	}
	// Archive, by contrast, takes a completed strategy.
	st := e.createIn(api.VolumeBuy, f, api.StatusCompleted)
	e.raw(http.MethodPost, "/api/v1/strategies/"+itoa(st.ID)+"/archive", "").expectStatus(t, http.StatusOK, "")
}

func TestChoice_IntegerOnlyFieldsRefuseAFraction(t *testing.T) {
	e := newEnv(t)
	n := 0
	for _, b := range e.validBodies(e.fixture()) {
		for name, p := range requestProps(t, b.route) {
			if !strings.Contains(p.choice, "whole numbers only") {
				continue
			}
			n++
			r := e.raw(http.MethodPost, "/api/v1"+b.route, jsonBody(t, with(b.body, name, 2.5)))
			r.expectStatus(t, http.StatusBadRequest, name)
		}
	}
	if n < 20 {
		t.Errorf("only %d integer-only request fields found in the description", n)
	}
	e.raw(http.MethodGet, "/api/v1/strategies?page=1.5", "").expectStatus(t, http.StatusBadRequest, "page")
}

func TestChoice_AddressesFollowThePattern(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	for _, bad := range []string{"0x123", "0x" + strings.Repeat("g", 40), "not-an-address", strings.Repeat("1", 31)} {
		body := patch(t, f.createReq(api.DcaBuy), map[string]any{"receiverAddress": bad, "autoClaim": true})
		e.raw(http.MethodPost, "/api/v1/strategies/createStrategyDcaBuy", body).expectStatus(t, http.StatusBadRequest, "receiverAddress")
	}
}

func TestChoice_ExtensionFieldsAreSent(t *testing.T) {
	e := newEnv(t)
	st := e.create(api.VolumeBuy, e.fixture())
	r := e.raw(http.MethodGet, "/api/v1/strategies/"+itoa(st.ID), "")
	var got map[string]json.RawMessage
	if err := json.Unmarshal(r.body, &got); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]map[string]any `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(api.OpenAPI(), &doc); err != nil {
		t.Fatal(err)
	}
	n := 0
	for name, p := range doc.Components.Schemas["Strategy"].Properties {
		choice, _ := p["x-stratop-choice"].(string)
		desc, _ := p["description"].(string)
		if !strings.Contains(choice, "An extension") || strings.Contains(desc, "when set") || strings.Contains(desc, "as stored") || strings.Contains(desc, "left out when") {
			continue
		}
		n++
		if _, ok := got[name]; !ok {
			t.Errorf("extension field %s is marked as sent, but the read lacks it: %s", name, r.body)
		}
	}
	if n < 5 {
		t.Errorf("only %d extension fields marked as always sent", n)
	}
}
