package sandbox_test

import (
	"net/http"
	"testing"

	"github.com/stratop/stratop/api"
)

// Spec sections 4.1 and 4.2: users, balances and pools.

func TestUsers_ListCarriesNoEmailAndSingleReadDoes(t *testing.T) {
	e := newEnv(t)
	list := must(e.c.ListUsers(e.ctx))(t)
	if len(list) != 6 {
		t.Fatalf("%d users, want 6", len(list))
	}
	for _, u := range list {
		if u.Email != "" || u.ID == 0 || u.ExternalUserID == "" || u.WalletAddress == "" {
			t.Fatalf("list user %+v", u)
		}
	}
	one := must(e.c.GetUser(e.ctx, list[0].ExternalUserID))(t)
	if one.Email == "" || one.ID != list[0].ID {
		t.Fatalf("single user %+v", one)
	}
}

func TestUsers_UnknownUserIs404OnEveryUserRoute(t *testing.T) {
	e := newEnv(t)
	const nobody = "nobody-here"
	_, err := e.c.GetUser(e.ctx, nobody)
	expectAPIError(t, err, http.StatusNotFound, api.ErrNotFound)
	_, err = e.c.GetUserBalances(e.ctx, nobody)
	expectAPIError(t, err, http.StatusNotFound, api.ErrNotFound)
	_, err = e.c.GetUserChainBalance(e.ctx, nobody, api.ChainBase)
	expectAPIError(t, err, http.StatusNotFound, api.ErrNotFound)
	_, err = e.c.GetUserPools(e.ctx, api.UserPoolsRequest{UserID: nobody})
	expectAPIError(t, err, http.StatusNotFound, api.ErrNotFound)
	f := e.fixture()
	_, err = e.c.GetTokenBalance(e.ctx, api.TokenBalanceRequest{UserID: nobody, TokenAddress: f.token, ChainID: f.chainID})
	expectAPIError(t, err, http.StatusNotFound, api.ErrNotFound)
}

func TestUsers_UpsertCreatesThenUpdatesByExternalID(t *testing.T) {
	e := newEnv(t)
	r := e.raw(http.MethodPost, "/api/v1/users", `{"externalUserId":"partner-42"}`) // only externalUserId is valid
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	created := must(e.c.GetUser(e.ctx, "partner-42"))(t)
	updated := must(e.c.UpsertUser(e.ctx, api.CreateUserRequest{ExternalUserID: "partner-42", Email: "ada@example.com",
		Metadata: map[string]any{"tier": "gold"}, DepositChainID: ptr(api.ChainSolana)}))(t)
	if updated == nil || updated.ID != created.ID || updated.Email != "ada@example.com" {
		t.Fatalf("update answered %+v for user %d", updated, created.ID)
	}
	r = e.raw(http.MethodPost, "/api/v1/users", `{"externalUserId":"partner-42"}`)
	if r.status != http.StatusCreated {
		t.Fatalf("update is 201 too, got %d", r.status)
	}
	if again := must(e.c.GetUser(e.ctx, "partner-42"))(t); again.Email != "ada@example.com" {
		t.Fatalf("an upsert without email cleared it: %+v", again)
	}
	if n := len(must(e.c.ListUsers(e.ctx))(t)); n != 7 {
		t.Fatalf("%d users after one create and two updates, want 7", n)
	}
	if bal := must(e.c.GetUserBalances(e.ctx, "partner-42"))(t); len(bal) != 5 || bal[0].Balance != "0" {
		t.Fatalf("a new user's balances: %+v", bal)
	}
}

func TestUsers_UpsertValidation(t *testing.T) {
	e := newEnv(t)
	for body, field := range map[string]string{
		`{}`:                                    "externalUserId",
		`{"externalUserId":""}`:                 "externalUserId",
		`{"externalUserId":"a","email":"nope"}`: "email",
		`{"externalUserId":"a","walletAddress":"x"}`: "walletAddress",
		`{"externalUserId":"a","metadata":"str"}`:    "metadata",
		`{"externalUserId":"a","nickname":"x"}`:      "nickname should not exist",
	} {
		e.raw(http.MethodPost, "/api/v1/users", body).expectStatus(t, http.StatusBadRequest, field)
	}
	if n := len(must(e.c.ListUsers(e.ctx))(t)); n != 6 {
		t.Fatalf("refused upserts created users: %d", n)
	}
}

