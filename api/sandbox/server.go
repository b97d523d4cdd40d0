package sandbox

import (
	"crypto/subtle"
	"net/http"
	"strings"
	"sync/atomic"
)

// call is one authenticated request on its way through a route handler.
type call struct {
	w     http.ResponseWriter
	r     *http.Request
	integ int32
	in    *integration
	body  []byte // the raw body once read (changeBalance hashes it)
}

// route is one registered route of spec sections 4.1-4.6.
type route struct {
	pattern   string
	read      bool // a read: eligible for FailRate; the client retries these
	twoFactor bool // refused with 403 when no portal user has 2FA (spec 5.4)
	fn        func(*Sandbox, *call) reply
}

// routeInfo is a registered route with its hit counter.
type routeInfo struct {
	route
	hits atomic.Int64
}

// routeTable lists every route. Patterns use Go 1.22 ServeMux syntax; a
// literal segment wins over a wildcard, so /strategies/getStrategies is not
// taken for a strategy id.
var routeTable = []route{
	// 4.1 Users
	{pattern: "GET /api/v1/users", read: true, fn: (*Sandbox).listUsers},
	{pattern: "GET /api/v1/users/{userId}", read: true, fn: (*Sandbox).getUser},
	{pattern: "POST /api/v1/users", fn: (*Sandbox).upsertUser},
	{pattern: "POST /api/v1/getUserPools", read: true, fn: (*Sandbox).getUserPools},
	{pattern: "POST /api/v1/getTokenBalance", read: true, fn: (*Sandbox).getTokenBalance},
	{pattern: "GET /api/v1/users/{userId}/balances", read: true, fn: (*Sandbox).getUserBalances},
	{pattern: "GET /api/v1/users/{userId}/balances/{chainId}", read: true, fn: (*Sandbox).getUserChainBalance},
	// 4.2 Pools
	{pattern: "POST /api/v1/getClientPools", read: true, fn: (*Sandbox).getClientPools},
	{pattern: "GET /api/v1/pools/{poolId}", read: true, fn: (*Sandbox).getPool},
	// 4.3 Create
	{pattern: "POST /api/v1/strategies/createStrategyDcaBuy", twoFactor: true, fn: createHandler(kindDCA, catBuy)},
	{pattern: "POST /api/v1/strategies/createStrategyDcaSell", twoFactor: true, fn: createHandler(kindDCA, catSell)},
	{pattern: "POST /api/v1/strategies/createStrategyVolumeBuy", twoFactor: true, fn: createHandler(kindVolume, catBuy)},
	{pattern: "POST /api/v1/strategies/createStrategyVolumeSell", twoFactor: true, fn: createHandler(kindVolume, catSell)},
	// 4.4 Update
	{pattern: "POST /api/v1/strategies/setStrategyBuyDCA", twoFactor: true, fn: updateHandler(kindDCA, catBuy)},
	{pattern: "POST /api/v1/strategies/setStrategySellDCA", twoFactor: true, fn: updateHandler(kindDCA, catSell)},
	{pattern: "POST /api/v1/strategies/setStrategyBuyVolume", twoFactor: true, fn: updateHandler(kindVolume, catBuy)},
	{pattern: "POST /api/v1/strategies/setStrategySellVolume", twoFactor: true, fn: updateHandler(kindVolume, catSell)},
	// 4.5 Read
	{pattern: "POST /api/v1/strategies/getDashBoardStats", read: true, fn: (*Sandbox).dashboardStats},
	{pattern: "GET /api/v1/strategies", read: true, fn: (*Sandbox).listStrategies},
	{pattern: "POST /api/v1/strategies/getStrategies", read: true, fn: (*Sandbox).userStrategies},
	{pattern: "POST /api/v1/strategies/getFilteredStrategies", read: true, fn: (*Sandbox).filteredStrategies},
	{pattern: "GET /api/v1/strategies/{strategyId}", read: true, fn: (*Sandbox).getStrategy},
	// 4.6 Lifecycle
	{pattern: "POST /api/v1/strategies/{strategyId}/halt", fn: pathAction(opHalt)},
	{pattern: "POST /api/v1/strategies/{strategyId}/archive", fn: pathAction(opArchive)},
	{pattern: "POST /api/v1/strategies/removeStrategy", fn: bodyAction(opArchive)},
	{pattern: "POST /api/v1/strategies/disableStrategy", fn: bodyAction(opDisable)},
	{pattern: "POST /api/v1/strategies/suspendStrategy", twoFactor: true, fn: bodyAction(opSuspend)},
	{pattern: "POST /api/v1/strategies/resumeStrategy", twoFactor: true, fn: bodyAction(opResume)},
	{pattern: "POST /api/v1/strategies/stopStrategy", twoFactor: true, fn: bodyAction(opStop)},
	{pattern: "POST /api/v1/strategies/changeBalance", twoFactor: true, fn: (*Sandbox).changeBalance},
	{pattern: "POST /api/v1/strategies/duplicateStrategy", twoFactor: true, fn: (*Sandbox).duplicateStrategy},
	{pattern: "POST /api/v1/strategies/removeStrategies", twoFactor: true, fn: (*Sandbox).removeStrategies},
	{pattern: "POST /api/v1/strategies/disableAllStrategies", twoFactor: true, fn: asyncJob(jobDisableAll)},
	{pattern: "POST /api/v1/strategies/removeAllStrategies", twoFactor: true, fn: asyncJob(jobRemoveAll)},
}

