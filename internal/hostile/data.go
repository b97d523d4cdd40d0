package hostile

import (
	"encoding/json"
	"math"
	"strconv"
	"time"

	"github.com/stratop/stratop/api"
)

// The builders below fill every string field of every record with a
// payload, rotating by row and field so that each payload leads each field
// in some row. Numbers stay valid JSON of the right type but take awkward
// values (huge ids, odd decimals, unknown chains, out-of-range progress).

// texts hands out the payloads for one record.
type texts struct {
	payloads []Payload
	row      int
	field    int
	tail     string // appended to every value of a single-record read
	short    bool   // skip the long payloads: nested records stay small
}

// shortTexts is texts without the long payloads, for nested records, so an
// answer stays well under a megabyte while its top-level fields are long.
func (s *Server) shortTexts(row int) *texts {
	return &texts{payloads: s.payloads, row: row, short: true}
}

func (s *Server) texts(row int) *texts { return &texts{payloads: s.payloads, row: row} }

// detailTexts is texts for records shown in full (detail panes): each value
// leads with its rotated payload and then carries every short payload.
func (s *Server) detailTexts(row int) *texts {
	return &texts{payloads: s.payloads, row: row, tail: " " + allInOne(s.payloads)}
}

// next is the payload for the next string field, ready for JSON encoding.
func (t *texts) next() string {
	p := t.payloads[(t.row+t.field)%len(t.payloads)]
	t.field++
	for k := 1; t.short && len(p.Text) > 512 && k < len(t.payloads); k++ {
		p = t.payloads[(t.row+t.field+k)%len(t.payloads)]
	}
	return wire(p.Text + t.tail)
}

// status is a real status in every third row (so per-status counts,
// colours and actions have something to work on) and a payload otherwise.
func (t *texts) status() api.Status {
	if t.row%3 == 0 {
		all := []api.Status{api.StatusActive, api.StatusSuspended, api.StatusPaused, api.StatusCompleted, api.StatusArchived}
		return all[(t.row/3)%len(all)]
	}
	return api.Status(t.next())
}

// amount is a 60-digit raw amount in every third row and a payload otherwise.
func (t *texts) amount() string {
	if t.row%3 == 1 {
		return "123456789012345678901234567890123456789012345678901234567890"
	}
	return t.next()
}

// time is an RFC 3339 time in every third row and a payload otherwise.
func (t *texts) time() string {
	if t.row%3 == 2 {
		return time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC).Add(time.Duration(t.row) * time.Hour).Format(time.RFC3339)
	}
	return t.next()
}

// Awkward numbers, rotated by row.
var (
	oddDecimals = []int{18, 6, 0, 77, 255, -1, 9}
	oddChains   = []int64{api.ChainBase, api.ChainBNB, 0, api.ChainSolana, -1, 999999999999, api.ChainEthereum, api.Chain4663}
	oddFloats   = []float64{0.5, 1.7, -0.3, 1e300, 0, 1e-300, math.MaxFloat64}
	oddNumbers  = []json.Number{"1e400", "-0", "123456789012345678901234567890.5", "0.0000000000000000000001", "-42", "7"}
)

func pick[T any](list []T, row int) T { return list[row%len(list)] }

// recordID is a positive id; row 0 gets the largest int64.
func recordID(row int) int64 {
	if row == 0 {
		return math.MaxInt64
	}
	return int64(1000 + row)
}

func ptr[T any](v T) *T { return &v }

func (s *Server) users() []api.User {
	out := make([]api.User, s.rows)
	for i := range out {
		t := s.texts(i)
		out[i] = api.User{ID: recordID(i), ExternalUserID: t.next(), WalletAddress: t.next()}
	}
	return out
}

// user is the single-user read of row. Its externalUserId echoes the id
// asked for, as a real server's does, unless the server was made to answer
// with another one (WithForeignUserIDs).
func (s *Server) user(row int, asked string) api.User {
	t := s.detailTexts(row)
	u := api.User{ID: recordID(row), ExternalUserID: t.next(), WalletAddress: t.next(), Email: t.next()}
	if !s.foreignIDs {
		u.ExternalUserID = asked
	}
	return u
}

func (s *Server) balance(row int, detail bool) api.NativeBalance {
	t := s.texts(row)
	if detail {
		t = s.detailTexts(row)
	}
	b := api.NativeBalance{ChainID: pick(oddChains, row), Balance: t.amount(), TotalClaimableNativeTokens: t.amount()}
	if detail {
		// A single-record read carries payloads whatever its row.
		b.TotalClaimableNativeTokens = t.next()
	}
	return b
}