func TestUsers_NativeBalancesPerChain(t *testing.T) {
	e := newEnv(t)
	user := e.sb.Users()[0].ExternalUserID
	all := must(e.c.GetUserBalances(e.ctx, user))(t)
	if len(all) != len(api.Chains) {
		t.Fatalf("%d balances, want one per chain", len(all))
	}
	for i, b := range all {
		if b.ChainID != api.Chains[i] || b.Balance == "" || b.TotalClaimableNativeTokens == "" {
			t.Fatalf("balance %+v", b)
		}
		one := must(e.c.GetUserChainBalance(e.ctx, user, b.ChainID))(t)
		if *one != b {
			t.Fatalf("chain read %+v differs from list %+v", one, b)
		}
	}
	e.raw(http.MethodGet, "/api/v1/users/"+user+"/balances/999", "").expectStatus(t, http.StatusBadRequest, "chainId")
}

func TestPools_UserPoolsTokenBalanceAndPoolReads(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	up := must(e.c.GetUserPools(e.ctx, api.UserPoolsRequest{UserID: f.user}))(t)
	if len(up.Pools) == 0 || up.TokenOverallValue == "" || up.TokenOverallAvailableValue == "" || up.TokenOverallNativeValue == "" {
		t.Fatalf("user pools %+v", up)
	}
	onChain := must(e.c.GetUserPools(e.ctx, api.UserPoolsRequest{UserID: f.user, ChainID: ptr(f.chainID)}))(t)
	for _, p := range onChain.Pools {
		if p.ChainID != f.chainID || p.TokenPrice == "" {
			t.Fatalf("chain filter returned pool %+v", p.Pool)
		}
	}
	tb := must(e.c.GetTokenBalance(e.ctx, api.TokenBalanceRequest{UserID: f.user, TokenAddress: f.token, ChainID: f.chainID}))(t)
	if !tb.HasDeposit || tb.PoolDepositID == nil || *tb.PoolDepositID != f.deposit || tb.Pool.ID != f.poolID || tb.UserBalance == "0" {
		t.Fatalf("token balance with a deposit: %+v", tb)
	}
	// A pool of the same chain where the user has no deposit.
	held := map[int64]bool{}
	for _, p := range up.Pools {
		held[p.ID] = true
	}
	for id := int64(1); ; id++ {
		p, err := e.c.GetPool(e.ctx, id)
		if err != nil {
			expectAPIError(t, err, http.StatusNotFound, api.ErrNotFound)
			t.Fatal("no pool without a deposit of the fixture user")
		}
		if p.TokenPrice == "" {
			t.Fatalf("GET /pools/%d carries no tokenPrice", id)
		}
		if held[p.ID] {
			continue
		}
		none := must(e.c.GetTokenBalance(e.ctx, api.TokenBalanceRequest{UserID: f.user, TokenAddress: p.TokenAddress, ChainID: p.ChainID}))(t)
		if none.HasDeposit || none.PoolDepositID != nil || none.UserBalance != "0" || none.AvailableBalance != "0" {
			t.Fatalf("token balance without a deposit: %+v", none)
		}
		r := e.raw(http.MethodPost, "/api/v1/getTokenBalance", jsonBody(t, api.TokenBalanceRequest{UserID: f.user, TokenAddress: p.TokenAddress, ChainID: p.ChainID}))
		if !bytesContain(r.body, `"poolDepositId":null`) {
			t.Fatalf("poolDepositId must be null without a deposit: %s", r.body)
		}
		break
	}
	_, err := e.c.GetPool(e.ctx, 999999)
	expectAPIError(t, err, http.StatusNotFound, api.ErrNotFound)
	unknownToken := "0x00000000000000000000000000000000000000aa"
	_, err = e.c.GetTokenBalance(e.ctx, api.TokenBalanceRequest{UserID: f.user, TokenAddress: unknownToken, ChainID: api.ChainBase})
	expectAPIError(t, err, http.StatusNotFound, api.ErrNotFound)
}

func TestPools_ClientPoolsFilterByChain(t *testing.T) {
	e := newEnv(t)
	all := must(e.c.GetClientPools(e.ctx, 0))(t)
	sum := 0
	for _, ch := range api.Chains {
		for _, p := range must(e.c.GetClientPools(e.ctx, ch))(t) {
			if p.ChainID != ch {
				t.Fatalf("chain %d filter returned pool on %d", ch, p.ChainID)
			}
			sum++
		}
	}
	if sum != len(all) || len(all) == 0 {
		t.Fatalf("per-chain pools add up to %d, all pools %d", sum, len(all))
	}
}
