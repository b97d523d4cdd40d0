package sandbox_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
)

// Spec section 5 (authentication, 2FA, scoping, ownership) and the 401/403
// rows of section 7.

func TestAuth_MissingKeyOrSecretIs401(t *testing.T) {
	e := newEnv(t)
	for name, headers := range map[string]map[string]string{
		"no headers":  {},
		"key only":    {"X-API-Key": sandbox.DemoKey},
		"secret only": {"X-API-Secret": sandbox.DemoSecret},
	} {
		t.Run(name, func(t *testing.T) {
			e.rawWith(http.MethodGet, "/api/v1/strategies", "", headers).expectStatus(t, http.StatusUnauthorized, "missing")
		})
	}
}

func TestAuth_WrongKeyOrSecretIs401(t *testing.T) {
	e := newEnv(t)
	for name, creds := range map[string][2]string{
		"wrong key":    {"not-the-key", sandbox.DemoSecret},
		"wrong secret": {sandbox.DemoKey, "not-the-secret"},
		"swapped":      {sandbox.DemoSecret, sandbox.DemoKey},
	} {
		t.Run(name, func(t *testing.T) {
			c := clientFor(t, e.srv.URL, creds[0], creds[1])
			_, err := c.ListStrategies(context.Background(), api.StrategyFilter{})
			ae := expectAPIError(t, err, http.StatusUnauthorized, api.ErrUnauthorized)
			if strings.Contains(ae.Error(), creds[1]) || strings.Contains(ae.Error(), creds[0]) {
				t.Fatalf("error text carries a credential: %v", ae)
			}
		})
	}
}

func TestAuth_EveryRouteRefusesMissingCredentials(t *testing.T) {
	e := newEnv(t)
	fill := strings.NewReplacer("{userId}", "someone", "{strategyId}", "1", "{chainId}", "1", "{poolId}", "1")
	patterns := e.sb.Patterns()
	if len(patterns) != 34 {
		t.Fatalf("%d routes registered, want the 34 of spec 4.1-4.6", len(patterns))
	}
	for _, p := range patterns {
		method, path, _ := strings.Cut(p, " ")
		r := e.rawWith(method, fill.Replace(path), "{}", nil)
		if r.status != http.StatusUnauthorized {
			t.Errorf("%s without credentials: %d, want 401", p, r.status)
		}
	}
}

func TestAuth_CustomCredentialsReplaceTheDemoOnes(t *testing.T) {
	e := newEnv(t, sandbox.WithCredentials("partner-key-1", "partner-secret-1"))
	_, err := e.c.GetDashboardStats(e.ctx) // the env's client uses the demo credentials
	expectAPIError(t, err, http.StatusUnauthorized, api.ErrUnauthorized)
	c := clientFor(t, e.srv.URL, "partner-key-1", "partner-secret-1")
	if stats := must(c.GetDashboardStats(e.ctx))(t); stats.UsersCount != 6 {
		t.Fatalf("usersCount %d, want 6", stats.UsersCount)
	}
}

