package sandbox

import (
	"strconv"
	"strings"

	"github.com/stratop/stratop/api"
)

// The data model. Everything lives in flat slices of values indexed by
// position (id = index + 1), so 200k strategies are one allocation rather than
// 200k, and a list page walks compact arrays. All of it is guarded by
// Sandbox.mu.

// Codes of the strategy states, categories and types. Compact codes keep the
// strategy record small and feed the packed filter keys of listindex.go.
const (
	stActive uint8 = iota
	stSuspended
	stPaused
	stCompleted
	stArchived
	numStatuses
)

var statusNames = [numStatuses]api.Status{api.StatusActive, api.StatusSuspended, api.StatusPaused, api.StatusCompleted, api.StatusArchived}

const (
	catBuy uint8 = iota
	catSell
	catRange
)

var categoryNames = [...]string{api.CategoryBuy, api.CategorySell, api.CategoryRange}

const (
	kindDCA uint8 = iota
	kindVolume
)

var kindNames = [...]string{api.MethodDCA, api.MethodVolume}

// statusCode maps a wire status to its code; ok is false for unknown values.
func statusCode(s api.Status) (uint8, bool) {
	for i, n := range statusNames {
		if n == s {
			return uint8(i), true
		}
	}
	return 0, false
}

// integration is one partner integration: its credentials, its users and its
// strategies. The key identifies the integration (spec section 5.3); nothing
// of one integration is visible through another's key.
type integration struct {
	key, secret []byte
	users       []int32          // user indexes in id order
	byExternal  map[string]int32 // external user id -> user index
	order       []int32          // strategy indexes in creation (id) order
	keys        []uint16         // packed filter key per entry of order
	idem        map[string]idemEntry
}

// idemEntry remembers the first successful answer to a changeBalance key.
type idemEntry struct {
	bodyHash [32]byte
	status   int
	body     []byte
}

// user is an end user of an integration.
type user struct {
	id             int64
	integ          int32
	externalID     string
	wallet         string
	email          string
	metadata       map[string]any
	depositChainID int64
	seeded         bool    // native balances derive from the seed; new users start at 0
	strategies     []int32 // strategy indexes, creation order
	deposits       []int32 // deposit indexes
}

// pool is a token the platform trades. Pools are platform-wide; which of
// them an integration sees depends on its users' deposits.
type pool struct {
	id        int64
	name      string
	symbol    string
	address   string
	decimals  int
	chainID   int64
	pricePico int64  // USD price in 1e-12 USD, moved by the simulation
	quote     string // the chain's wrapped native token, the other side of swaps
	holders   []int  // deposits per integration, for getClientPools
}

// deposit is a user's deposit in a pool; balances are raw token units.
type deposit struct {
	id        int64
	user      int32
	pool      int32
	balance   u128
	claimable int64 // micro-USD claimable value
	disabled  bool
}

// strategy is a trading strategy. balance is the allocated amount
// (balanceUsed, raw units of the pool token: the sandbox's choice, the spec
// does not name the unit) and filled the part already traded.
type strategy struct {
	id         int64
	integ      int32
	user       int32
	pool       int32
	deposit    int32
	pos        int32 // index in the integration's order/keys
	status     uint8
	category   uint8
	kind       uint8
	hasPct     bool
	input      string // inputToken as created; empty for seeded (derived from the pool)
	output     string // outputToken as created; empty for seeded
	orders     int64
	dcaFreq    int64
	executed   int64
	percentage float64
	balance    u128
	filled     u128
	filledUSD  int64 // micro-USD at execution prices
	created    int64 // Unix seconds
	updated    int64
	nextStep   int64 // simulation step at which the next DCA order is due
	volEvents  int64 // volume accumulator: events since the last swap
	opts       *api.StrategyOptions
	txs        []txn // latest transactions, oldest first (capped, see simulate.go)
}

// txn is an executed order. Its id, hash and USD figures derive from these
// fields at read time.
type txn struct {
	id     int64
	amount u128
	usd    int64 // micro-USD at execution; the gain is its value now minus this
	at     int64 // Unix seconds
}

// remaining is the allocated balance not traded yet.
func (st *strategy) remaining() u128 { return st.balance.sub(st.filled) }

// schedule returns scheduledStartAt, or 0 when the strategy starts at once.
func (st *strategy) schedule() int64 {
	if st.opts != nil && st.opts.ScheduledStartAt != nil {
		return *st.opts.ScheduledStartAt
	}
	return 0
}

// poolKey indexes pools by chain and token address; EVM addresses are
// compared case-insensitively, Solana base58 ones exactly.
func poolKey(chainID int64, address string) string {
	if chainID != api.ChainSolana {
		address = strings.ToLower(address)
	}
	return strconv.FormatInt(chainID, 10) + ":" + address
}

// userOf finds an integration's user by external id.
func (s *Sandbox) userOf(in *integration, externalID string) (*user, bool) {
	i, ok := in.byExternal[externalID]
	if !ok {
		return nil, false
	}
	return &s.users[i], true
}

// strategyOf finds an integration's strategy by id; another integration's
// strategy is not found, exactly like a missing one.
func (s *Sandbox) strategyOf(integ int32, id int64) (*strategy, bool) {
	if id < 1 || id > int64(len(s.strategies)) {
		return nil, false
	}
	st := &s.strategies[id-1]
	if st.integ != integ {
		return nil, false
	}
	return st, true
}

// poolByID finds a pool by id.
func (s *Sandbox) poolByID(id int64) (*pool, bool) {
	if id < 1 || id > int64(len(s.pools)) {
		return nil, false
	}
	return &s.pools[id-1], true
}

// setStatus changes a strategy's state and keeps the list index in step.
func (s *Sandbox) setStatus(st *strategy, code uint8) {
	if code != st.status {
		s.logChange(st, string(statusNames[st.status]), code)
	}
	st.status = code
	st.updated = s.now().Unix()
	s.integrations[st.integ].keys[st.pos] = s.filterKey(st)
}

// zeroBalances releases what a strategy still holds (archive, stop, disable).
func (st *strategy) zeroBalances() {
	st.balance = u128{}
	st.volEvents = 0
}