// registerRoutes builds the mux and the hit counters.
func (s *Sandbox) registerRoutes() {
	s.mux = http.NewServeMux()
	s.routes = make(map[string]*routeInfo, len(routeTable))
	for _, rt := range routeTable {
		info := &routeInfo{route: rt}
		s.routes[rt.pattern] = info
		s.mux.HandleFunc(rt.pattern, func(w http.ResponseWriter, r *http.Request) { s.serveRoute(info, w, r) })
	}
}

// ServeHTTP answers every route of the interface under /api/v1. An unknown
// route is a 404 and a known path with the wrong method a 405 (with Allow),
// both with the JSON error body; they are answered before authentication, as
// a router in front of auth guards would.
func (s *Sandbox) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h, pattern := s.mux.Handler(r)
	if pattern != "" {
		s.mux.ServeHTTP(w, r) // sets r.Pattern and the path values
		return
	}
	f := s.currentFaults()
	if f.Down {
		dropConnection(w)
		return
	}
	capture := &headerCapture{header: http.Header{}}
	h.ServeHTTP(capture, r)
	if capture.status == http.StatusMethodNotAllowed {
		w.Header().Set("Allow", capture.header.Get("Allow"))
		writeReply(w, fail(http.StatusMethodNotAllowed, "method "+r.Method+" is not allowed on this route"))
		return
	}
	writeReply(w, fail(http.StatusNotFound, "no route "+r.Method+" "+sanitizePath(r.URL.Path)))
}

// serveRoute runs one matched route: count, faults, authentication, the
// two-factor requirement, then the handler.
func (s *Sandbox) serveRoute(rt *routeInfo, w http.ResponseWriter, r *http.Request) {
	rt.hits.Add(1)
	f := s.currentFaults()
	if !s.injectBefore(f, rt.read, w, r) {
		return
	}
	integ, rep, authed := s.authenticate(r)
	if !authed {
		s.respond(f, w, rep)
		return
	}
	if rt.twoFactor && s.cfg.noTwoFactor {
		s.respond(f, w, fail(http.StatusForbidden, twoFactorMessage))
		return
	}
	c := &call{w: w, r: r, integ: integ, in: &s.integrations[integ]}
	s.respond(f, w, rt.fn(s, c))
}

// authenticate finds the integration of the key (spec 5.1-5.3). Every
// integration is compared in constant time, key and secret both, so neither
// timing nor the answer tells a wrong key from a wrong secret.
func (s *Sandbox) authenticate(r *http.Request) (int32, reply, bool) {
	key, secret := r.Header.Get("X-API-Key"), r.Header.Get("X-API-Secret")
	if key == "" || secret == "" {
		return 0, fail(http.StatusUnauthorized, "missing X-API-Key or X-API-Secret header"), false
	}
	found := int32(-1)
	for i := range s.integrations {
		in := &s.integrations[i]
		k := subtle.ConstantTimeCompare([]byte(key), in.key)
		sec := subtle.ConstantTimeCompare([]byte(secret), in.secret)
		if k&sec == 1 && found < 0 {
			found = int32(i)
		}
	}
	if found < 0 {
		return 0, fail(http.StatusUnauthorized, "invalid API key or secret"), false
	}
	return found, reply{}, true
}

// headerCapture records what the mux's own 404/405 handlers would send, so
// ServeHTTP can answer with the JSON body instead of text.
type headerCapture struct {
	header http.Header
	status int
}

func (c *headerCapture) Header() http.Header { return c.header }
func (c *headerCapture) WriteHeader(code int) {
	if c.status == 0 {
		c.status = code
	}
}
func (c *headerCapture) Write(b []byte) (int, error) {
	c.WriteHeader(http.StatusOK)
	return len(b), nil
}

// sanitizePath keeps a path printable and short for an error message.
func sanitizePath(p string) string {
	if len(p) > 200 {
		p = p[:200] + "..."
	}
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return '?'
		}
		return r
	}, p)
}