func (s *Server) balances() []api.NativeBalance {
	out := make([]api.NativeBalance, 0, len(oddChains))
	for i := range oddChains {
		out = append(out, s.balance(i, false))
	}
	return out
}

func (s *Server) pool(row int, withPrice bool) api.Pool {
	t := s.texts(row)
	if withPrice {
		t = s.detailTexts(row)
	}
	p := api.Pool{ID: recordID(row), Name: t.next(), Symbol: t.next(), Decimals: pick(oddDecimals, row),
		TokenAddress: t.next(), ChainID: pick(oddChains, row)}
	if withPrice {
		p.TokenPrice = t.amount()
	}
	return p
}

func (s *Server) pools() []api.Pool {
	out := make([]api.Pool, s.rows)
	for i := range out {
		out[i] = s.pool(i, false)
	}
	return out
}

func (s *Server) poolSummary(row int) api.PoolSummary {
	t := s.shortTexts(row + 5)
	return api.PoolSummary{ID: recordID(row), Name: t.next(), Symbol: t.next(), TokenAddress: t.next(),
		Decimals: pick(oddDecimals, row), TokenPrice: t.amount()}
}

func (s *Server) userPools() api.UserPoolsResponse {
	t := s.texts(1)
	r := api.UserPoolsResponse{TokenOverallValue: t.next(), TokenOverallNativeValue: t.next(), TokenOverallAvailableValue: t.next()}
	for i := range s.rows {
		pt := s.texts(i + 3)
		item := api.UserPoolItem{Pool: s.pool(i, false), TokenValue: pt.next(), UserBalance: pt.amount(),
			TotalBalanceAvailable: pt.next(), HasActiveStrategies: i%2 == 0,
			PoolVolumeTotals: api.PoolVolumeTotals{
				TotalBoughtFromStrategies: pick(oddNumbers, i), TotalSoldFromStrategies: pick(oddNumbers, i+1),
				TotalBoughtFromSwaps: pick(oddNumbers, i+2), TotalSoldFromSwaps: pick(oddNumbers, i+3),
				TotalBought: pick(oddNumbers, i+4), TotalSold: pick(oddNumbers, i+5)}}
		item.TokenPrice = pt.amount()
		for d := range 2 {
			dt := s.shortTexts(i + d + 7)
			dep := api.PoolDeposit{ID: recordID(i*2 + d), UserBalance: dt.amount(), LockedAmount: dt.amount(),
				LockedNativeAmount: dt.amount(), Value: dt.next(), CurrentClaimableValue: dt.next()}
			if d == 0 {
				dep.Strategies = []api.Strategy{s.strategyRecord(i, s.shortTexts(i))}
			}
			item.Deposits = append(item.Deposits, dep)
		}
		r.Pools = append(r.Pools, item)
	}
	return r
}

func (s *Server) tokenBalance() api.TokenBalanceResponse {
	t := s.texts(2)
	return api.TokenBalanceResponse{UserID: t.next(), TokenAddress: t.next(), ChainID: api.ChainBase,
		Pool:          api.TokenBalancePoolSummary{ID: 7, Name: t.next(), Symbol: t.next(), Decimals: 77},
		PoolDepositID: ptr(int64(math.MaxInt64)), UserBalance: t.amount(), LockedAmount: t.amount(),
		AvailableBalance: t.amount(), HasDeposit: true}
}

func (s *Server) options(row int) api.StrategyOptions {
	t := s.shortTexts(row + 11)
	return api.StrategyOptions{
		IsSmartGasOn: ptr(true), GasThreshold: ptr(int64(math.MaxInt64)), AutoClaim: ptr(true),
		ReceiverAddress: t.next(), RouteProtection: ptr(false), TriggerMarketCap: t.next(),
		TriggerPrice: t.next(), TriggerType: t.next(), ScheduledStartAt: ptr(int64(-1)),
		SwapKind: t.next(), PoolKind: t.next(), PoolAddress: t.next(), MaxTransactionValue: t.amount(),
		MinTransactionValue: api.FlexString(t.next()), VolumeAccumulatorSize: ptr(int64(99)),
		VolumeExclusionAddresses: []string{t.next(), t.next()},
	}
}

