package model

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/integration"
	"github.com/stratop/stratop/internal/testkit"
	"github.com/stratop/stratop/watch"
)

// fakeProfiles lists fixed profiles and connects each to its client.
type fakeProfiles struct {
	list    []ProfileChoice
	clients map[string]API
	opts    map[string][]Option
	states  map[string]integration.Dir // each profile's integration directory; none when missing
	err     error                      // Connect's answer when set
}

func (f fakeProfiles) List(context.Context) ([]ProfileChoice, error) { return f.list, nil }

func (f fakeProfiles) Connect(_ context.Context, name string) (Connection, error) {
	if f.err != nil {
		return Connection{}, f.err
	}
	return Connection{Profile: name, Client: f.clients[name], State: f.states[name], Options: f.opts[name]}, nil
}

// hostAPI is a fakeAPI under another host name.
type hostAPI struct {
	*fakeAPI
	host string
}

func (h hostAPI) Host() string { return h.host }

func fakeWith(users, strategies int) *fakeAPI {
	f := newFakeAPI()
	for i := range users {
		f.users = append(f.users, api.User{ID: int64(i + 1), ExternalUserID: "u" + itoa(int64(i+1))})
	}
	for i := range strategies {
		f.strategies = append(f.strategies, api.Strategy{ID: int64(i + 1), Status: api.StatusActive})
	}
	return f
}

// switchTo presses P, lets the list arrive, moves to the profile at
// position i and presses enter, and delivers what that starts.
func switchTo(t *testing.T, m Model, i int) Model {
	t.Helper()
	m, cmd := m.Update(testkit.Runes("P"))
	m = deliver(m, cmd)
	if m.switcher == nil || !m.switcher.listed {
		t.Fatalf("the switcher did not open with its list:\n%s", m.View())
	}
	for range i - m.switcher.cursor {
		m, _ = m.Update(testkit.Key("down"))
	}
	m, cmd = m.Update(testkit.Key("enter"))
	return deliver(m, cmd)
}

func TestSwitchProfileShowsTheNewProfileAndDropsTheOldOnesReplies(t *testing.T) {
	alpha, beta := hostAPI{fakeWith(7, 11), "alpha.test"}, hostAPI{fakeWith(3, 4), "beta.test"}
	profiles := fakeProfiles{
		list:    []ProfileChoice{{Name: "alpha"}, {Name: "beta", Label: "STAGING"}},
		clients: map[string]API{"alpha": alpha, "beta": beta},
		opts:    map[string][]Option{"beta": {WithLabel("STAGING")}},
	}
	m := New(context.Background(), alpha, WithProfile("alpha"), WithProfiles(profiles), WithClock(func() time.Time { return t0 }))
	m, _ = m.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	m = deliver(m, m.Init())
	m, cmd := m.Update(testkit.Runes("2"))
	m = deliver(m, cmd)
	m, _ = m.Update(testkit.Key("space")) // a mark on alpha's data must not survive
	if len(m.strategiesTab().marks) != 1 {
		t.Fatalf("marks on alpha: %v", m.strategiesTab().marks)
	}
	m, held := m.Update(testkit.Key("ctrl+r")) // alpha's replies, answered only after the switch

	m = switchTo(t, m, 1)
	if m.env.profile != "beta" || m.env.host != "beta.test" || m.switcher != nil {
		t.Fatalf("profile %q host %q switcher %v", m.env.profile, m.env.host, m.switcher)
	}
	if h := lineWith(m.View(), "stratop"); !strings.Contains(h, "3 users · 4 strategies") || !strings.Contains(h, "STAGING") {
		t.Fatalf("header after the switch: %q", h)
	}
	if m.active != 0 || m.chosen != "" || len(m.strategiesTab().marks) != 0 {
		t.Errorf("state of alpha survived: tab %d chosen %q marks %v", m.active, m.chosen, m.strategiesTab().marks)
	}

	// alpha's replies land now, successful and failed: none may show.
	health := m.health
	replies := 0
	for _, msg := range runCmd(held) {
		if _, ok := msg.(fetchedMsg); !ok {
			continue
		}
		replies++
		m, _ = m.Update(msg)
		f := msg.(fetchedMsg)
		f.data, f.err = nil, errors.New("context canceled")
		m, _ = m.Update(f)
	}
	if replies < 2 {
		t.Fatalf("alpha's held refresh gave %d replies", replies)
	}
	if h := lineWith(m.View(), "stratop"); !strings.Contains(h, "3 users · 4 strategies") {
		t.Errorf("a reply of alpha landed on beta: %q", h)
	}
	if !reflect.DeepEqual(m.health, health) {
		t.Errorf("alpha's replies changed beta's connection health: %+v -> %+v", health, m.health)
	}
	m, cmd = m.Update(testkit.Runes("2"))
	m = deliver(m, cmd)
	if d := m.strategiesTab().pane.list.data; d == nil || len(d.ids) != 4 {
		t.Errorf("strategies after the switch: %v", d != nil)
	}
}

