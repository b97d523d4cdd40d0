package mcp

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stratop/stratop/alert"
	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/audit"
	"github.com/stratop/stratop/history"
	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/watch"
)

func TestEveryReadToolAnswersWithTheInterfacesFieldsAndSendsNothing(t *testing.T) {
	e := start(t)
	ctx := context.Background()
	user := e.sb.SB.Users()[0].ExternalUserID
	s := e.strategies(t, api.StatusActive, 1)[0]

	var stats map[string]any
	e.ok(t, "stats", nil, &stats)
	want, _ := e.sb.Client.GetDashboardStats(ctx)
	raw, _ := json.Marshal(want)
	var wantMap map[string]any
	_ = json.Unmarshal(raw, &wantMap)
	if len(stats) == 0 || len(stats) != len(wantMap) {
		t.Errorf("stats %v, want the fields of %v", stats, wantMap)
	}

	var page struct {
		Strategies []api.Strategy `json:"strategies"`
		TotalCount int            `json:"totalCount"`
		NextCursor string         `json:"next_cursor"`
	}
	e.ok(t, "strategies_list", map[string]any{"status": "active", "page_size": 2}, &page)
	if len(page.Strategies) != 2 || page.NextCursor == "" || page.Strategies[0].Status != api.StatusActive {
		t.Fatalf("first page %+v", page)
	}
	first := append([]api.Strategy(nil), page.Strategies...)
	e.ok(t, "strategies_list", map[string]any{"cursor": page.NextCursor}, &page)
	if len(page.Strategies) == 0 || page.Strategies[0].ID == first[0].ID || page.Strategies[0].Status != api.StatusActive {
		t.Fatalf("the cursor did not give the same query's next page: %+v after %+v", page.Strategies, first)
	}
	e.ok(t, "strategies_list", map[string]any{"user": s.UserID, "page_size": 100}, &page)
	if len(page.Strategies) == 0 || slices.ContainsFunc(page.Strategies, func(x api.Strategy) bool { return x.UserID != s.UserID }) {
		t.Fatalf("a user's strategies: %+v", page.Strategies)
	}

	var one api.Strategy
	e.ok(t, "strategy_view", map[string]any{"id": s.ID}, &one)
	if one.ID != s.ID || one.UserID != s.UserID {
		t.Errorf("strategy_view %+v", one)
	}

	var users struct {
		Users      []api.User `json:"users"`
		Total      int        `json:"total"`
		NextCursor string     `json:"next_cursor"`
	}
	e.ok(t, "users_list", map[string]any{"page_size": 1}, &users)
	if len(users.Users) != 1 || users.Total != len(e.sb.SB.Users()) || users.NextCursor == "" {
		t.Fatalf("users_list %+v", users)
	}
	firstUser := users.Users[0].ExternalUserID
	e.ok(t, "users_list", map[string]any{"cursor": users.NextCursor}, &users)
	if len(users.Users) != 1 || users.Users[0].ExternalUserID == firstUser {
		t.Fatalf("users page 2 %+v", users)
	}
	var u api.User
	e.ok(t, "user_view", map[string]any{"user": user}, &u)
	if u.ExternalUserID != user {
		t.Errorf("user_view %+v", u)
	}
	var pools api.UserPoolsResponse
	e.ok(t, "user_pools", map[string]any{"user": user}, &pools)
	var balances []api.NativeBalance
	e.ok(t, "user_balances", map[string]any{"user": user}, &balances)
	if len(balances) == 0 {
		t.Errorf("user_balances: none")
	}
	var ps []api.Pool
	e.ok(t, "pools_list", nil, &ps)
	if len(ps) == 0 {
		t.Fatal("pools_list: none")
	}
	var p api.Pool
	e.ok(t, "pool_view", map[string]any{"id": ps[0].ID}, &p)
	if p.ID != ps[0].ID {
		t.Errorf("pool_view %+v", p)
	}

	rec, err := history.Open(e.srv.opts.HistoryPath)
	if err != nil {
		t.Fatal(err)
	}
	_ = rec.Add(history.Sample{Time: time.Now(), Counts: map[string]int{"active": 7}, Users: 3})
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	var hist struct {
		Points []map[string]any `json:"points"`
	}
	e.ok(t, "stats_history", map[string]any{"window": "1h"}, &hist)
	if !slices.ContainsFunc(hist.Points, func(p map[string]any) bool { return p["active"] == 7.0 }) {
		t.Errorf("stats_history has not the sample: %+v", hist.Points)
	}

	log, err := audit.Open(e.srv.opts.AuditPath, "test", e.sb.Client.Host())
	if err != nil {
		t.Fatal(err)
	}
	_ = log.Write(audit.Entry{Seq: "1", Source: "cli", Action: "halt", StrategyIDs: []int64{s.ID}, Reason: "ticket 4"})
	_ = log.Write(audit.Entry{Seq: "1", Source: "cli", Action: "halt", StrategyIDs: []int64{s.ID}, Outcome: audit.OutcomeDone})
	_ = log.Close()
	other, _ := audit.Open(e.srv.opts.AuditPath, "test", "elsewhere:443")
	_ = other.Write(audit.Entry{Seq: "2", Source: "cli", Action: "stop", StrategyIDs: []int64{1}})
	_ = other.Close()
	otherKey, _ := integration.New(e.sb.URL, "another-key")
	sameHost, _ := audit.Open(e.srv.opts.AuditPath, "test", e.sb.Client.Host(), audit.ForIntegration(otherKey))
	_ = sameHost.Write(audit.Entry{Seq: "3", Source: "cli", Action: "archive", StrategyIDs: []int64{2}})
	_ = sameHost.Close()
	var act activityOut
	e.ok(t, "activity", nil, &act)
	if len(act.Actions) != 1 || act.Actions[0].Reason != "ticket 4" || act.Actions[0].Outcome != audit.OutcomeDone {
		t.Errorf("activity %+v, want this integration's one action", act.Actions)
	}

	_ = e.srv.opts.Alerts.Update(func(b *alert.Board) error {
		b.Open = append(b.Open, alert.Open{ID: "a1", Rule: "halted", Severity: "urgent", Title: "strategy halted"})
		return nil
	})
	var board alert.Board
	e.ok(t, "alerts_open", nil, &board)
	if len(board.Open) != 1 || board.Open[0].ID != "a1" {
		t.Errorf("alerts_open %+v", board)
	}

	if got := e.sb.Writes(); len(got) != 0 {
		t.Fatalf("reads sent %v", got)
	}
}

