package alert

// The link a page carries (generatorURL): what an operator opens from it.
// For a strategy it is the explorer page of the strategy's pool token on
// its chain (the settings' [explorers] over the built-in explorers), the
// page the dashboard links from the strategy; else the sink's
// generator_url template; else Alertmanager's own view of the alert,
// which whoever got the page can open. Events carry the pool's symbol,
// not its token address, so the strategy is read once per pool and the
// address kept.

import (
	"context"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/watch"
)

// StrategyReader reads one strategy: the interface client.
type StrategyReader interface {
	GetStrategy(ctx context.Context, id int64) (*api.Strategy, error)
}

// linkRead bounds the read of a strategy for its link: the post waits
// for it, and a page without the explorer link beats a late page.
const linkRead = 3 * time.Second

// maxTokens bounds the pool tokens kept.
const maxTokens = 4096

type tokenKey struct {
	chain int64
	pool  string
}

// tokens are the pool token addresses read, by chain and pool symbol.
type tokens struct {
	mu sync.Mutex
	by map[tokenKey]string
}

// explorerURL is the explorer page of the event's pool token, "" when the
// chain has no explorer or the strategy cannot be read.
func (a *Alertmanager) explorerURL(ctx context.Context, ev watch.Event) string {
	if ev.Strategy == 0 || !a.o.Explorers.On() {
		return ""
	}
	key := tokenKey{int64(ev.Chain), ev.Pool}
	a.tokens.mu.Lock()
	addr, known := a.tokens.by[key]
	a.tokens.mu.Unlock()
	chain := key.chain
	if !known {
		if a.o.Strategies == nil {
			return ""
		}
		rctx, cancel := context.WithTimeout(ctx, linkRead)
		st, err := a.o.Strategies.GetStrategy(rctx, ev.Strategy)
		cancel()
		if err != nil || st == nil {
			a.logf("alerts: sink %s: the strategy %d for its explorer link: %v", a.name, ev.Strategy, err)
			return ""
		}
		addr, chain = st.Pool.TokenAddress, st.ChainID
		a.tokens.mu.Lock()
		if a.tokens.by == nil || len(a.tokens.by) >= maxTokens {
			a.tokens.by = map[tokenKey]string{}
		}
		a.tokens.by[tokenKey{chain, st.Pool.Symbol}] = addr
		a.tokens.mu.Unlock()
	}
	return a.o.Explorers.AddressURL(chain, addr)
}

// generatorURL is the link of an alert about ev under rule.
func (a *Alertmanager) generatorURL(ctx context.Context, rule string, ev watch.Event) string {
	if u := a.explorerURL(ctx, ev); u != "" {
		return u
	}
	if a.o.GeneratorURL != "" {
		strategy := ""
		if ev.Strategy != 0 {
			strategy = strconv.FormatInt(ev.Strategy, 10)
		}
		return strings.NewReplacer("{strategy}", url.PathEscape(strategy), "{user}", url.PathEscape(ev.User),
			"{pool}", url.PathEscape(ev.Pool), "{rule}", url.PathEscape(rule)).Replace(a.o.GeneratorURL)
	}
	return a.alertmanagerView(a.labels(rule, "", &ev))
}

// alertmanagerView is the first Alertmanager's page of the alerts with
// labels (severity aside): the same for every serve of a pair.
func (a *Alertmanager) alertmanagerView(labels map[string]string) string {
	if a.o.Client == nil || len(a.o.Client.URLs) == 0 {
		return ""
	}
	base, err := url.Parse(a.o.Client.URLs[0])
	if err != nil {
		return ""
	}
	base.User = nil // credentials come from the environment, never a link
	names := make([]string, 0, len(labels))
	for k := range labels {
		if k != "severity" {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	var ms []string
	for _, k := range names {
		ms = append(ms, fmt.Sprintf("%s=%q", k, labels[k]))
	}
	return strings.TrimRight(base.String(), "/") + "/#/alerts?filter=" + url.QueryEscape("{"+strings.Join(ms, ",")+"}")
}
