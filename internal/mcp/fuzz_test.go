package mcp

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
)

// callGen makes random tool calls: every tool, in any order, with
// arguments that are right, wrong, hostile or missing, reusing ids, users
// and cursors the server really gave.
type callGen struct {
	r       *rand.Rand
	ids     []int64
	users   []string
	cursors []string
	tools   []string
}

func (g *callGen) pick(xs []string) string { return xs[g.r.IntN(len(xs))] }

func (g *callGen) id() any {
	switch g.r.IntN(8) {
	case 0:
		return 0
	case 1:
		return -g.r.Int64N(5)
	case 2:
		return 1 << 62
	case 3:
		return "12"
	default:
		return g.ids[g.r.IntN(len(g.ids))]
	}
}

func (g *callGen) user() any {
	switch g.r.IntN(6) {
	case 0:
		return ""
	case 1:
		return "nobody\n../x"
	case 2:
		return 42
	default:
		return g.pick(g.users)
	}
}

func (g *callGen) str() any {
	return g.pick([]string{"", " ", "1.5", "0", "-1", "1e9", "abc", "1,5", "99999999999999999999999", "active", "oldest",
		"\u202eevil", strings.Repeat("x", 300), "ticket 7", "paused", "volume", "sell", "7d", "30d", "1h"})
}

func (g *callGen) args() map[string]any {
	a := map[string]any{}
	keys := []string{"id", "ids", "user", "amount", "raw", "reason", "status", "category", "method", "chain", "sort",
		"page_size", "cursor", "search", "window", "since", "max", "extra"}
	for range g.r.IntN(5) {
		switch k := g.pick(keys); k {
		case "id":
			a[k] = g.id()
		case "ids":
			var ids []any
			for range g.r.IntN(4) {
				ids = append(ids, g.id())
			}
			a[k] = ids
		case "user":
			a[k] = g.user()
		case "raw":
			a[k] = g.r.IntN(2) == 0
		case "chain", "page_size", "max":
			a[k] = g.r.IntN(300) - 50
		case "cursor":
			if len(g.cursors) > 0 && g.r.IntN(3) > 0 {
				a[k] = g.pick(g.cursors)
			} else {
				a[k] = g.str()
			}
		default:
			a[k] = g.str()
		}
	}
	if g.r.IntN(3) > 0 {
		a["reason"] = "fuzz"
	}
	return a
}

// wellFormed are arguments of the right names and types for tool, with
// values that may still be refused (a wrong state, an unknown user, an
// amount with too many decimals).
func (g *callGen) wellFormed(tool string) map[string]any {
	reason := "fuzz"
	if g.r.IntN(4) == 0 {
		reason, _ = g.str().(string)
	}
	realID := func() int64 { return g.ids[g.r.IntN(len(g.ids))] }
	switch tool {
	case "halt", "suspend", "resume", "stop", "archive", "disable", "duplicate":
		ids := []int64{realID()}
		for range g.r.IntN(3) {
			ids = append(ids, realID())
		}
		return map[string]any{"ids": ids, "reason": reason}
	case "add_balance":
		return map[string]any{"id": realID(), "amount": g.pick([]string{"1.5", "0.000001", "3", "1e3", "0"}), "raw": g.r.IntN(4) == 0, "reason": reason}
	case "disable_all", "remove_all", "user_view", "user_pools", "user_balances":
		return map[string]any{"user": g.pick(g.users), "reason": reason}
	case "strategy_view", "pool_view":
		return map[string]any{"id": realID()}
	case "strategies_list":
		return map[string]any{"status": g.pick([]string{"active", "paused", ""}), "page_size": 1 + g.r.IntN(10)}
	}
	return map[string]any{}
}

// learn keeps what an answer offers for later calls.
func (g *callGen) learn(text string) {
	var v map[string]any
	if json.Unmarshal([]byte(text), &v) != nil {
		return
	}
	for _, k := range []string{"next_cursor", "cursor"} {
		if c, ok := v[k].(string); ok && c != "" {
			g.cursors = append(g.cursors, c)
		}
	}
}

// runCalls makes n random calls on a server with actions allowed and
// fails when any request that could change state reached the sandbox, or
// an action tool answered anything but an error or a pending request.
func runCalls(t *testing.T, seed uint64, n int) int {
	e := start(t, allowActions)
	g := &callGen{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), tools: e.toolNames(t)}
	for _, s := range e.strategies(t, api.StatusActive, 5) {
		g.ids = append(g.ids, s.ID)
	}
	for _, st := range []api.Status{api.StatusSuspended, api.StatusPaused, api.StatusCompleted} {
		g.ids = append(g.ids, e.strategies(t, st, 1)[0].ID)
	}
	for _, u := range e.sb.SB.Users() {
		g.users = append(g.users, u.ExternalUserID)
	}
	actions := map[string]bool{}
	for _, a := range actionNames {
		actions[a] = true
	}
	pending := 0
	for i := range n {
		tool := g.pick(append(g.tools, "no_such_tool"))
		args := g.args()
		if g.r.IntN(3) > 0 {
			args = g.wellFormed(tool)
			if tool == "user_view" || tool == "user_pools" || tool == "user_balances" {
				delete(args, "reason")
			}
		}
		res, err := e.cs.CallTool(t.Context(), callParams(tool, args))
		if err != nil {
			continue // refused by the protocol (unknown tool, arguments not matching the schema)
		}
		text := textOf(res.Content)
		if actions[tool] && !res.IsError {
			var out requested
			if json.Unmarshal([]byte(text), &out) != nil || out.Status != "pending_approval" || out.Request == "" {
				t.Fatalf("call %d: %s(%v) answered %s", i, tool, args, text)
			}
			pending++
		}
		g.learn(text)
		if w := e.sb.Writes(); len(w) != 0 {
			t.Fatalf("call %d: %s(%v) sent %v without an approval", i, tool, args, w)
		}
	}
	if w := e.sb.Writes(); len(w) != 0 {
		t.Fatalf("sent %v without an approval", w)
	}
	t.Logf("seed %d: %d calls, %d pending requests recorded", seed, n, pending)
	return pending
}

func TestNoToolCallInAnyOrderWithAnyArgumentsChangesStateWithoutApproval(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		// The calls must reach the action path, or the test shows nothing.
		if pending := runCalls(t, seed, 250); pending < 10 {
			t.Errorf("seed %d: only %d action calls were recorded as requests", seed, pending)
		}
	}
}

func FuzzToolCalls(f *testing.F) {
	for _, seed := range []uint64{4, 5} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, seed uint64) { _ = runCalls(t, seed, 60) })
}
