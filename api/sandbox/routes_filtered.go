package sandbox

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/stratop/stratop/api"
)

// POST /strategies/getFilteredStrategies. Choices where the spec is silent:
//   - userId is required (the response is about one user: 400 without it).
//   - status accepts active, completed and paused (the spec's set); category
//     also accepts all, strategyMethod also all; archived strategies are
//     never listed.
//   - search matches, case-insensitively, the pool name, symbol or token
//     address, the strategyId string or the numeric id.
//   - value sorts by the USD value of the allocated balance (balanceUsed at
//     the pool's current tokenPrice), highest or lowest first; without it the
//     newest strategy comes first.
//   - totalUserStrategies and activeStrategiesCount are always sent (the
//     user's non-archived and active strategies); stats only when the filters
//     give no rows; gainedAmountByChain covers the filtered rows of every
//     page and is {} when there are none.
//   - each item carries its latest filteredTxPerItem transactions.

const (
	maxSearchLen      = 200
	filteredTxPerItem = 10
)

// filteredBody is the body as sent; pointers tell "not sent" from 0.
type filteredBody struct {
	UserID         string `json:"userId"`
	Category       string `json:"category"`
	Status         string `json:"status"`
	StrategyMethod string `json:"strategyMethod"`
	Search         string `json:"search"`
	Value          string `json:"value"`
	Page           *int   `json:"page"`
	PageSize       *int   `json:"pageSize"`
}

// validate checks the body and returns page and page size.
func (b filteredBody) validate() (page, size int, errs []string) {
	page, size = defaultPage, defaultPageSize
	if b.UserID == "" {
		errs = append(errs, "userId is required")
	}
	if !oneOf(b.Category, "", "buy", "sell", "range", "all") {
		errs = append(errs, "category must be one of buy, sell, range, all")
	}
	if !oneOf(b.Status, "", "active", "completed", "paused") {
		errs = append(errs, "status must be one of active, completed, paused")
	}
	if !oneOf(b.StrategyMethod, "", "dca", "volume", "all") {
		errs = append(errs, "strategyMethod must be one of dca, volume, all")
	}
	if !oneOf(b.Value, "", "highest", "lowest") {
		errs = append(errs, "value must be one of highest, lowest")
	}
	if utf8.RuneCountInString(b.Search) > maxSearchLen { // characters, as the description counts
		errs = append(errs, "search must be at most 200 characters")
	}
	errs = append(errs, pageErrors(b.Page, b.PageSize, &page, &size)...)
	return page, size, errs
}

// oneOf reports whether v is one of the allowed values.
func oneOf(v string, allowed ...string) bool { return slices.Contains(allowed, v) }

