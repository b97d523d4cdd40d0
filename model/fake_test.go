package model

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/internal/testkit"
)

// fakeAPI answers the read routes from fixed data and records the
// parameters it was called with. It is for Update tests, which mostly feed
// replies by hand; program tests use the sandbox.
type fakeAPI struct {
	mu         sync.Mutex
	calls      map[string]int
	filters    []api.StrategyFilter
	strategies []api.Strategy
	users      []api.User
	err        error
	actErr     error // answer of the lifecycle routes
}

var _ API = (*fakeAPI)(nil)

func newFakeAPI() *fakeAPI { return &fakeAPI{calls: map[string]int{}} }

func (f *fakeAPI) record(name string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls[name]++
	return f.err
}

func (f *fakeAPI) count(name string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls[name]
}

func (f *fakeAPI) Host() string { return "api.test" }

func (f *fakeAPI) GetDashboardStats(context.Context) (*api.DashboardStats, error) {
	if err := f.record("stats"); err != nil {
		return nil, err
	}
	return &api.DashboardStats{UsersCount: int64(len(f.users)), StrategiesCount: int64(len(f.strategies))}, nil
}

func (f *fakeAPI) ListStrategies(_ context.Context, flt api.StrategyFilter) (*api.StrategiesPage, error) {
	if err := f.record("strategies"); err != nil {
		return nil, err
	}
	f.mu.Lock()
	f.filters = append(f.filters, flt)
	f.mu.Unlock()
	return &api.StrategiesPage{Strategies: f.strategies, TotalCount: len(f.strategies), Page: 1, PageSize: 50, NumberOfPages: 1}, nil
}

func (f *fakeAPI) GetFilteredStrategies(context.Context, api.FilteredStrategiesRequest) (*api.FilteredStrategiesResponse, error) {
	return nil, f.record("filtered")
}

func (f *fakeAPI) GetStrategy(_ context.Context, id int64) (*api.Strategy, error) {
	if err := f.record("strategy"); err != nil {
		return nil, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, s := range f.strategies {
		if s.ID == id {
			return &s, nil
		}
	}
	return &api.Strategy{ID: id}, nil
}

func (f *fakeAPI) GetClientPools(context.Context, int64) ([]api.Pool, error) {
	return nil, f.record("pools")
}

func (f *fakeAPI) GetPool(_ context.Context, id int64) (*api.Pool, error) {
	return &api.Pool{ID: id}, f.record("pool")
}

func (f *fakeAPI) GetUserPools(context.Context, api.UserPoolsRequest) (*api.UserPoolsResponse, error) {
	return &api.UserPoolsResponse{}, f.record("userpools")
}

func (f *fakeAPI) StreamUsers(ctx context.Context, start func(), add func(api.User)) error {
	return f.ScanUsers(ctx, start, func(u *api.UserFields) {
		add(api.User{ID: u.ID, ExternalUserID: string(u.ExternalUserID), WalletAddress: string(u.WalletAddress), Email: string(u.Email)})
	})
}

func (f *fakeAPI) ScanUsers(_ context.Context, start func(), add func(*api.UserFields)) error {
	if err := f.record("users"); err != nil {
		return err
	}
	start()
	for _, u := range f.users {
		add(fieldsOf(u))
	}
	return nil
}

func (f *fakeAPI) GetUser(_ context.Context, id string) (*api.User, error) {
	return &api.User{ExternalUserID: id}, f.record("user")
}

func (f *fakeAPI) GetUserBalances(context.Context, string) ([]api.NativeBalance, error) {
	return nil, f.record("balances")
}

// t0 is the fixed time of Update tests.
var t0 = time.Date(2025, 3, 4, 12, 30, 45, 0, time.UTC)

// clock is a settable clock for tests.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// strat builds a strategy for tests.
func strat(id int64, st api.Status) api.Strategy {
	return api.Strategy{ID: id, Status: st, Category: "buy", Type: "dca", ChainID: api.ChainBase,
		Pool: api.PoolSummary{Symbol: "TOK", Decimals: 6}, UserID: "u" + itoa(id), BalanceUsed: "1500000"}
}

// newTestModel builds a model of size 120x40 on a fake API with a
// settable clock; nothing is fetched (commands are not run).
func newTestModel(t *testing.T, opts ...Option) (Model, *fakeAPI, *clock) {
	t.Helper()
	f := newFakeAPI()
	c := &clock{now: t0}
	opts = append([]Option{WithClock(c.Now), WithInterval(5 * time.Second), WithMaxBackoff(60 * time.Second)}, opts...)
	m := New(t.Context(), f, opts...)
	m, _ = m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	return m, f, c
}

// press sends a key by its name ("down", "enter", "esc", "ctrl+r") or runes.
func press(m Model, keys ...string) (Model, tea.Cmd) {
	var cmds []tea.Cmd
	for _, k := range keys {
		var cmd tea.Cmd
		m, cmd = m.Update(keyMsg(k))
		cmds = append(cmds, cmd)
	}
	return m, tea.Batch(cmds...)
}

func keyMsg(k string) tea.KeyMsg { return testkit.Key(k) }

// strategies returns the Strategies tab.
func (m Model) strategiesTab() strategiesTab { return m.tabs[tabStrategies].(strategiesTab) }

// Tab indexes of the registry, for tests.
const (
	tabOverview = iota
	tabStrategies
	tabPools
	tabUsers
)

// usersTab returns the Users tab.
func (m Model) usersTab() usersTab { return m.tabs[tabUsers].(usersTab) }

// pageReply is a reply of the Strategies list feed for the current gen.
func pageReply(m Model, ss ...api.Strategy) fetchedMsg {
	p := &api.StrategiesPage{Strategies: ss, TotalCount: len(ss), Page: 1, PageSize: 50, NumberOfPages: 1}
	return fetchedMsg{session: m.env.session, feed: feedStrategies, gen: m.strategiesTab().pane.list.gen, data: prepareStrategiesPage(p)}
}

// runCmd runs a command and its batches to their messages, for tests that
// need to see what was fetched. Poll ticks (seconds away) are left running
// and out of the result: whatever has not answered within 200 ms.
func runCmd(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	ch := make(chan tea.Msg, 64)
	start := func(c tea.Cmd) { go func() { ch <- c() }() }
	start(cmd)
	outstanding := 1
	deadline := time.After(200 * time.Millisecond)
	var out []tea.Msg
	for outstanding > 0 {
		select {
		case msg := <-ch:
			outstanding--
			if b, ok := msg.(tea.BatchMsg); ok {
				for _, c := range b {
					if c != nil {
						start(c)
						outstanding++
					}
				}
				continue
			}
			if msg != nil {
				out = append(out, msg)
			}
		case <-deadline:
			return out
		}
	}
	return out
}

// fetched keeps the fetch replies among msgs.
func fetched(msgs []tea.Msg) []fetchedMsg {
	var out []fetchedMsg
	for _, m := range msgs {
		if f, ok := m.(fetchedMsg); ok {
			out = append(out, f)
		}
	}
	return out
}

// lineWith returns the first line of s containing sub.
func lineWith(s, sub string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			return l
		}
	}
	return ""
}