// strategy is the record of row; detail adds settings and transactions as
// the single read does.
func (s *Server) strategy(row int, detail bool) api.Strategy {
	t := s.texts(row)
	if detail {
		t = s.detailTexts(row)
	}
	st := s.strategyRecord(row, t)
	if detail {
		st.StrategyOptions = s.options(row)
		for k := range 6 {
			st.Transactions = append(st.Transactions, s.transaction(row, k))
		}
	}
	return st
}

// strategyRecord is the record of row without settings and transactions,
// its strings drawn from t.
func (s *Server) strategyRecord(row int, t *texts) api.Strategy {
	st := api.Strategy{ID: recordID(row), StrategyID: t.next(), ChainID: pick(oddChains, row), Status: t.status(),
		Category: t.next(), Type: t.next(), PoolDepositID: recordID(row + 1), Orders: int64(row * 1000),
		DcaFrequency: math.MaxInt64, Pool: s.poolSummary(row),
		UserID: t.next(), PoolID: recordID(row), InputToken: t.next(), OutputToken: t.next(),
		TokenAddress: t.next(), BalanceUsed: t.amount(), Percentage: ptr(pick(oddFloats, row)),
		ExecutedOrders: int64(row * 1001), CreatedAt: t.time(), UpdatedAt: t.time()}
	if row%2 == 0 {
		st.Category = api.CategoryBuy
		st.Type = api.MethodDCA
	}
	return st
}

func (s *Server) transaction(row, k int) api.StrategyTransaction {
	t := s.shortTexts(row + k)
	return api.StrategyTransaction{ID: recordID(row*10 + k), Amount: t.amount(), Type: t.next(),
		StrategyID: recordID(row), AmountInUSD: t.next(), GainedAmountInUSD: t.next(),
		ChainID: pick(oddChains, row+k), CreatedAt: t.time(), TxHash: t.next(), Pool: s.poolSummary(row + k),
		Transaction: &api.TransactionRef{Hash: t.next()}}
}

// pages is how many pages the strategy lists claim, so paging has room.
const pages = 3

func (s *Server) strategiesPage(page int) api.StrategiesPage {
	page = min(max(page, 1), pages)
	p := api.StrategiesPage{TotalCount: s.rows * pages, Page: page, PageSize: s.rows, NumberOfPages: pages}
	for i := range s.rows {
		p.Strategies = append(p.Strategies, s.strategy((page-1)*s.rows+i, false))
	}
	return p
}

func (s *Server) filtered(page int) api.FilteredStrategiesResponse {
	page = min(max(page, 1), pages)
	r := api.FilteredStrategiesResponse{
		TotalUserStrategies: ptr(int64(s.rows * pages)), ActiveStrategiesCount: ptr(int64(-1)),
		GainedAmountByChain: map[string]api.ChainGains{},
		Pagination: api.Pagination{TotalItems: s.rows * pages, TotalPages: pages, CurrentPage: page,
			PageSize: s.rows, HasNextPage: page < pages, HasPreviousPage: page > 1},
	}
	for i := range s.rows {
		t := s.texts(i + 2)
		row := (page-1)*s.rows + i
		item := api.FilteredStrategyItem{Strategy: s.strategyRecord(row, s.texts(row)), GainedAmountInUSD: t.next(),
			Progress: ptr(pick(oddFloats, i))}
		item.StrategyOptions = s.options(row)
		for k := range 3 {
			item.Transactions = append(item.Transactions, s.transaction(row, k))
		}
		r.Strategies = append(r.Strategies, item)
	}
	for i, chain := range oddChains {
		t := s.shortTexts(i)
		g := api.ChainGains{GainedNative: t.amount(), GainedNativeValue: t.next(), GainedTokens: t.amount(),
			GainedTokensValue: t.next(), SoldTokens: t.amount(), SoldTokensValue: t.next(),
			SoldNative: t.amount(), SoldNativeValue: t.next()}
		r.GainedAmountByChain[strconv.FormatInt(chain, 10)] = g
		r.GainedAmountByChain[t.next()] = g // a key that is not a chain id
	}
	return r
}

// errorBody is the hostile error every action gets.
func (s *Server) errorBody(status int) api.ErrorBody {
	t := s.texts(int(s.hits.Load()))
	return api.ErrorBody{StatusCode: status, Message: api.Messages{t.next(), t.next(), wire(AllInOne())}, Error: t.next()}
}