// twoFactorCalls are the routes marked 2FA in spec 4.3, 4.4 and 4.6, each
// called with a body the client accepts.
func twoFactorCalls(user string, st api.Strategy) map[string]func(context.Context, *api.Client) error {
	ref := api.StrategyRef{UserID: user, StrategyID: st.ID}
	create := api.CreateStrategyRequest{UserID: user, ChainID: st.ChainID, InputToken: st.InputToken, OutputToken: st.OutputToken,
		TokenAddress: st.TokenAddress, BalanceUsed: "1000", Orders: ptr[int64](2), DcaFrequency: ptr[int64](1)}
	volume := create
	volume.Orders, volume.DcaFrequency, volume.Percentage = nil, nil, ptr(10.0)
	update := api.UpdateStrategyRequest{UserID: user, PoolDepositID: st.PoolDepositID, PoolID: st.Pool.ID, StrategyID: st.ID, ChainID: st.ChainID, BalanceUsed: "1000"}
	run := func(f func(context.Context, *api.Client) (*api.Strategy, error)) func(context.Context, *api.Client) error {
		return func(ctx context.Context, c *api.Client) error { _, err := f(ctx, c); return err }
	}
	return map[string]func(context.Context, *api.Client) error{
		"createStrategyDcaBuy": run(func(ctx context.Context, c *api.Client) (*api.Strategy, error) {
			return c.CreateStrategyDcaBuy(ctx, create)
		}),
		"createStrategyDcaSell": run(func(ctx context.Context, c *api.Client) (*api.Strategy, error) {
			return c.CreateStrategyDcaSell(ctx, create)
		}),
		"createStrategyVolumeBuy": run(func(ctx context.Context, c *api.Client) (*api.Strategy, error) {
			return c.CreateStrategyVolumeBuy(ctx, volume)
		}),
		"createStrategyVolumeSell": run(func(ctx context.Context, c *api.Client) (*api.Strategy, error) {
			return c.CreateStrategyVolumeSell(ctx, volume)
		}),
		"setStrategyBuyDCA": run(func(ctx context.Context, c *api.Client) (*api.Strategy, error) {
			return c.SetStrategyBuyDCA(ctx, update)
		}),
		"setStrategySellDCA": run(func(ctx context.Context, c *api.Client) (*api.Strategy, error) {
			return c.SetStrategySellDCA(ctx, update)
		}),
		"setStrategyBuyVolume": run(func(ctx context.Context, c *api.Client) (*api.Strategy, error) {
			return c.SetStrategyBuyVolume(ctx, update)
		}),
		"setStrategySellVolume": run(func(ctx context.Context, c *api.Client) (*api.Strategy, error) {
			return c.SetStrategySellVolume(ctx, update)
		}),
		"suspendStrategy": run(func(ctx context.Context, c *api.Client) (*api.Strategy, error) { return c.SuspendStrategy(ctx, ref) }),
		"resumeStrategy":  run(func(ctx context.Context, c *api.Client) (*api.Strategy, error) { return c.ResumeStrategy(ctx, ref) }),
		"stopStrategy":    run(func(ctx context.Context, c *api.Client) (*api.Strategy, error) { return c.StopStrategy(ctx, ref) }),
		"changeBalance": run(func(ctx context.Context, c *api.Client) (*api.Strategy, error) {
			return c.ChangeBalance(ctx, &api.ChangeBalanceRequest{UserID: user, StrategyID: st.ID, BalanceBuyUsed: "1"})
		}),
		"duplicateStrategy": func(ctx context.Context, c *api.Client) error { _, err := c.DuplicateStrategy(ctx, ref); return err },
		"removeStrategies": func(ctx context.Context, c *api.Client) error {
			_, err := c.RemoveStrategies(ctx, api.RemoveStrategiesRequest{UserID: user, IDs: []int64{st.ID}})
			return err
		},
		"disableAllStrategies": func(ctx context.Context, c *api.Client) error {
			_, err := c.DisableAllStrategies(ctx, user)
			return err
		},
		"removeAllStrategies": func(ctx context.Context, c *api.Client) error { _, err := c.RemoveAllStrategies(ctx, user); return err },
	}
}

// activeStrategyOf finds a seeded active strategy of the fixture user.
func (e *env) activeStrategyOf(user string) api.Strategy {
	e.t.Helper()
	page := must(e.c.GetStrategies(e.ctx, api.UserStrategiesRequest{UserID: user, StrategyFilter: api.StrategyFilter{Status: api.StatusActive}}))(e.t)
	if len(page.Strategies) == 0 {
		e.t.Fatalf("user %s has no active strategy", user)
	}
	return page.Strategies[0]
}

