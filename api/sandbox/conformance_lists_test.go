package sandbox_test

import (
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/api/sandbox"
)

// Spec section 4.5: list reads, their filters, sorts and page arithmetic.

// allPages walks every page of a list and returns the rows in order.
func allPages(t *testing.T, e *env, f api.StrategyFilter) []api.Strategy {
	t.Helper()
	var rows []api.Strategy
	for p := 1; ; p++ {
		f.Page = p
		page := must(e.c.ListStrategies(e.ctx, f))(t)
		rows = append(rows, page.Strategies...)
		if p >= page.NumberOfPages {
			return rows
		}
	}
}

func TestLists_PaginationArithmetic(t *testing.T) {
	e := newEnv(t, sandbox.WithStrategies(100))
	first := must(e.c.ListStrategies(e.ctx, api.StrategyFilter{PageSize: 7}))(t)
	total := first.TotalCount
	if want := (total + 6) / 7; first.NumberOfPages != want {
		t.Fatalf("numberOfPages %d for %d rows of 7, want %d", first.NumberOfPages, total, want)
	}
	seen := map[int64]bool{}
	for p := 1; p <= first.NumberOfPages; p++ {
		page := must(e.c.ListStrategies(e.ctx, api.StrategyFilter{PageSize: 7, Page: p}))(t)
		want := 7
		if p == first.NumberOfPages {
			want = total - 7*(first.NumberOfPages-1)
		}
		if len(page.Strategies) != want || page.Page != p || page.TotalCount != total {
			t.Fatalf("page %d: %d rows (want %d), page %d, total %d", p, len(page.Strategies), want, page.Page, page.TotalCount)
		}
		for _, s := range page.Strategies {
			if seen[s.ID] {
				t.Fatalf("strategy %d on two pages", s.ID)
			}
			seen[s.ID] = true
		}
	}
	if len(seen) != total {
		t.Fatalf("pages hold %d strategies, totalCount says %d", len(seen), total)
	}
	past := must(e.c.ListStrategies(e.ctx, api.StrategyFilter{PageSize: 7, Page: first.NumberOfPages + 1}))(t)
	if len(past.Strategies) != 0 || past.TotalCount != total {
		t.Fatalf("page past the end: %d rows, total %d", len(past.Strategies), past.TotalCount)
	}
}

func TestLists_SortByLatestAndOldest(t *testing.T) {
	e := newEnv(t)
	for _, sortBy := range []string{"", "latest", "oldest"} {
		rows := allPages(t, e, api.StrategyFilter{SortBy: sortBy, PageSize: 9})
		for i := 1; i < len(rows); i++ {
			a, b := rows[i-1], rows[i]
			newerFirst := a.CreatedAt > b.CreatedAt || (a.CreatedAt == b.CreatedAt && a.ID > b.ID)
			if newerFirst != (sortBy != "oldest") {
				t.Fatalf("sortBy %q: %d (%s) before %d (%s)", sortBy, a.ID, a.CreatedAt, b.ID, b.CreatedAt)
			}
		}
	}
	e.raw(http.MethodGet, "/api/v1/strategies?sortBy=newest", "").expectStatus(t, http.StatusBadRequest, "sortBy")
}

func TestLists_EveryFilterOfGetStrategiesList(t *testing.T) {
	e := newEnv(t, sandbox.WithStrategies(150))
	all := allPages(t, e, api.StrategyFilter{PageSize: 100})
	for _, s := range all {
		if s.Status == api.StatusArchived {
			t.Fatalf("archived strategy %d listed without a status filter", s.ID)
		}
	}
	type filterCase struct {
		f     api.StrategyFilter
		match func(api.Strategy) bool
	}
	var cases []filterCase
	for _, st := range []api.Status{api.StatusActive, api.StatusSuspended, api.StatusPaused, api.StatusCompleted} {
		cases = append(cases, filterCase{api.StrategyFilter{Status: st}, func(s api.Strategy) bool { return s.Status == st }})
	}
	for _, c := range []string{api.CategoryBuy, api.CategorySell, api.CategoryRange} {
		cases = append(cases, filterCase{api.StrategyFilter{Category: c}, func(s api.Strategy) bool { return s.Category == c }})
	}
	for _, m := range []string{api.MethodDCA, api.MethodVolume} {
		cases = append(cases, filterCase{api.StrategyFilter{StrategyMethod: m}, func(s api.Strategy) bool { return s.Type == m }})
	}
	for _, ch := range api.Chains {
		cases = append(cases, filterCase{api.StrategyFilter{ChainID: ch}, func(s api.Strategy) bool { return s.ChainID == ch }})
	}
	cases = append(cases, filterCase{api.StrategyFilter{Status: api.StatusActive, Category: api.CategorySell, StrategyMethod: api.MethodDCA},
		func(s api.Strategy) bool {
			return s.Status == api.StatusActive && s.Category == api.CategorySell && s.Type == api.MethodDCA
		}})
	for _, c := range cases {
		want := 0
		for _, s := range all {
			if c.match(s) {
				want++
			}
		}
		c.f.PageSize = 100
		rows := allPages(t, e, c.f)
		if len(rows) != want || (want == 0 && c.f.Status != "") {
			t.Fatalf("filter %+v: %d rows, want %d (and the seed should have some)", c.f, len(rows), want)
		}
		for _, s := range rows {
			if !c.match(s) {
				t.Fatalf("filter %+v returned %d (%s %s %s on %d)", c.f, s.ID, s.Status, s.Category, s.Type, s.ChainID)
			}
		}
	}
}