func TestWatchEventsReportWhatChangedSinceTheCursorOnce(t *testing.T) {
	e := start(t)
	var out eventsOut
	e.ok(t, "watch_events", nil, &out)
	if len(out.Events) != 0 || out.Cursor == "" || !strings.Contains(out.Note, "started") {
		t.Fatalf("first call %+v", out)
	}
	s := e.strategies(t, api.StatusActive, 1)[0]
	cursor, first := out.Cursor, out.Cursor
	deadline := time.Now().Add(20 * time.Second)
	for !e.srv.events.eng.Stats().Baselined && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if _, err := e.sb.Client.HaltStrategy(context.Background(), s.ID); err != nil {
		t.Fatal(err)
	}
	// The engine reports the halt as the strategy's status change or, before
	// its sweep reaches the strategy, as the per-status counts that moved.
	saw := func(ev watch.Event) bool {
		return ev.Kind == watch.KindStatus && ev.Strategy == s.ID && ev.After == "paused" ||
			ev.Kind == watch.KindCounts && ev.Status == "paused"
	}
	var seen []watch.Event
	for time.Now().Before(deadline) && !slices.ContainsFunc(seen, saw) {
		time.Sleep(100 * time.Millisecond)
		e.ok(t, "watch_events", map[string]any{"cursor": cursor}, &out)
		seen = append(seen, out.Events...)
		cursor = out.Cursor
	}
	i := slices.IndexFunc(seen, saw)
	if i < 0 {
		t.Fatalf("no event of the halt of %d in %+v", s.ID, seen)
	}
	e.ok(t, "watch_events", map[string]any{"cursor": cursor}, &out)
	if slices.ContainsFunc(out.Events, func(ev watch.Event) bool { return ev.ID == seen[i].ID }) {
		t.Error("the same event came again after its cursor")
	}
	e.ok(t, "watch_events", map[string]any{"cursor": first}, &out)
	if !slices.ContainsFunc(out.Events, func(ev watch.Event) bool { return ev.ID == seen[i].ID }) {
		t.Error("an earlier cursor does not give the event again")
	}
}

func TestServerStringsReachTheModelWithoutHiddenCharacters(t *testing.T) {
	e := start(t)
	hostile := "hostile-ann\u202egnp.exe\u200b\u2066-end"
	if _, err := e.sb.Client.UpsertUser(context.Background(), api.CreateUserRequest{ExternalUserID: hostile}); err != nil {
		t.Fatal(err)
	}
	var users usersOut
	text := e.ok(t, "users_list", map[string]any{"search": "hostile-ann"}, &users)
	if len(users.Users) != 1 {
		t.Fatalf("users %+v", users)
	}
	got := users.Users[0].ExternalUserID
	for _, bad := range []string{"\u202e", "\u200b", "\u2066", "\\u202e"} {
		if strings.Contains(text, bad) || strings.Contains(got, bad) {
			t.Errorf("%q reached the model: %s", bad, text)
		}
	}
	if !strings.HasPrefix(got, "hostile-ann") || !strings.HasSuffix(got, "-end") {
		t.Errorf("the visible text was lost: %q", got)
	}
}

func TestErrorsSayWhatToDo(t *testing.T) {
	e := start(t)
	cases := []struct {
		tool string
		args map[string]any
		want string
	}{
		{"strategy_view", map[string]any{"id": 999999}, "not found (404). Check the id"},
		{"strategy_view", map[string]any{"id": 0}, "not a strategy id"},
		{"strategies_list", map[string]any{"page_size": 1000}, "page_size 1000: give 1 to 100"},
		{"strategies_list", map[string]any{"cursor": "nonsense!"}, "not one this server gave"},
		{"user_view", map[string]any{"user": " "}, "user: the user id is empty"},
		{"stats_history", map[string]any{"window": "30d"}, "give a duration up to 7d"},
	}
	for _, c := range cases {
		text, isErr := e.call(t, c.tool, c.args)
		if !isErr || !strings.Contains(text, c.want) {
			t.Errorf("%s(%v): %v %q, want an error saying %q", c.tool, c.args, isErr, text, c.want)
		}
	}
}
