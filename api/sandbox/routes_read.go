package sandbox

import (
	"net/url"
	"strconv"

	"github.com/stratop/stratop/api"
)

// Read routes of spec section 4.5 (getFilteredStrategies: routes_filtered.go).

// dashboardStats is POST /strategies/getDashBoardStats (body {} or empty):
// the integration's users and its strategies other than archived ones (our
// choice, matching the unfiltered total of GET /strategies).
func (s *Sandbox) dashboardStats(c *call) reply {
	var req struct{}
	if rep, good := decodeOptional(c, &req); !good {
		return rep
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	var n int64
	for _, k := range c.in.keys {
		if k&keyArchivedBit == 0 {
			n++
		}
	}
	return ok(api.DashboardStats{UsersCount: int64(len(c.in.users)), StrategiesCount: n})
}

// listStrategies is GET /strategies: the integration's strategies, filtered,
// sorted and paged by the query (see listFilter.compile for the rules).
// Unknown query parameters are ignored.
func (s *Sandbox) listStrategies(c *call) reply {
	f, errs := filterFromQuery(c.r.URL.Query())
	q, more := f.compile()
	if errs = append(errs, more...); len(errs) > 0 {
		return badRequest(errs...)
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	page, total := q.window(c.in.order, c.in.keys)
	return ok(s.strategiesPage(page, total, q))
}

// filterFromQuery reads the list filters from a query string.
func filterFromQuery(v url.Values) (listFilter, []string) {
	var errs []string
	f := listFilter{Status: v.Get("status"), Category: v.Get("category"), StrategyMethod: v.Get("strategyMethod"), SortBy: v.Get("sortBy")}
	if raw := v.Get("chainId"); raw != "" {
		id, err := strconv.ParseInt(raw, 10, 64)
		if err != nil {
			errs = append(errs, "chainId must be one of "+chainList())
		} else {
			f.ChainID = &id
		}
	}
	for _, p := range []struct {
		name string
		dst  **int
	}{{"page", &f.Page}, {"pageSize", &f.PageSize}} {
		raw := v.Get(p.name)
		if raw == "" {
			continue
		}
		n, err := strconv.Atoi(raw)
		if err != nil {
			errs = append(errs, p.name+" must be an integer")
			continue
		}
		*p.dst = &n
	}
	return f, errs
}

// userStrategiesBody is the body of getStrategies: userId plus the filters of
// GET /strategies. Pointers tell "not sent" from 0, so pageSize 0 is a 400
// here exactly as in the query string.
type userStrategiesBody struct {
	UserID         string `json:"userId"`
	ChainID        *int64 `json:"chainId"`
	Status         string `json:"status"`
	Category       string `json:"category"`
	StrategyMethod string `json:"strategyMethod"`
	Page           *int   `json:"page"`
	PageSize       *int   `json:"pageSize"`
	SortBy         string `json:"sortBy"`
}

// userStrategies is POST /strategies/getStrategies: one user's strategies
// with the same filters, sort and paging as GET /strategies.
func (s *Sandbox) userStrategies(c *call) reply {
	var req userStrategiesBody
	if rep, good := decodeRequest(c, &req); !good {
		return rep
	}
	q, errs := listFilter{ChainID: req.ChainID, Status: req.Status, Category: req.Category,
		StrategyMethod: req.StrategyMethod, Page: req.Page, PageSize: req.PageSize, SortBy: req.SortBy}.compile()
	if req.UserID == "" {
		errs = append([]string{"userId is required"}, errs...)
	}
	if len(errs) > 0 {
		return badRequest(errs...)
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	u, found := s.userOf(c.in, req.UserID)
	if !found {
		return userNotFound(req.UserID)
	}
	keys := make([]uint16, len(u.strategies))
	for i, si := range u.strategies {
		keys[i] = c.in.keys[s.strategies[si].pos]
	}
	page, total := q.window(u.strategies, keys)
	return ok(s.strategiesPage(page, total, q))
}

// strategiesPage builds a StrategiesPaginatedResponse. A page past the last
// is not an error: it is empty, with the true totals.
func (s *Sandbox) strategiesPage(page []int32, total int, q listQuery) api.StrategiesPage {
	out := api.StrategiesPage{
		Strategies:    make([]api.Strategy, 0, len(page)),
		TotalCount:    total,
		Page:          q.page,
		PageSize:      q.size,
		NumberOfPages: numberOfPages(total, q.size),
	}
	for _, i := range page {
		out.Strategies = append(out.Strategies, s.strategyView(&s.strategies[i], false))
	}
	return out
}

// getStrategy is GET /strategies/{strategyId}: any strategy of the
// integration, archived ones included, with settings and latest
// transactions; 404 when unknown or another integration's.
func (s *Sandbox) getStrategy(c *call) reply {
	id, rep, good := pathInt64(c, "strategyId")
	if !good {
		return rep
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	st, found := s.strategyOf(c.integ, id)
	if !found {
		return strategyNotFound(id)
	}
	return ok(s.strategyView(st, true))
}
