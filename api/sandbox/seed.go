package sandbox

import (
	"math/rand/v2"
	"strconv"

	"github.com/stratop/stratop/api"
)

// Seeding builds every record in flat slices with a handful of allocations
// in total (strings of users aside), so `--users 50000 --strategies 200000`
// starts in well under a second. Everything derives from the seed.

// Seed history parameters.
const (
	seedHistorySeconds = 90 * 24 * 3600 // strategies were created over the last 90 days
	seedTxPerStrategy  = 4              // latest transactions stored per seeded strategy
)

// seedFrequencies are the dcaFrequency values of seeded DCA strategies. The
// spec does not show the unit; the sandbox counts it in simulation steps.
var seedFrequencies = []int64{1, 2, 3, 5, 10, 15, 30, 60}

// seed fills the sandbox: pools, then the main integration, then each extra
// integration with a small data set of its own.
func (s *Sandbox) seed() {
	s.salt = mix(uint64(s.cfg.seed) ^ 0x5a4e_d80c)
	s.rng = rand.New(rand.NewPCG(uint64(s.cfg.seed), 0x51a7))
	n := 1 + len(s.cfg.extra)
	s.seedPools(n)
	s.integrations = make([]integration, n)
	total := s.cfg.strategies + len(s.cfg.extra)*extraStrategies
	s.strategies = make([]strategy, 0, total+total/8+16)
	// Sized up front: a million users must not leave their doubling behind.
	users := s.cfg.users + len(s.cfg.extra)*extraUsers + 1
	s.users = make([]user, 0, users+users/64+16)
	s.deposits = make([]deposit, 0, 2*users+users/8+16)
	s.seedIntegration(0, credPair{s.cfg.key, s.cfg.secret}, s.cfg.users, s.cfg.strategies)
	for i, e := range s.cfg.extra {
		s.seedIntegration(int32(i+1), e, extraUsers, extraStrategies)
	}
}

// seedPools creates the catalogue's pools on every active chain. Pool
// addresses do not depend on the seed, so a pool keeps its address.
func (s *Sandbox) seedPools(integrations int) {
	s.poolIndex = make(map[string]int32)
	for _, chainID := range api.Chains {
		specs := catalogue[chainID]
		for i, t := range specs {
			p := pool{
				id:        int64(len(s.pools) + 1),
				name:      t.name,
				symbol:    t.symbol,
				decimals:  t.decimals,
				chainID:   chainID,
				pricePico: parsePico(t.price),
				address:   addressFor(chainID, 0x9001, uint64(chainID), uint64(i)),
				holders:   make([]int, integrations),
			}
			s.poolIndex[poolKey(chainID, p.address)] = int32(len(s.pools))
			s.pools = append(s.pools, p)
		}
		first := len(s.pools) - len(specs)
		for i := first; i < len(s.pools); i++ {
			if i == first {
				s.pools[i].quote = s.pools[first+1].address // the native token trades against the stable coin
			} else {
				s.pools[i].quote = s.pools[first].address
			}
		}
	}
}

// seedIntegration creates one integration's users, deposits and strategies.
func (s *Sandbox) seedIntegration(idx int32, cred credPair, nUsers, nStrategies int) {
	r := rand.New(rand.NewPCG(uint64(s.cfg.seed), 0x1000+uint64(idx)))
	in := &s.integrations[idx]
	in.key, in.secret = []byte(cred.key), []byte(cred.secret)
	in.byExternal = make(map[string]int32, nUsers)
	in.idem = make(map[string]idemEntry)
	if nStrategies > 0 && nUsers == 0 {
		nUsers = 1 // strategies need an owner
	}
	in.users = make([]int32, 0, nUsers+nUsers/64+16)
	firstUser := len(s.users)
	firstDeposit := len(s.deposits)
	ends := make([]int32, nUsers) // where each user's deposits end
	for u := 0; u < nUsers; u++ {
		ends[u] = s.seedUser(idx, in, r)
	}
	depositIdx := make([]int32, len(s.deposits)-firstDeposit)
	for i := range depositIdx {
		depositIdx[i] = int32(firstDeposit + i)
	}
	lo := firstDeposit
	for u := firstUser; u < len(s.users); u++ {
		hi := int(ends[u-firstUser])
		s.users[u].deposits = depositIdx[lo-firstDeposit : hi-firstDeposit : hi-firstDeposit]
		lo = hi
	}
	s.seedStrategies(idx, in, r, firstUser, nStrategies)
	s.seedDepositState(idx, firstDeposit)
}

// seedUser creates a user with 1-3 deposits in distinct pools, and returns
// where its deposits end, for seedIntegration to give the user a slice of a
// shared backing array.
func (s *Sandbox) seedUser(idx int32, in *integration, r *rand.Rand) int32 {
	var ext string
	for {
		ext = "cust_" + strconv.FormatUint(r.Uint64N(1<<40), 36)
		if _, taken := in.byExternal[ext]; !taken {
			break
		}
	}
	id := int64(len(s.users) + 1)
	chainID := api.Chains[r.IntN(len(api.Chains))]
	email := firstNames[r.IntN(len(firstNames))] + "." + lastNames[r.IntN(len(lastNames))]
	if r.IntN(3) == 0 {
		email += strconv.Itoa(r.IntN(100))
	}
	email += "@" + mailDomains[r.IntN(len(mailDomains))]
	u := user{
		id:             id,
		integ:          idx,
		externalID:     ext,
		email:          email,
		wallet:         addressFor(chainID, s.salt, 0xa11e7, uint64(id)),
		depositChainID: chainID,
		seeded:         true,
	}
	n := 1 + r.IntN(3)
	var used [3]int
	for k := 0; k < n; k++ {
		p := r.IntN(len(s.pools))
		dup := false
		for _, q := range used[:k] {
			dup = dup || q == p
		}
		if dup {
			continue
		}
		used[k] = p
		s.deposits = append(s.deposits, deposit{
			id:        int64(len(s.deposits) + 1),
			user:      int32(len(s.users)),
			pool:      int32(p),
			balance:   seedTokens(&s.pools[p], r, 50, 50_000),
			claimable: r.Int64N(250_000_000), // up to 250 USD
		})
	}
	in.byExternal[ext] = int32(len(s.users))
	in.users = append(in.users, int32(len(s.users)))
	s.users = append(s.users, u)
	return int32(len(s.deposits))
}

// seedTokens is a raw amount of the pool's token worth between lo and hi USD
// at the seed price.
func seedTokens(p *pool, r *rand.Rand, lo, hi float64) u128 {
	usd := lo + r.Float64()*(hi-lo)
	milli := uint64(usd / (float64(p.pricePico) / float64(picoPerUSD)) * 1000)
	v, _ := u64(max(milli, 1)).mul64(pow10(p.decimals - 3).lo)
	return v
}

// seedDepositState disables some deposits without strategies (getUserPools
// lists non-disabled deposits only) and counts pool holders per integration.
func (s *Sandbox) seedDepositState(idx int32, firstDeposit int) {
	used := make([]bool, len(s.deposits)-firstDeposit)
	for i := range s.strategies {
		if st := &s.strategies[i]; st.integ == idx {
			used[int(st.deposit)-firstDeposit] = true
		}
	}
	for i := firstDeposit; i < len(s.deposits); i++ {
		d := &s.deposits[i]
		if !used[i-firstDeposit] && mix(s.salt^uint64(d.id))%25 == 0 {
			d.disabled = true
			continue
		}
		s.pools[d.pool].holders[idx]++
	}
}
