package metrics

import (
	"crypto/subtle"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// EnvToken names the variable holding the bearer token /metrics asks for
// when it listens beyond loopback.
const EnvToken = "STRATOP_METRICS_TOKEN"

// DefaultListen is loopback: nothing else can scrape without a decision.
const DefaultListen = "127.0.0.1:9464"

// Options of the handler.
type Options struct {
	Sources  Sources
	Latency  *Latency
	Token    string        // required as "Authorization: Bearer TOKEN" on /metrics when set
	Interval time.Duration // the watcher's interval
	Healthy  int           // /healthz is good while the last good read is at most this many intervals old
	Now      func() time.Time
}

// ErrTokenNeeded is a listen address beyond loopback without a token.
var ErrTokenNeeded = errors.New("metrics: listening beyond loopback needs a bearer token in " + EnvToken)

// CheckListen refuses an address that is not loopback when no token is set.
func CheckListen(addr, token string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("metrics: --listen %q: %w", addr, err)
	}
	if isLoopback(host) || token != "" {
		return nil
	}
	return ErrTokenNeeded
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Handler serves /metrics and /healthz.
func Handler(o Options) http.Handler {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Interval <= 0 {
		o.Interval = 5 * time.Second
	}
	if o.Healthy <= 0 {
		o.Healthy = 3
	}
	reg := prometheus.NewRegistry()
	reg.MustRegister(collector{o.Sources}, collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if o.Latency != nil {
		reg.MustRegister(o.Latency.h)
	}
	mux := http.NewServeMux()
	metrics := promhttp.HandlerFor(reg, promhttp.HandlerOpts{})
	mux.Handle("/metrics", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if o.Token != "" && !bearer(r, o.Token) {
			w.Header().Set("WWW-Authenticate", `Bearer realm="stratop"`)
			http.Error(w, "a bearer token is required", http.StatusUnauthorized)
			return
		}
		metrics.ServeHTTP(w, r)
	}))
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) {
		ok, why := health(o)
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		if !ok {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
		fmt.Fprintln(w, why)
	})
	return mux
}

func bearer(r *http.Request, token string) bool {
	got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	return ok && subtle.ConstantTimeCompare([]byte(got), []byte(token)) == 1
}

// health says whether a read succeeded within Healthy intervals (a
// watcher that has just started has that long for its first).
func health(o Options) (bool, string) {
	if o.Sources.role() == RoleStandby {
		// Healthy as what it is: ready to take over, watching nothing.
		return true, "ok: standby (another stratop serve of this integration is active)"
	}
	if o.Sources.Watch == nil {
		return false, "no watcher"
	}
	s := o.Sources.Watch()
	now := o.Now()
	last, what := s.LastGood, "last good read"
	if last.IsZero() {
		last, what = s.Since, "started, no good read yet"
	}
	limit := time.Duration(o.Healthy) * o.Interval
	age := now.Sub(last).Round(time.Millisecond)
	if last.IsZero() || age > limit {
		return false, fmt.Sprintf("unhealthy: %s %s ago (limit %s)", what, age, limit)
	}
	return true, fmt.Sprintf("ok: %s %s ago", what, age)
}
