package model

// The misfire tests' record of what the sandbox received: every
// state-changing request, with the ids and amount its path and body name.

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
)

// readPOSTs are the routes that read with a POST; every other non-GET
// request changes state.
var readPOSTs = map[string]bool{
	"/api/v1/getUserPools": true, "/api/v1/getTokenBalance": true, "/api/v1/getClientPools": true,
	"/api/v1/strategies/getDashBoardStats": true, "/api/v1/strategies/getStrategies": true,
	"/api/v1/strategies/getFilteredStrategies": true,
}

// received is one state-changing request: its path and its body's ids.
type received struct {
	seq      int // keys the root had taken when it arrived
	path     string
	strategy int64  // from the path or the body's strategyId
	user     string // the body's userId
	amount   string // changeBalance: the raw amount on either side
}

// postLog records every state-changing request a handler receives.
type postLog struct {
	mu    sync.Mutex
	posts []received
	seq   func() int // keys taken so far
}

func (l *postLog) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && !readPOSTs[r.URL.Path] {
			body, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(body))
			rec := parseReceived(r.URL.Path, body)
			if l.seq != nil {
				rec.seq = l.seq()
			}
			l.mu.Lock()
			l.posts = append(l.posts, rec)
			l.mu.Unlock()
		}
		h.ServeHTTP(w, r)
	})
}

func parseReceived(path string, body []byte) received {
	var b struct {
		UserID          string `json:"userId"`
		StrategyID      int64  `json:"strategyId"`
		BalanceBuyUsed  string `json:"balanceBuyUsed"`
		BalanceSellUsed string `json:"balanceSellUsed"`
	}
	_ = json.Unmarshal(body, &b)
	rec := received{path: path, strategy: b.StrategyID, user: b.UserID, amount: b.BalanceBuyUsed + b.BalanceSellUsed}
	// /api/v1/strategies/{id}/halt and /archive carry the id in the path.
	parts := strings.Split(strings.TrimPrefix(path, "/api/v1/strategies/"), "/")
	if len(parts) == 2 {
		if id, err := parseID(parts[0]); err == nil {
			rec.strategy = id
		}
	}
	return rec
}

func (l *postLog) all() []received {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]received(nil), l.posts...)
}