func TestLists_InvalidFilterValuesAre400(t *testing.T) {
	e := newEnv(t)
	for query, field := range map[string]string{
		"status=archived": "status", "status=running": "status", "category=swap": "category",
		"strategyMethod=grid": "strategyMethod", "chainId=999": "chainId", "chainId=abc": "chainId",
	} {
		e.raw(http.MethodGet, "/api/v1/strategies?"+query, "").expectStatus(t, http.StatusBadRequest, field)
	}
}

func TestLists_ArchivedStaysReadableByID(t *testing.T) {
	e := newEnv(t)
	f := e.fixture()
	st := e.create(api.DcaBuy, f)
	must(e.c.ArchiveStrategy(e.ctx, st.ID))(t)
	if got := must(e.c.GetStrategy(e.ctx, st.ID))(t); got.Status != api.StatusArchived {
		t.Fatalf("archived strategy reads as %s", got.Status)
	}
	for _, s := range allPages(t, e, api.StrategyFilter{PageSize: 100}) {
		if s.ID == st.ID {
			t.Fatal("archived strategy still listed")
		}
	}
}

func TestLists_GetStrategiesIsOneUsersListWithTheSameFilters(t *testing.T) {
	e := newEnv(t, sandbox.WithStrategies(120))
	f := e.fixture()
	var want []api.Strategy
	for _, s := range allPages(t, e, api.StrategyFilter{PageSize: 100, SortBy: "oldest"}) {
		if s.UserID == f.user && s.Type == api.MethodVolume {
			want = append(want, s)
		}
	}
	page := must(e.c.GetStrategies(e.ctx, api.UserStrategiesRequest{UserID: f.user,
		StrategyFilter: api.StrategyFilter{StrategyMethod: api.MethodVolume, SortBy: "oldest", PageSize: 100}}))(t)
	if page.TotalCount != len(want) || len(page.Strategies) != len(want) {
		t.Fatalf("getStrategies: %d rows, total %d; want %d", len(page.Strategies), page.TotalCount, len(want))
	}
	for i := range want {
		if page.Strategies[i].ID != want[i].ID {
			t.Fatalf("row %d is %d, want %d", i, page.Strategies[i].ID, want[i].ID)
		}
	}
	_, err := e.c.GetStrategies(e.ctx, api.UserStrategiesRequest{UserID: "nobody-here"})
	expectAPIError(t, err, http.StatusNotFound, api.ErrNotFound)
	e.raw(http.MethodPost, "/api/v1/strategies/getStrategies", `{}`).expectStatus(t, http.StatusBadRequest, "userId")
}

func TestLists_StrategyRecordShapes(t *testing.T) {
	e := newEnv(t)
	row := must(e.c.ListStrategies(e.ctx, api.StrategyFilter{PageSize: 1}))(t).Strategies[0]
	if row.Pool.TokenPrice == "" || row.UserID == "" || row.StrategyID == "" || row.Transactions != nil {
		t.Fatalf("list row: %+v", row)
	}
	one := must(e.c.GetStrategy(e.ctx, row.ID))(t)
	if one.Pool.TokenPrice != "" {
		t.Fatalf("single read embeds tokenPrice %q (spec: absent)", one.Pool.TokenPrice)
	}
	if one.UserID != row.UserID || one.ID != row.ID || one.StrategyID != row.StrategyID {
		t.Fatalf("single read %+v does not match the list row %+v", one, row)
	}
	_, err := e.c.GetStrategy(e.ctx, 999999)
	expectAPIError(t, err, http.StatusNotFound, api.ErrNotFound)
	e.raw(http.MethodGet, "/api/v1/strategies/abc", "").expectStatus(t, http.StatusBadRequest, "strategyId")
}

func TestLists_DashboardStatsCountUsersAndNonArchivedStrategies(t *testing.T) {
	e := newEnv(t)
	stats := must(e.c.GetDashboardStats(e.ctx))(t)
	list := must(e.c.ListStrategies(e.ctx, api.StrategyFilter{}))(t)
	if stats.UsersCount != 6 || stats.StrategiesCount != int64(list.TotalCount) {
		t.Fatalf("stats %+v, list total %d", stats, list.TotalCount)
	}
	e.raw(http.MethodPost, "/api/v1/strategies/getDashBoardStats", `{"x":1}`).expectStatus(t, http.StatusBadRequest, "x should not exist")
}