func TestTwoFactor_OffRefusesEveryTwoFactorRouteWith403(t *testing.T) {
	e := newEnv(t, sandbox.WithoutTwoFactor())
	f := e.fixture()
	st := e.activeStrategyOf(f.user)
	before := must(e.c.GetDashboardStats(e.ctx))(t)
	calls := twoFactorCalls(f.user, st)
	if len(calls) != 16 {
		t.Fatalf("%d 2FA routes, want 16", len(calls))
	}
	for name, call := range calls {
		t.Run(name, func(t *testing.T) {
			ae := expectAPIError(t, call(e.ctx, e.c), http.StatusForbidden, api.ErrForbidden)
			if !strings.Contains(strings.ToLower(ae.Message), "two-factor authentication must be enabled") {
				t.Fatalf("403 message %q does not explain the 2FA requirement", ae.Message)
			}
		})
	}
	after := must(e.c.GetDashboardStats(e.ctx))(t)
	if *after != *before || e.statusOf(st.ID) != api.StatusActive {
		t.Fatalf("refused 2FA calls changed state: %+v -> %+v, status %s", before, after, e.statusOf(st.ID))
	}
}

func TestTwoFactor_OffStillServesReadsAndNonTwoFactorActions(t *testing.T) {
	e := newEnv(t, sandbox.WithoutTwoFactor())
	f := e.fixture()
	st := e.activeStrategyOf(f.user)
	if got := must(e.c.HaltStrategy(e.ctx, st.ID))(t); got.Status != api.StatusPaused {
		t.Fatalf("halt without 2FA: %s", got.Status)
	}
	if got := must(e.c.DisableStrategy(e.ctx, api.StrategyRef{UserID: f.user, StrategyID: st.ID}))(t); got.Status != api.StatusPaused {
		t.Fatalf("disable without 2FA: %s", got.Status)
	}
	if got := must(e.c.RemoveStrategy(e.ctx, api.StrategyRef{UserID: f.user, StrategyID: st.ID}))(t); got.Status != api.StatusArchived {
		t.Fatalf("removeStrategy without 2FA: %s", got.Status)
	}
	e.sb.SetStrategyStatus(st.ID, api.StatusActive)
	if got := must(e.c.ArchiveStrategy(e.ctx, st.ID))(t); got.Status != api.StatusArchived {
		t.Fatalf("archive without 2FA: %s", got.Status)
	}
}

func TestTwoFactor_OnServesTwoFactorRoutes(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	st := e.create(api.DcaBuy, f)
	if got := must(e.c.SuspendStrategy(e.ctx, api.StrategyRef{UserID: f.user, StrategyID: st.ID}))(t); got.Status != api.StatusSuspended {
		t.Fatalf("suspend with 2FA: %s", got.Status)
	}
}

func TestScoping_AnotherIntegrationsDataIsInvisible(t *testing.T) {
	e := newEnv(t, sandbox.WithIntegration("other-key", "other-secret"))
	other := clientFor(t, e.srv.URL, "other-key", "other-secret")
	mainUsers := must(e.c.ListUsers(e.ctx))(t)
	otherUsers := must(other.ListUsers(e.ctx))(t)
	if len(mainUsers) != 6 || len(otherUsers) == 0 {
		t.Fatalf("users: main %d, other %d", len(mainUsers), len(otherUsers))
	}
	for _, u := range otherUsers {
		if _, err := e.c.GetUser(e.ctx, u.ExternalUserID); err == nil {
			// Same external id by chance: it must resolve to the main integration's own user.
			if got := must(e.c.GetUser(e.ctx, u.ExternalUserID))(t); got.ID == u.ID {
				t.Fatalf("main key reads the other integration's user %d", u.ID)
			}
		}
	}
	otherPage := must(other.ListStrategies(e.ctx, api.StrategyFilter{PageSize: 100}))(t)
	if otherPage.TotalCount == 0 {
		t.Fatal("the other integration has no strategies")
	}
	mainIDs := map[int64]bool{}
	for p := 1; ; p++ {
		page := must(e.c.ListStrategies(e.ctx, api.StrategyFilter{Page: p, PageSize: 100}))(t)
		for _, s := range page.Strategies {
			mainIDs[s.ID] = true
		}
		if p >= page.NumberOfPages {
			break
		}
	}
	for _, s := range otherPage.Strategies {
		if mainIDs[s.ID] {
			t.Fatalf("strategy %d listed for both integrations", s.ID)
		}
		_, err := e.c.GetStrategy(e.ctx, s.ID)
		expectAPIError(t, err, http.StatusNotFound, api.ErrNotFound)
		_, err = e.c.HaltStrategy(e.ctx, s.ID)
		expectAPIError(t, err, http.StatusNotFound, api.ErrNotFound)
	}
	// The same external id can exist in both integrations as two users.
	a := must(e.c.UpsertUser(e.ctx, api.CreateUserRequest{ExternalUserID: "shared-ext-id"}))(t)
	b := must(other.UpsertUser(e.ctx, api.CreateUserRequest{ExternalUserID: "shared-ext-id"}))(t)
	if a == nil || b == nil || a.ID == b.ID {
		t.Fatalf("one user shared across integrations: %+v %+v", a, b)
	}
	if stats := must(other.GetDashboardStats(e.ctx))(t); stats.StrategiesCount != int64(otherPage.TotalCount) {
		t.Fatalf("other integration's dashboard counts %d strategies, its list %d", stats.StrategiesCount, otherPage.TotalCount)
	}
}