// deliver runs cmd and feeds its messages back into the model, repeating
// for the commands those produce (fetches only; ticks are left out).
func deliver(m Model, cmd tea.Cmd) Model {
	for i := 0; i < 5 && cmd != nil; i++ {
		var next []tea.Cmd
		for _, msg := range runCmd(cmd) {
			var c tea.Cmd
			m, c = m.Update(msg)
			next = append(next, c)
		}
		cmd = tea.Batch(next...)
	}
	return m
}

// Lifecycle routes of the fake: each records its call and answers with
// actErr (nil = success, the record in the next state).
func (f *fakeAPI) act(name string, id int64, next api.Status) (*api.Strategy, error) {
	f.mu.Lock()
	f.calls[name]++
	err := f.actErr
	f.mu.Unlock()
	if err != nil {
		return nil, err
	}
	return &api.Strategy{ID: id, Status: next}, nil
}

func (f *fakeAPI) HaltStrategy(_ context.Context, id int64) (*api.Strategy, error) {
	return f.act("halt", id, api.StatusPaused)
}

func (f *fakeAPI) ArchiveStrategy(_ context.Context, id int64) (*api.Strategy, error) {
	return f.act("archive", id, api.StatusArchived)
}

func (f *fakeAPI) SuspendStrategy(_ context.Context, r api.StrategyRef) (*api.Strategy, error) {
	return f.act("suspend", r.StrategyID, api.StatusSuspended)
}

func (f *fakeAPI) ResumeStrategy(_ context.Context, r api.StrategyRef) (*api.Strategy, error) {
	return f.act("resume", r.StrategyID, api.StatusActive)
}

func (f *fakeAPI) StopStrategy(_ context.Context, r api.StrategyRef) (*api.Strategy, error) {
	return f.act("stop", r.StrategyID, api.StatusCompleted)
}

func (f *fakeAPI) RemoveStrategies(_ context.Context, r api.RemoveStrategiesRequest) (*api.RemoveStrategiesResult, error) {
	if err := f.record("remove"); err != nil {
		return nil, err
	}
	return &api.RemoveStrategiesResult{Removed: r.IDs}, nil
}

func (f *fakeAPI) DisableStrategy(_ context.Context, r api.StrategyRef) (*api.Strategy, error) {
	return f.act("disable", r.StrategyID, api.StatusPaused)
}

func (f *fakeAPI) ChangeBalance(_ context.Context, r *api.ChangeBalanceRequest) (*api.Strategy, error) {
	return f.act("changeBalance", r.StrategyID, "")
}

func (f *fakeAPI) DuplicateStrategy(_ context.Context, r api.StrategyRef) (*api.DuplicateResult, error) {
	if err := f.record("duplicate"); err != nil {
		return nil, err
	}
	return &api.DuplicateResult{NewStrategyID: r.StrategyID + 1000}, nil
}

func (f *fakeAPI) DisableAllStrategies(context.Context, string) (*api.JobStarted, error) {
	return &api.JobStarted{Started: true}, f.record("disableAll")
}

func (f *fakeAPI) RemoveAllStrategies(context.Context, string) (*api.JobStarted, error) {
	return &api.JobStarted{Started: true}, f.record("removeAll")
}

func (f *fakeAPI) GetStrategies(context.Context, api.UserStrategiesRequest) (*api.StrategiesPage, error) {
	return &api.StrategiesPage{}, f.record("userStrategies")
}
