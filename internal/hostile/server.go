package hostile

import (
	"encoding/json"
	"io"
	"math"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
)

// Server is the hostile partner interface, an http.Handler serving every
// route under /api/v1 that the dashboard reads, plus the actions. It is safe
// for concurrent use; faults can change while it serves.
type Server struct {
	payloads   []Payload
	rows       int
	foreignIDs bool
	mux        *http.ServeMux

	mu           sync.Mutex
	fault        Fault
	actionStatus int

	hits   atomic.Int64 // requests received
	served atomic.Int64 // healthy 2xx answers written in full
}

// Option configures New.
type Option func(*Server)

// WithRows sets how many rows each list answers (default: one per payload
// plus three, so every payload leads every column in some row).
func WithRows(n int) Option {
	return func(s *Server) {
		if n > 0 {
			s.rows = n
		}
	}
}

// WithForeignUserIDs makes the single-user read answer with an
// externalUserId other than the one asked for (a server that normalises ids,
// or a buggy proxy cache), which a client must survive without waiting
// forever for "its" answer.
func WithForeignUserIDs() Option { return func(s *Server) { s.foreignIDs = true } }

// New returns a healthy hostile server: valid answers full of payloads.
func New(opts ...Option) *Server {
	s := &Server{payloads: Payloads, rows: len(Payloads) + 3, actionStatus: http.StatusBadRequest}
	for _, o := range opts {
		if o != nil {
			o(s)
		}
	}
	s.mux = s.routes()
	return s
}

// SetFault replaces the fault in force; Fault{} heals the server.
func (s *Server) SetFault(f Fault) {
	s.mu.Lock()
	s.fault = f
	s.mu.Unlock()
}

// Fault is the fault in force.
func (s *Server) Fault() Fault {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.fault
}

// SetActionStatus sets the status of every action's (hostile) error answer;
// 400 by default. A 2xx status answers a hostile strategy record instead.
func (s *Server) SetActionStatus(code int) {
	s.mu.Lock()
	s.actionStatus = code
	s.mu.Unlock()
}

// Hits is how many requests arrived, faulted or not.
func (s *Server) Hits() int64 { return s.hits.Load() }

// Served is how many healthy 2xx answers were written in full: a test waits
// for it to grow to know that a poll after healing succeeded. It is counted
// after the last write, so it may lag the client's read by a moment.
func (s *Server) Served() int64 { return s.served.Load() }

// ServeHTTP applies the fault in force, then answers the route.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.hits.Add(1)
	s.mu.Lock()
	f := s.fault
	s.mu.Unlock()
	if f.Latency > 0 && !sleepFor(r, f.Latency) {
		return
	}
	if !s.injectBefore(f, w, r) {
		return
	}
	rec := &recorder{header: http.Header{}, status: http.StatusOK}
	s.mux.ServeHTTP(rec, r)
	s.injectAfter(f, w, r, rec)
}