func TestScoping_ClientPoolsAreThePoolsOfTheIntegrationsDeposits(t *testing.T) {
	e := newEnv(t, sandbox.WithIntegration("other-key", "other-secret"))
	for _, c := range []*api.Client{e.c, clientFor(t, e.srv.URL, "other-key", "other-secret")} {
		want := map[int64]bool{}
		for _, u := range must(c.ListUsers(e.ctx))(t) {
			for _, item := range must(c.GetUserPools(e.ctx, api.UserPoolsRequest{UserID: u.ExternalUserID}))(t).Pools {
				want[item.ID] = true
			}
		}
		got := must(c.GetClientPools(e.ctx, 0))(t)
		if len(got) != len(want) {
			t.Fatalf("getClientPools lists %d pools, the integration's users hold deposits in %d", len(got), len(want))
		}
		for _, p := range got {
			if !want[p.ID] {
				t.Fatalf("pool %d listed without a deposit of the integration", p.ID)
			}
			if p.TokenPrice != "" {
				t.Fatalf("client pool list carries tokenPrice %q (spec: absent)", p.TokenPrice)
			}
		}
	}
}

func TestOwnership_BodyRoutesRefuseAnotherUsersStrategyWith403(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	var stranger string
	for _, u := range e.sb.Users() {
		if u.ExternalUserID != f.user {
			stranger = u.ExternalUserID
			break
		}
	}
	st := e.create(api.VolumeBuy, f)
	calls := twoFactorCalls(stranger, *st)
	for _, name := range []string{"suspendStrategy", "resumeStrategy", "stopStrategy", "changeBalance", "duplicateStrategy", "setStrategyBuyVolume"} {
		t.Run(name, func(t *testing.T) {
			expectAPIError(t, calls[name](e.ctx, e.c), http.StatusForbidden, api.ErrForbidden)
		})
	}
	ref := api.StrategyRef{UserID: stranger, StrategyID: st.ID}
	_, err := e.c.RemoveStrategy(e.ctx, ref)
	expectAPIError(t, err, http.StatusForbidden, api.ErrForbidden)
	_, err = e.c.DisableStrategy(e.ctx, ref)
	expectAPIError(t, err, http.StatusForbidden, api.ErrForbidden)
	if e.statusOf(st.ID) != api.StatusActive {
		t.Fatalf("a refused call changed the strategy to %s", e.statusOf(st.ID))
	}
	res := must(e.c.RemoveStrategies(e.ctx, api.RemoveStrategiesRequest{UserID: stranger, IDs: []int64{st.ID}}))(t)
	if len(res.Failed) != 1 || res.Failed[0].ID != st.ID || len(res.Removed) != 0 {
		t.Fatalf("removeStrategies of another user's strategy: %+v", res)
	}
}
