package model

// Program tests of explorer links over the output stream: OSC 8 targets for
// EVM and Solana addresses and transaction hashes from the chain's template,
// the text drawn unchanged, and no OSC 8 at all with links off.

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/stratop/stratop/api"
	"github.com/stratop/stratop/ui"
)

func TestLinksOnPoolTokensEVMAndSolana(t *testing.T) {
	a := startStream(t, nil, 200, 60, WithExplorers(ui.NewExplorers(map[string]string{
		"4663": "https://explorer.example/address/{address}",
	})))
	pools, err := a.c.GetClientPools(context.Background(), 0)
	if err != nil || len(pools) == 0 {
		t.Fatalf("pools: %v", err)
	}
	a.keys("3")
	a.waitReady("SYMBOL", "TOKEN")
	wantBy := map[int64]string{
		api.ChainEthereum: "https://etherscan.io/address/",
		api.ChainBNB:      "https://bscscan.com/address/",
		api.ChainBase:     "https://basescan.org/address/",
		api.ChainSolana:   "https://solscan.io/account/",
		api.Chain4663:     "https://explorer.example/address/",
	}
	links := linkTargets(a.waitStream("links", func(out string) bool { return strings.Contains(out, "\x1b]8;;") }))
	seen := map[int64]bool{}
	for _, p := range pools {
		want := wantBy[p.ChainID] + p.TokenAddress
		if !links[want] {
			t.Errorf("pool %d (chain %d): no link to %s", p.ID, p.ChainID, want)
		}
		seen[p.ChainID] = true
	}
	if !seen[api.ChainSolana] || !seen[api.ChainBase] {
		t.Fatalf("the sandbox's pools do not cover an EVM and a Solana chain: %v", seen)
	}
	for l := range links {
		if !strings.HasPrefix(l, "https://") {
			t.Errorf("link %q is not from a template", l)
		}
	}
}

func TestLinksOnTransactionHashesAndWallets(t *testing.T) {
	a := startStream(t, nil, 200, 60, WithExplorers(ui.NewExplorers(nil)))
	p, err := a.c.ListStrategies(context.Background(), stratFilter{}.integrationQuery(1, 20))
	if err != nil || len(p.Strategies) == 0 {
		t.Fatalf("listing: %v", err)
	}
	row := -1
	var full *api.Strategy
	for i, s := range p.Strategies {
		f, err := a.c.GetStrategy(context.Background(), s.ID)
		if err == nil && s.ChainID != api.Chain4663 && len(f.Transactions) > 0 {
			row, full = i, f
			break
		}
	}
	if row < 0 {
		t.Fatal("no strategy on page 1 with transactions on a chain with a default explorer")
	}
	a.keys("2")
	a.waitReady("page 1 of 3")
	for range row {
		a.keys("down")
	}
	a.keys("enter")
	a.waitReady("Latest transactions")
	tx := full.Transactions[0]
	chain := tx.ChainID
	if chain == 0 {
		chain = full.ChainID
	}
	want := ui.NewExplorers(nil).TxURL(chain, tx.TxHash)
	if want == "" {
		t.Fatalf("the sandbox's hash %q of chain %d does not validate", tx.TxHash, chain)
	}
	a.waitStream("the transaction's link "+want, func(out string) bool { return linkTargets(out)[want] })

	u := a.sb.Users()[0]
	wallet := ui.NewExplorers(nil).WalletURL(u.WalletAddress)
	if wallet == "" {
		t.Fatalf("wallet %q does not validate", u.WalletAddress)
	}
	a.keys("esc", "4")
	a.waitReady("[4 Users]", "EXTERNAL ID")
	a.waitStream("the wallet's link "+wallet, func(out string) bool { return linkTargets(out)[wallet] })
}

// TestLinksLeaveTheTextAsDrawn draws the same screens with links on and
// off: without the escape sequences they are the same, cell for cell.
// Each screen is read once, when it opens: polling every few milliseconds,
// a reply awaited over two intervals (a loaded machine) would mark one of
// the two programs "waiting for an answer" on its status line, a
// difference of timing, not of links.
func TestLinksLeaveTheTextAsDrawn(t *testing.T) {
	steps := [][]string{{"3"}, {"enter"}, {"esc", "4"}, {"2"}, {"enter"}}
	waits := [][]string{{"SYMBOL"}, {"price"}, {"[4 Users]", "EXTERNAL ID"}, {"page 1 of 3"}, {"Latest transactions"}}
	for _, width := range []int{80, 120, 200} {
		on := startStream(t, nil, width, 40, WithInterval(time.Hour), WithExplorers(ui.NewExplorers(nil)))
		off := startStream(t, nil, width, 40, WithInterval(time.Hour))
		for i, keys := range steps {
			on.keys(keys...)
			off.keys(keys...)
			fOn := on.waitReady(waits[i]...)
			fOff := off.waitReady(waits[i]...)
			if i == 0 {
				// The renderer writes at its own pace: wait for the
				// pool tokens' links to reach the stream.
				on.waitStream("a link", func(out string) bool { return strings.Contains(out, "\x1b]8;;https://") })
			}
			if strings.Contains(fOff, "\x1b]8;") {
				t.Fatalf("width %d, step %v: a link with links off", width, keys)
			}
			if ansi.Strip(fOn) != ansi.Strip(fOff) {
				t.Fatalf("width %d, step %v: the text differs with links\n%s\n---\n%s", width, keys, ansi.Strip(fOn), ansi.Strip(fOff))
			}
			for n, l := range strings.Split(fOn, "\n") {
				if w := ansi.StringWidth(l); w > width {
					t.Fatalf("width %d, step %v: line %d is %d cells", width, keys, n+1, w)
				}
			}
		}
		if !strings.Contains(on.out.String(), "\x1b]8;;https://") {
			t.Fatalf("width %d: links on wrote no link", width)
		}
	}
}

func TestLinksOffWritesNoOSC8(t *testing.T) {
	a := startStream(t, nil, 200, 60)
	steps := [][]string{{"3"}, {"enter"}, {"esc", "2"}, {"enter"}, {"esc", "4"}, {"enter"}}
	waits := [][]string{{"SYMBOL", "TOKEN"}, {"price"}, {"page 1 of 3"}, {"Latest transactions"}, {"[4 Users]", "EXTERNAL ID"}, {"Native balances"}}
	for i, keys := range steps {
		a.keys(keys...)
		// Every frame drawn, whether or not the renderer wrote it yet.
		if f := a.waitReady(waits[i]...); strings.Contains(f, "\x1b]8;") {
			t.Fatalf("step %v: links = false drew OSC 8", keys)
		}
	}
	if out := a.out.String(); strings.Contains(out, "\x1b]8;") {
		t.Fatalf("links = false wrote OSC 8: %q", out[strings.Index(out, "\x1b]8;"):][:80])
	}
}
