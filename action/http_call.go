package action

import (
	"encoding/json"
	"strconv"
)

// Call is one HTTP request an action sends, as an operator reads it in a
// log: the method, the path under the API prefix and the JSON body. It
// never holds a credential: the key, the secret and the signature travel
// in headers, which a Call does not carry.
type Call struct {
	Method string
	Path   string
	Body   string // compact JSON; "" for a route without a body
}

// String is the call on one line: "POST /api/v1/strategies/4211/halt" and
// the body after a space when there is one.
func (c Call) String() string {
	if c.Body == "" {
		return c.Method + " " + c.Path
	}
	return c.Method + " " + c.Path + " " + c.Body
}

// bodyKind is the shape of a route's body.
type bodyKind uint8

const (
	bodyNone    bodyKind = iota // the id is in the path
	bodyRef                     // {"userId","strategyId"}
	bodyUser                    // {"userId"}: a user-wide job
	bodyBalance                 // the change of balance
)

// callRoute is where an action goes: the path is the prefix and either
// the id and Verb (bodyNone) or Verb alone.
type callRoute struct {
	verb string
	body bodyKind
}

// callRoutes mirrors the api client's lifecycle routes (api/lifecycle.go),
// so a log can say what was sent without holding the request itself; the
// test sends each action through the client and compares.
var callRoutes = map[string]callRoute{
	Halt.Name:       {"halt", bodyNone},
	Archive.Name:    {"archive", bodyNone},
	Suspend.Name:    {"suspendStrategy", bodyRef},
	Resume.Name:     {"resumeStrategy", bodyRef},
	Stop.Name:       {"stopStrategy", bodyRef},
	Disable.Name:    {"disableStrategy", bodyRef},
	Duplicate.Name:  {"duplicateStrategy", bodyRef},
	AddBalance.Name: {"changeBalance", bodyBalance},
	DisableAll.Name: {"disableAllStrategies", bodyUser},
	RemoveAll.Name:  {"removeAllStrategies", bodyUser},
}

// apiPath is the prefix every route lives under.
const apiPath = "/api/v1/strategies/"

// Sent is what an audit entry keeps of an action, enough to say the
// requests it made.
type Sent struct {
	Action         string
	IDs            []int64
	Owner          string
	Amount         string // add-balance: raw units
	IdempotencyKey string
}

// HTTPCalls is the request an action sends for each target: one per
// strategy, one for a user-wide job, none for an action the table does not
// know. The audit log does not keep which side of the balance an
// add-balance filled (the strategy's category decided it), so its body
// names both sides as "balanceBuyUsed|balanceSellUsed".
func HTTPCalls(s Sent) []Call {
	r, ok := callRoutes[s.Action]
	if !ok {
		return nil
	}
	if r.body == bodyUser {
		return []Call{{Method: "POST", Path: apiPath + r.verb, Body: compactJSON(map[string]any{"userId": s.Owner})}}
	}
	calls := make([]Call, 0, len(s.IDs))
	for _, id := range s.IDs {
		c := Call{Method: "POST", Path: apiPath + r.verb}
		switch r.body {
		case bodyNone:
			c.Path = apiPath + strconv.FormatInt(id, 10) + "/" + r.verb
		case bodyRef:
			c.Body = compactJSON(struct {
				UserID     string `json:"userId"`
				StrategyID int64  `json:"strategyId"`
			}{s.Owner, id})
		case bodyBalance:
			c.Body = compactJSON(struct {
				UserID         string `json:"userId"`
				StrategyID     int64  `json:"strategyId"`
				Balance        string `json:"balanceBuyUsed|balanceSellUsed"`
				IdempotencyKey string `json:"idempotencyKey"`
			}{s.Owner, id, s.Amount, s.IdempotencyKey})
		}
		calls = append(calls, c)
	}
	return calls
}

// compactJSON marshals v; the values here are strings and numbers only,
// which never fail to marshal.
func compactJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
