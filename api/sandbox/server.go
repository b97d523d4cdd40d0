package sandbox

import (
	"crypto/subtle"
	"net/http"
	"slices"
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
	noBody    bool // takes no request body: GETs and the path actions (spec 4.6)
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
	{pattern: "POST /api/v1/strategies/{strategyId}/halt", noBody: true, fn: pathAction(opHalt)},
	{pattern: "POST /api/v1/strategies/{strategyId}/archive", noBody: true, fn: pathAction(opArchive)},
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

// registerRoutes builds the mux, the hit counters and the methods of each
// literal path (see ServeHTTP).
func (s *Sandbox) registerRoutes() {
	s.mux = http.NewServeMux()
	s.routes = make(map[string]*routeInfo, len(routeTable))
	s.literal = make(map[string][]string)
	for _, rt := range routeTable {
		info := &routeInfo{route: rt}
		info.noBody = rt.noBody || strings.HasPrefix(rt.pattern, "GET ")
		s.routes[rt.pattern] = info
		s.mux.HandleFunc(rt.pattern, func(w http.ResponseWriter, r *http.Request) { s.serveRoute(info, w, r) })
		method, path, _ := strings.Cut(rt.pattern, " ")
		if !strings.Contains(path, "{") {
			s.literal[path] = append(s.literal[path], allowedMethods(method)...)
		}
	}
	s.mux.HandleFunc("GET "+OpenAPIPath, s.serveOpenAPI)
	s.literal[OpenAPIPath] = allowedMethods(http.MethodGet)
}

// allowedMethods are the methods a pattern's method answers: a GET pattern
// also answers HEAD, as ServeMux does.
func allowedMethods(method string) []string {
	if method == http.MethodGet {
		return []string{http.MethodGet, http.MethodHead}
	}
	return []string{method}
}

// ServeHTTP answers every route of the interface under /api/v1. An unknown
// route is a 404 and a known path with the wrong method a 405 (with Allow),
// both with the JSON error body; they are answered before authentication, as
// a router in front of auth guards would. Three things are settled before
// the mux sees the request, because its own answers are HTML or misleading:
//   - a path that is not canonical (//api/v1/users, /api/v1/./users) is a
//     404: the mux would redirect it with an HTML body, and a client that
//     follows redirects would resend a POST's credentials to another path;
//   - a literal path such as /api/v1/strategies/changeBalance with a method
//     it does not take is a 405, not a GET /strategies/{strategyId} whose id
//     "changeBalance" is then refused with a puzzling 400;
//   - a request with a body gets a read deadline (see bodyDeadline).
func (s *Sandbox) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.bodyDeadline(w, r)
	if !canonicalPath(r.URL.Path) {
		s.unrouted(w, r, fail(http.StatusNotFound, "no route "+r.Method+" "+echo(r.URL.Path)+": the path is not canonical"))
		return
	}
	if allow, literal := s.literal[r.URL.Path]; literal && !slices.Contains(allow, r.Method) {
		w.Header().Set("Allow", strings.Join(allow, ", "))
		s.unrouted(w, r, fail(http.StatusMethodNotAllowed, "method "+echo(r.Method)+" is not allowed on this route"))
		return
	}
	h, pattern := s.mux.Handler(r)
	if pattern != "" {
		s.mux.ServeHTTP(w, r) // sets r.Pattern and the path values
		return
	}
	capture := &headerCapture{header: http.Header{}}
	h.ServeHTTP(capture, r)
	if capture.status == http.StatusMethodNotAllowed {
		w.Header().Set("Allow", capture.header.Get("Allow"))
		s.unrouted(w, r, fail(http.StatusMethodNotAllowed, "method "+echo(r.Method)+" is not allowed on this route"))
		return
	}
	s.unrouted(w, r, fail(http.StatusNotFound, "no route "+echo(r.Method)+" "+echo(r.URL.Path)))
}

// unrouted answers a request no route took, unless the sandbox is down.
func (s *Sandbox) unrouted(w http.ResponseWriter, _ *http.Request, rep reply) {
	if s.currentFaults().Down {
		dropConnection(w)
		return
	}
	writeReply(w, rep)
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
	if rt.noBody && hasBody(r) {
		// Refused, not read: the body deadline bounds what the server
		// drains of it afterwards.
		s.respond(f, w, badRequest("this route takes no request body"))
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
