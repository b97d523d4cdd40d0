package sandbox

import (
	"encoding/hex"
	"time"

	"github.com/stratop/stratop/api"
)

// Conversions from the records to the wire types. Callers hold s.mu (read
// or write); the results share no mutable memory with the records (stored
// options are never mutated in place, see routes_update.go).

// maxTxInRead is how many latest transactions the single-strategy read and
// the filtered list carry (an extension; newest first).
const maxTxInRead = 20

// poolView is a Pool; the price is left out where the spec says it is absent.
func poolView(p *pool, withPrice bool) api.Pool {
	v := api.Pool{ID: p.id, Name: p.name, Symbol: p.symbol, Decimals: p.decimals, TokenAddress: p.address, ChainID: p.chainID}
	if withPrice {
		v.TokenPrice = formatPrice(p.pricePico)
	}
	return v
}

// poolSummary is the pool embedded in strategies and transactions.
func poolSummary(p *pool, withPrice bool) api.PoolSummary {
	v := api.PoolSummary{ID: p.id, Name: p.name, Symbol: p.symbol, TokenAddress: p.address, Decimals: p.decimals}
	if withPrice {
		v.TokenPrice = formatPrice(p.pricePico)
	}
	return v
}

// strategyUID is the string strategyId of a record. The spec shows no relation
// to the numeric id; ours is a UUID-shaped value derived from the seed and id.
func (s *Sandbox) strategyUID(id int64) string {
	var b [16]byte
	fillBytes(b[:], s.salt, 0x57a7, uint64(id))
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b[:])
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// strategyView is the wire form of a strategy. The list form carries the
// pool's tokenPrice; the single read (full) leaves the price out of the pool
// embed, as the spec says, and adds the settings and latest transactions.
// Beyond the spec's fields every record carries the owner's external id
// (userId), poolId, tokens, balanceUsed, percentage, executedOrders and
// timestamps: extensions, since "fields beyond those listed: not shown".
func (s *Sandbox) strategyView(st *strategy, full bool) api.Strategy {
	p := &s.pools[st.pool]
	in, out := st.input, st.output
	if in == "" {
		in, out = p.quote, p.address
		if st.category == catSell {
			in, out = out, in
		}
	}
	v := api.Strategy{
		ID:             st.id,
		StrategyID:     s.strategyUID(st.id),
		ChainID:        p.chainID,
		Status:         statusNames[st.status],
		Category:       categoryNames[st.category],
		Type:           kindNames[st.kind],
		PoolDepositID:  s.deposits[st.deposit].id,
		Orders:         st.orders,
		DcaFrequency:   st.dcaFreq,
		Pool:           poolSummary(p, !full),
		UserID:         s.users[st.user].externalID,
		PoolID:         p.id,
		InputToken:     in,
		OutputToken:    out,
		TokenAddress:   p.address,
		BalanceUsed:    st.balance.String(),
		ExecutedOrders: st.executed,
		CreatedAt:      rfc3339(st.created),
		UpdatedAt:      rfc3339(st.updated),
	}
	if st.hasPct {
		pct := st.percentage
		v.Percentage = &pct
	}
	if full {
		if st.opts != nil {
			v.StrategyOptions = *st.opts
		}
		v.Transactions = s.txViews(st, maxTxInRead)
	}
	return v
}

// txViews are a strategy's latest transactions, newest first.
func (s *Sandbox) txViews(st *strategy, limit int) []api.StrategyTransaction {
	if len(st.txs) == 0 {
		return nil
	}
	p := &s.pools[st.pool]
	n := min(limit, len(st.txs))
	out := make([]api.StrategyTransaction, 0, n)
	typ := api.CategoryBuy
	if st.category == catSell {
		typ = api.CategorySell
	}
	for i := len(st.txs) - 1; i >= len(st.txs)-n; i-- {
		t := &st.txs[i]
		gain := valueMicro(t.amount, p.decimals, p.pricePico) - t.usd
		if st.category == catSell {
			gain = -gain
		}
		hash := txHashFor(p.chainID, s.salt, 0x7c, uint64(t.id))
		out = append(out, api.StrategyTransaction{
			ID:                t.id,
			Amount:            t.amount.String(),
			Type:              typ,
			StrategyID:        st.id,
			AmountInUSD:       formatUSD(t.usd),
			GainedAmountInUSD: formatUSD(gain),
			ChainID:           p.chainID,
			CreatedAt:         rfc3339(t.at),
			TxHash:            hash,
			Pool:              poolSummary(p, false),
			Transaction:       &api.TransactionRef{Hash: hash},
		})
	}
	return out
}

// gainMicro is what a strategy has gained so far in micro-USD: for buys the
// tokens bought valued now minus what they cost, for sells what the tokens
// fetched minus what they would be worth now.
func (s *Sandbox) gainMicro(st *strategy) int64 {
	p := &s.pools[st.pool]
	g := valueMicro(st.filled, p.decimals, p.pricePico) - st.filledUSD
	if st.category == catSell {
		return -g
	}
	return g
}

// progress is the fraction done: executed/orders for DCA, traded/allocated
// for volume (1 when nothing is allocated any more but something traded).
func (st *strategy) progress() float64 {
	if st.kind == kindDCA {
		if st.orders == 0 {
			return 0
		}
		return float64(st.executed) / float64(st.orders)
	}
	if st.balance.isZero() {
		if st.filled.isZero() {
			return 0
		}
		return 1
	}
	return min(u128Float(st.filled)/u128Float(st.balance), 1)
}

// userListItem is a user in GET /users: id, externalUserId and
// walletAddress, which is null when the user has none (spec section 2: the
// key is always there, the client's api.User reads null as "").
type userListItem struct {
	ID             int64   `json:"id"`
	ExternalUserID string  `json:"externalUserId"`
	WalletAddress  *string `json:"walletAddress"`
}

// userRecord is the single user read: the list item plus email, null when
// the user gave none.
type userRecord struct {
	ID             int64   `json:"id"`
	ExternalUserID string  `json:"externalUserId"`
	WalletAddress  *string `json:"walletAddress"`
	Email          *string `json:"email"`
}

// userListView is a user as GET /users lists it.
func userListView(u *user) userListItem {
	return userListItem{ID: u.id, ExternalUserID: u.externalID, WalletAddress: nullable(u.wallet)}
}

// userView is a user as the single read (and POST /users) answers it.
func userView(u *user) userRecord {
	return userRecord{ID: u.id, ExternalUserID: u.externalID, WalletAddress: nullable(u.wallet), Email: nullable(u.email)}
}

// nullable is nil for "", so an absent value is sent as null.
func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// rfc3339 formats Unix seconds in UTC.
func rfc3339(sec int64) string { return time.Unix(sec, 0).UTC().Format(time.RFC3339) }
