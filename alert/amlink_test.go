package alert

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/config"
	"github.com/stratop/stratop/internal/explorer"
	"github.com/stratop/stratop/watch"
)

type fakeStrategies struct {
	mu    sync.Mutex
	reads int
	fail  bool
	by    map[int64]api.Strategy
}

func (f *fakeStrategies) GetStrategy(_ context.Context, id int64) (*api.Strategy, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reads++
	if f.fail {
		return nil, errors.New("interface down")
	}
	st, ok := f.by[id]
	if !ok {
		return nil, errors.New("no such strategy")
	}
	return &st, nil
}

const tokenAddr = "0x52908400098527886E0F7030069857D2E4169EE7"

// The link of a page: the explorer page of the strategy's pool token where
// its chain has an explorer (the settings' over the built-in ones), read
// once per pool; else the sink's generator_url; else Alertmanager's view
// of the alert, without credentials.
func TestAlertmanagerGeneratorURL(t *testing.T) {
	strategies := &fakeStrategies{by: map[int64]api.Strategy{
		1: {ID: 1, ChainID: 4663, Pool: api.PoolSummary{Symbol: "ETH/USDC", TokenAddress: tokenAddr}},
		2: {ID: 2, ChainID: 4663, Pool: api.PoolSummary{Symbol: "ETH/USDC", TokenAddress: tokenAddr}},
		3: {ID: 3, ChainID: 42161, Pool: api.PoolSummary{Symbol: "ARB/USDC", TokenAddress: tokenAddr}},
	}}
	sink := func(template string) *Alertmanager {
		c, err := NewAMClient("oncall", &config.AlertmanagerSink{URLs: []string{"http://am-1.example:9093/", "http://am-2.example:9093"}},
			func(string) string { return "" })
		if err != nil {
			t.Fatal(err)
		}
		return NewAlertmanager("oncall", AlertmanagerOptions{Client: c, Integration: "https://partner.example:443#abc",
			Profile: "prod", GeneratorURL: template, Strategies: strategies,
			Explorers: explorer.New(map[string]string{"4663": "https://explorer.example/address/{address}"})})
	}
	ctx := context.Background()
	ev := func(id int64, chain int, pool string) watch.Event {
		e := status("e", id, "active", "paused")
		e.Chain, e.Pool = chain, pool
		return e
	}

	withTemplate, plain := sink("https://ops.example/s/{strategy}"), sink("")
	want := "https://explorer.example/address/" + tokenAddr
	if got := withTemplate.generatorURL(ctx, "halted", ev(1, 4663, "ETH/USDC")); got != want {
		t.Fatalf("a strategy on a chain with an explorer: %q, want %q", got, want)
	}
	if got := withTemplate.generatorURL(ctx, "halted", ev(2, 4663, "ETH/USDC")); got != want || strategies.reads != 1 {
		t.Fatalf("a second strategy of the pool: %q after %d reads, want %q after one", got, strategies.reads, want)
	}
	// Arbitrum has no explorer here: the template, then Alertmanager's view.
	if got := withTemplate.generatorURL(ctx, "halted", ev(3, 42161, "ARB/USDC")); got != "https://ops.example/s/3" {
		t.Fatalf("no explorer, a template: %q", got)
	}
	got := plain.generatorURL(ctx, "halted", ev(3, 42161, "ARB/USDC"))
	u, err := url.Parse(got)
	if err != nil || u.Host != "am-1.example:9093" || !strings.HasPrefix(u.Fragment, "/alerts?filter=") {
		t.Fatalf("no explorer, no template: %q, want the first Alertmanager's view of the alert", got)
	}
	filter, _ := url.QueryUnescape(strings.TrimPrefix(u.Fragment, "/alerts?filter="))
	for _, m := range []string{`alertname="halted"`, `strategy="3"`, `integration="https://partner.example:443#abc"`} {
		if !strings.Contains(filter, m) {
			t.Fatalf("the view's filter %s lacks %s", filter, m)
		}
	}
	// The interface does not answer: the page goes out with the fallback.
	strategies.fail = true
	if got := plain.generatorURL(ctx, "halted", ev(9, 4663, "BTC/USDC")); !strings.Contains(got, "/#/alerts?filter=") {
		t.Fatalf("strategy unreadable: %q", got)
	}
}