// routes registers every route of the interface the dashboard uses.
func (s *Server) routes() *http.ServeMux {
	m := http.NewServeMux()
	const p = "/api/v1"
	m.HandleFunc("GET "+p+"/users", func(w http.ResponseWriter, _ *http.Request) { reply(w, s.users()) })
	m.HandleFunc("GET "+p+"/users/{id}", func(w http.ResponseWriter, r *http.Request) {
		reply(w, s.user(rowOfText(r.PathValue("id"), s.rows), r.PathValue("id")))
	})
	m.HandleFunc("GET "+p+"/users/{id}/balances", func(w http.ResponseWriter, _ *http.Request) { reply(w, s.balances()) })
	m.HandleFunc("GET "+p+"/users/{id}/balances/{chainId}", func(w http.ResponseWriter, r *http.Request) {
		reply(w, s.balance(rowOfText(r.PathValue("chainId"), s.rows), true))
	})
	m.HandleFunc("POST "+p+"/getUserPools", func(w http.ResponseWriter, _ *http.Request) { reply(w, s.userPools()) })
	m.HandleFunc("POST "+p+"/getTokenBalance", func(w http.ResponseWriter, _ *http.Request) { reply(w, s.tokenBalance()) })
	m.HandleFunc("POST "+p+"/getClientPools", func(w http.ResponseWriter, _ *http.Request) { reply(w, s.pools()) })
	m.HandleFunc("GET "+p+"/pools/{id}", func(w http.ResponseWriter, r *http.Request) {
		reply(w, s.pool(s.rowOfID(r.PathValue("id")), true))
	})
	m.HandleFunc("POST "+p+"/strategies/getDashBoardStats", func(w http.ResponseWriter, _ *http.Request) {
		reply(w, map[string]any{"usersCount": s.rows, "strategiesCount": int64(math.MaxInt64)})
	})
	m.HandleFunc("GET "+p+"/strategies", func(w http.ResponseWriter, r *http.Request) {
		page, _ := strconv.Atoi(r.URL.Query().Get("page"))
		reply(w, s.strategiesPage(page))
	})
	m.HandleFunc("POST "+p+"/strategies/getStrategies", func(w http.ResponseWriter, r *http.Request) {
		reply(w, s.strategiesPage(bodyPage(r)))
	})
	m.HandleFunc("POST "+p+"/strategies/getFilteredStrategies", func(w http.ResponseWriter, r *http.Request) {
		reply(w, s.filtered(bodyPage(r)))
	})
	m.HandleFunc("GET "+p+"/strategies/{id}", func(w http.ResponseWriter, r *http.Request) {
		reply(w, s.strategy(s.rowOfID(r.PathValue("id")), true))
	})
	// Every write: user upsert, creates, updates and lifecycle actions.
	m.HandleFunc("POST "+p+"/users", s.action)
	m.HandleFunc("POST "+p+"/strategies/{name}", s.action)
	m.HandleFunc("POST "+p+"/strategies/{id}/{verb}", s.action)
	m.HandleFunc("/", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write(encode(s.errorBody(http.StatusNotFound)))
	})
	return m
}

// action answers a write with a hostile error, or with a hostile strategy
// record when the action status is 2xx.
func (s *Server) action(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	code := s.actionStatus
	s.mu.Unlock()
	if code >= 200 && code < 300 {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		_, _ = w.Write(encode(s.strategy(s.rowOfID(r.PathValue("id")), true)))
		return
	}
	if code == http.StatusTooManyRequests || code == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "1")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_, _ = w.Write(encode(s.errorBody(code)))
}

// reply writes v as a 200 JSON answer.
func reply(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(encode(v))
}

// rowOfID maps a record id back to the row that made it.
func (s *Server) rowOfID(id string) int {
	n, err := strconv.ParseInt(id, 10, 64)
	switch {
	case err != nil || n < 0:
		return 1
	case n == math.MaxInt64:
		return 0
	case n >= 1000:
		return int((n - 1000) % int64(s.rows*pages))
	}
	return int(n % int64(s.rows))
}

// rowOfText picks a row for a free-form path value, stably.
func rowOfText(v string, rows int) int {
	h := 0
	for i := 0; i < len(v); i++ {
		h = (h*31 + int(v[i])) & 0xffff
	}
	return h % rows
}

// bodyPage reads "page" from a JSON body, 1 when absent or unreadable.
func bodyPage(r *http.Request) int {
	var b struct {
		Page int `json:"page"`
	}
	_ = json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&b)
	return max(b.Page, 1)
}

// recorder captures a route's answer so a fault can mangle it afterwards.
type recorder struct {
	header http.Header
	status int
	body   []byte
	wrote  bool
}

func (r *recorder) Header() http.Header { return r.header }

func (r *recorder) WriteHeader(code int) {
	if !r.wrote {
		r.status, r.wrote = code, true
	}
}

func (r *recorder) Write(b []byte) (int, error) {
	r.wrote = true
	r.body = append(r.body, b...)
	return len(b), nil
}