// usdValue is balanceUsed at the pool price, for checking value sorting.
func usdValue(t *testing.T, s api.Strategy) *big.Rat {
	t.Helper()
	bal, ok1 := new(big.Rat).SetString(s.BalanceUsed)
	price, ok2 := new(big.Rat).SetString(s.Pool.TokenPrice)
	if !ok1 || !ok2 {
		t.Fatalf("strategy %d: balance %q price %q", s.ID, s.BalanceUsed, s.Pool.TokenPrice)
	}
	scale := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(s.Pool.Decimals)), nil))
	return new(big.Rat).Quo(new(big.Rat).Mul(bal, price), scale)
}

func TestFiltered_FiltersSearchSortAndPagination(t *testing.T) {
	e := newEnv(t, sandbox.WithStrategies(120))
	f := e.fixture()
	all := must(e.c.GetFilteredStrategies(e.ctx, api.FilteredStrategiesRequest{UserID: f.user, PageSize: 100}))(t)
	if all.TotalUserStrategies == nil || int(*all.TotalUserStrategies) != all.Pagination.TotalItems || len(all.Strategies) == 0 {
		t.Fatalf("unfiltered: total %v, items %d", all.TotalUserStrategies, all.Pagination.TotalItems)
	}
	for _, it := range all.Strategies {
		if it.UserID != f.user || it.Status == api.StatusArchived || it.Progress == nil || *it.Progress < 0 || *it.Progress > 1 {
			t.Fatalf("item %+v", it.Strategy)
		}
		if _, ok := all.GainedAmountByChain[strconv.FormatInt(it.ChainID, 10)]; !ok {
			t.Fatalf("no gainedAmountByChain entry for chain %d", it.ChainID)
		}
	}
	for _, req := range []api.FilteredStrategiesRequest{
		{Category: "sell"}, {Category: "all"}, {Status: api.StatusActive}, {Status: api.StatusCompleted},
		{StrategyMethod: "volume"}, {StrategyMethod: "all"}, {Search: strings.ToLower(all.Strategies[0].Pool.Symbol)},
	} {
		req.UserID, req.PageSize = f.user, 100
		got := must(e.c.GetFilteredStrategies(e.ctx, req))(t)
		want := 0
		for _, it := range all.Strategies {
			s := it.Strategy
			if (req.Category == "" || req.Category == "all" || s.Category == req.Category) &&
				(req.Status == "" || s.Status == req.Status) &&
				(req.StrategyMethod == "" || req.StrategyMethod == "all" || s.Type == req.StrategyMethod) &&
				(req.Search == "" || strings.EqualFold(s.Pool.Symbol, req.Search) || strings.Contains(strings.ToLower(s.Pool.Name+s.Pool.TokenAddress+s.StrategyID+strconv.FormatInt(s.ID, 10)), req.Search)) {
				want++
			}
		}
		if got.Pagination.TotalItems != want {
			t.Fatalf("%+v: %d items, want %d", req, got.Pagination.TotalItems, want)
		}
	}
	for _, order := range []string{"highest", "lowest"} {
		got := must(e.c.GetFilteredStrategies(e.ctx, api.FilteredStrategiesRequest{UserID: f.user, Value: order, PageSize: 100}))(t)
		for i := 1; i < len(got.Strategies); i++ {
			cmp := usdValue(t, got.Strategies[i-1].Strategy).Cmp(usdValue(t, got.Strategies[i].Strategy))
			if (order == "highest" && cmp < 0) || (order == "lowest" && cmp > 0) {
				t.Fatalf("value %s: rows %d and %d out of order", order, i-1, i)
			}
		}
	}
	p2 := must(e.c.GetFilteredStrategies(e.ctx, api.FilteredStrategiesRequest{UserID: f.user, Page: 2, PageSize: 2}))(t)
	pg := p2.Pagination
	if pg.CurrentPage != 2 || pg.PageSize != 2 || !pg.HasPreviousPage || pg.HasNextPage != (pg.TotalPages > 2) || pg.TotalPages != (pg.TotalItems+1)/2 {
		t.Fatalf("pagination %+v", pg)
	}
	none := must(e.c.GetFilteredStrategies(e.ctx, api.FilteredStrategiesRequest{UserID: f.user, Search: "no-such-token-anywhere"}))(t)
	if len(none.Strategies) != 0 || none.Stats == nil || none.Stats.TotalUserStrategies != *all.TotalUserStrategies || len(none.GainedAmountByChain) != 0 {
		t.Fatalf("empty result: %+v", none)
	}
	e.raw(http.MethodPost, "/api/v1/strategies/getFilteredStrategies", `{"userId":"`+f.user+`","status":"archived"}`).expectStatus(t, http.StatusBadRequest, "status")
	e.raw(http.MethodPost, "/api/v1/strategies/getFilteredStrategies", `{"category":"all"}`).expectStatus(t, http.StatusBadRequest, "userId")
	_, err := e.c.GetFilteredStrategies(e.ctx, api.FilteredStrategiesRequest{UserID: "nobody-here"})
	expectAPIError(t, err, http.StatusNotFound, api.ErrNotFound)
}