// filteredStrategies answers getFilteredStrategies.
func (s *Sandbox) filteredStrategies(c *call) reply {
	var req filteredBody
	if rep, good := decodeRequest(c, &req); !good {
		return rep
	}
	page, size, errs := req.validate()
	if len(errs) > 0 {
		return badRequest(errs...)
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	u, found := s.userOf(c.in, req.UserID)
	if !found {
		return userNotFound(req.UserID)
	}
	var total, active int64
	var rows []*strategy
	search := strings.ToLower(req.Search)
	for i := len(u.strategies) - 1; i >= 0; i-- { // newest first
		st := &s.strategies[u.strategies[i]]
		if st.status == stArchived {
			continue
		}
		total++
		if st.status == stActive {
			active++
		}
		if s.filteredMatch(st, req, search) {
			rows = append(rows, st)
		}
	}
	if req.Value != "" {
		values := make(map[int64]int64, len(rows))
		for _, st := range rows {
			p := &s.pools[st.pool]
			values[st.id] = valueMicro(st.balance, p.decimals, p.pricePico)
		}
		slices.SortStableFunc(rows, func(a, b *strategy) int {
			d := values[a.id] - values[b.id]
			if req.Value == "highest" {
				d = -d
			}
			switch {
			case d < 0:
				return -1
			case d > 0:
				return 1
			}
			return 0
		})
	}
	out := api.FilteredStrategiesResponse{
		TotalUserStrategies:   &total,
		ActiveStrategiesCount: &active,
		Strategies:            []api.FilteredStrategyItem{},
		GainedAmountByChain:   s.chainGains(rows),
		Pagination:            paginate(len(rows), page, size),
	}
	if len(rows) == 0 {
		out.Stats = &api.FilteredStats{TotalUserStrategies: total, ActiveStrategiesCount: active}
	}
	from := len(rows)
	if page-1 <= len(rows)/size { // no overflow for absurd pages
		from = min((page-1)*size, len(rows))
	}
	for _, st := range rows[from:min(from+size, len(rows))] {
		item := api.FilteredStrategyItem{Strategy: s.strategyView(st, false), GainedAmountInUSD: formatUSD(s.gainMicro(st))}
		prog := st.progress()
		item.Progress = &prog
		item.Transactions = s.txViews(st, filteredTxPerItem)
		out.Strategies = append(out.Strategies, item)
	}
	return ok(out)
}

// filteredMatch applies the category, status, method and search filters.
func (s *Sandbox) filteredMatch(st *strategy, req filteredBody, search string) bool {
	if req.Category != "" && req.Category != "all" && categoryNames[st.category] != req.Category {
		return false
	}
	if req.Status != "" && string(statusNames[st.status]) != req.Status {
		return false
	}
	if req.StrategyMethod != "" && req.StrategyMethod != "all" && kindNames[st.kind] != req.StrategyMethod {
		return false
	}
	if search == "" {
		return true
	}
	p := &s.pools[st.pool]
	for _, field := range []string{p.name, p.symbol, p.address, s.strategyUID(st.id), strconv.FormatInt(st.id, 10)} {
		if strings.Contains(strings.ToLower(field), search) {
			return true
		}
	}
	return false
}

// paginate is the pagination block: totalPages is ceil(items/size), 0 when
// there are no items.
func paginate(items, page, size int) api.Pagination {
	pages := numberOfPages(items, size)
	return api.Pagination{
		TotalItems: items, TotalPages: pages, CurrentPage: page, PageSize: size,
		HasNextPage: page < pages, HasPreviousPage: page > 1,
	}
}

// chainGains rolls the rows up per chain. Token quantities of different
// pools are summed in human units (as a dashboard total, not an amount to
// act on); native figures use each chain's native price; values are USD.
func (s *Sandbox) chainGains(rows []*strategy) map[string]api.ChainGains {
	type acc struct {
		gainedTokens, soldTokens           u128 // 18-decimal normalised
		gainedTokensValue, soldTokensValue int64
		spentUSD, receivedUSD              int64
		gainedNative, soldNative           int64
	}
	per := map[int64]*acc{}
	for _, st := range rows {
		p := &s.pools[st.pool]
		a := per[p.chainID]
		if a == nil {
			a = &acc{}
			per[p.chainID] = a
		}
		norm, _ := st.filled.mul64(pow10(18 - p.decimals).lo)
		native := nativeMicro(st.filledUSD, nativePricePico(s, p.chainID))
		if st.category == catSell {
			a.soldTokens, _ = a.soldTokens.add(norm)
			a.soldTokensValue += st.filledUSD
			a.gainedNative += native
			a.receivedUSD += st.filledUSD
		} else {
			a.gainedTokens, _ = a.gainedTokens.add(norm)
			a.gainedTokensValue += valueMicro(st.filled, p.decimals, p.pricePico)
			a.soldNative += native
			a.spentUSD += st.filledUSD
		}
	}
	out := make(map[string]api.ChainGains, len(per))
	for chainID, a := range per {
		out[strconv.FormatInt(chainID, 10)] = api.ChainGains{
			GainedNative:      formatMicroUnits(a.gainedNative),
			GainedNativeValue: formatUSD(a.receivedUSD),
			GainedTokens:      formatUnits(a.gainedTokens, 18, 6),
			GainedTokensValue: formatUSD(a.gainedTokensValue),
			SoldTokens:        formatUnits(a.soldTokens, 18, 6),
			SoldTokensValue:   formatUSD(a.soldTokensValue),
			SoldNative:        formatMicroUnits(a.soldNative),
			SoldNativeValue:   formatUSD(a.spentUSD),
		}
	}
	return out
}

// nativeMicro converts micro-USD to millionths of the native token.
func nativeMicro(usdMicro, nativePico int64) int64 {
	per := max(nativePico/1_000_000, 1) // micro-USD per native unit
	return usdMicro/per*1_000_000 + usdMicro%per*1_000_000/per
}