func TestSwitchProfileFailureIsShownAndKeepsTheProfile(t *testing.T) {
	alpha := hostAPI{fakeWith(7, 11), "alpha.test"}
	profiles := fakeProfiles{list: []ProfileChoice{{Name: "alpha"}, {Name: "beta"}},
		err: errors.New(`no credentials for profile "beta": the keyring did not answer within 3s`)}
	m := New(context.Background(), alpha, WithProfile("alpha"), WithProfiles(profiles), WithClock(func() time.Time { return t0 }))
	m, _ = m.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	m = deliver(m, m.Init())
	m = switchTo(t, m, 1)
	if m.env.profile != "alpha" || m.switcher == nil {
		t.Fatalf("profile %q, switcher %v", m.env.profile, m.switcher)
	}
	if v := m.View(); !strings.Contains(v, "keyring did not answer") || !strings.Contains(v, "Switch profile") {
		t.Errorf("the failure is not shown in the switcher:\n%s", v)
	}
	m, _ = m.Update(testkit.Key("esc"))
	if m.switcher != nil || !strings.Contains(lineWith(m.View(), "stratop"), "7 users") {
		t.Errorf("esc must close the switcher and keep alpha:\n%s", m.View())
	}
}

func TestSwitchProfileWaitsForActionsAndJobs(t *testing.T) {
	alpha := hostAPI{fakeWith(1, 1), "alpha.test"}
	m := New(context.Background(), alpha, WithProfile("alpha"), WithClock(func() time.Time { return t0 }),
		WithProfiles(fakeProfiles{list: []ProfileChoice{{Name: "alpha"}, {Name: "beta"}}}))
	m, _ = m.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	busy := map[string]func(Model) Model{
		"action": func(m Model) Model { m.acts.inflight = map[int64]bool{1: true}; return m },
		"job":    func(m Model) Model { m.acts.jobs = m.acts.jobs.with(job{user: "u1"}); return m },
	}
	for name, set := range busy {
		b, cmd := set(m).Update(testkit.Runes("P"))
		if b.switcher != nil || cmd != nil || !strings.Contains(b.View(), "running: switch profiles once") {
			t.Errorf("the switcher opened with an %s running:\n%s", name, b.View())
		}
	}
	if m, _ = m.Update(testkit.Runes("P")); m.switcher == nil {
		t.Error("the switcher does not open when nothing runs")
	}
}

func TestWindowTitleNamesProfileAndHost(t *testing.T) {
	var term testkit.Buffer
	m := New(context.Background(), hostAPI{fakeWith(1, 1), "alpha.test"}, WithProfile("alpha"), WithTerminal(&term))
	m.windowTitle()()
	if got := term.String(); got != "\x1b]2;stratop · alpha · alpha.test\a" {
		t.Errorf("title %q", got)
	}
	if New(context.Background(), hostAPI{fakeWith(1, 1), "alpha.test"}).windowTitle() != nil {
		t.Error("a title without the shared terminal writer")
	}
}

func TestSwitchProfileWatchesTheNewProfilesItems(t *testing.T) {
	dirs := map[string]integration.Dir{"alpha": {Path: t.TempDir()}, "beta": {Path: t.TempDir()}}
	if err := testWatchStore(dirs["alpha"].Path).Save(watch.WatchList{Strategies: []int64{1}}, 1); err != nil {
		t.Fatal(err)
	}
	if err := testWatchStore(dirs["beta"].Path).Save(watch.WatchList{Strategies: []int64{2}, Users: []string{"u3"}}, 2); err != nil {
		t.Fatal(err)
	}
	alpha, beta := hostAPI{fakeWith(3, 3), "alpha.test"}, hostAPI{fakeWith(3, 3), "beta.test"}
	profiles := fakeProfiles{list: []ProfileChoice{{Name: "alpha"}, {Name: "beta"}}, clients: map[string]API{"alpha": alpha, "beta": beta},
		states: dirs}
	m := New(context.Background(), alpha, WithProfile("alpha"), WithProfiles(profiles), WithState(dirs["alpha"]),
		WithClock(func() time.Time { return t0 }))
	m, _ = m.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	if w := m.strategiesTab().watched; !w[1] || w[2] {
		t.Fatalf("alpha watches %v", w)
	}
	m = switchTo(t, m, 1)
	if m.env.profile != "beta" {
		t.Fatalf("profile %q", m.env.profile)
	}
	if w := m.strategiesTab().watched; w[1] || !w[2] {
		t.Errorf("beta watches strategies %v", w)
	}
	if w := m.usersTab().watched; !w["u3"] {
		t.Errorf("beta watches users %v", w)
	}
}

// A profile whose integration has no state directory starts with nothing:
// never the items, history or alerts of the integration switched away from.
func TestSwitchToAProfileWithoutStateKeepsNoneOfThePrevious(t *testing.T) {
	dir := integration.Dir{Path: t.TempDir()}
	if err := testWatchStore(dir.Path).Save(watch.WatchList{Strategies: []int64{1}}, 1); err != nil {
		t.Fatal(err)
	}
	alpha, beta := hostAPI{fakeWith(3, 3), "alpha.test"}, hostAPI{fakeWith(3, 3), "beta.test"}
	profiles := fakeProfiles{list: []ProfileChoice{{Name: "alpha"}, {Name: "beta"}}, clients: map[string]API{"alpha": alpha, "beta": beta}}
	m := New(context.Background(), alpha, WithProfile("alpha"), WithProfiles(profiles), WithState(dir),
		WithClock(func() time.Time { return t0 }))
	m, _ = m.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	m = switchTo(t, m, 1)
	if w := m.strategiesTab().watched; w[1] {
		t.Errorf("beta watches alpha's strategy: %v", w)
	}
	if m.env.historyPath != "" || m.env.alertDir != "" || m.env.watchStore != nil {
		t.Errorf("beta keeps alpha's state: history %q alerts %q store %v", m.env.historyPath, m.env.alertDir, m.env.watchStore)
	}
}
