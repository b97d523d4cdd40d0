package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

const (
	evmAddr = "0x52908400098527886E0F7030069857D2E4169EE7"
	evmTx   = "0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b"
	solAddr = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin"
	solSig  = "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW"
)

func TestExplorerTargets(t *testing.T) {
	x := NewExplorers(map[string]string{"4663": "https://explorer.example/address/{address}"})
	for _, c := range []struct {
		got, want string
	}{
		{x.AddressURL(1, evmAddr), "https://etherscan.io/address/" + evmAddr},
		{x.AddressURL(56, evmAddr), "https://bscscan.com/address/" + evmAddr},
		{x.AddressURL(8453, evmAddr), "https://basescan.org/address/" + evmAddr},
		{x.AddressURL(1399811149, solAddr), "https://solscan.io/account/" + solAddr},
		{x.TxURL(1, evmTx), "https://etherscan.io/tx/" + evmTx},
		{x.TxURL(1399811149, solSig), "https://solscan.io/tx/" + solSig},
		{x.AddressURL(4663, evmAddr), "https://explorer.example/address/" + evmAddr},
		{x.TxURL(4663, evmTx), ""},              // the settings gave 4663 no {tx} template
		{x.AddressURL(42161, evmAddr), ""},      // a chain without a template
		{x.AddressURL(1, solAddr), ""},          // a Solana address on an EVM chain
		{x.AddressURL(1399811149, evmAddr), ""}, // an EVM address on Solana
		{x.AddressURL(1399811149, solSig), ""},  // a signature is not an address
		{x.TxURL(1, evmAddr), ""},               // an address is not a hash
		{x.WalletURL(evmAddr), "https://etherscan.io/address/" + evmAddr},
		{x.WalletURL(solAddr), "https://solscan.io/account/" + solAddr},
		{NewExplorers(map[string]string{"1": "https://eth.blockscout.com/address/{address}"}).AddressURL(1, evmAddr),
			"https://eth.blockscout.com/address/" + evmAddr},
		{Explorers{}.AddressURL(1, evmAddr), ""}, // links = false
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// TestHostileValuesMakeNoLink: a value the server sent is linked only when
// it is an address or hash of the chain, whatever it holds around one.
func TestHostileValuesMakeNoLink(t *testing.T) {
	x := NewExplorers(nil)
	hostile := []string{
		evmAddr + "\x1b]8;;https://evil.example\x07",
		"\x1b[31m" + evmAddr,
		evmAddr + `"><script>`,
		`"` + evmAddr + `"`,
		"javascript:alert(1)",
		"javascript:" + evmAddr,
		evmAddr[:41] + "\a",
		evmAddr + " ",
		"https://evil.example/" + evmAddr,
		"0x" + strings.Repeat("g", 40),
		solAddr + "\x1b\\",
		solAddr[:20] + "0OIl" + solAddr[24:], // not base58
		strings.Repeat("1", 5000),
		"",
	}
	for _, v := range hostile {
		for _, chain := range []int64{1, 56, 8453, 1399811149} {
			if u := x.AddressURL(chain, v); u != "" {
				t.Errorf("AddressURL(%d, %q) = %q", chain, v, u)
			}
			if u := x.TxURL(chain, v); u != "" {
				t.Errorf("TxURL(%d, %q) = %q", chain, v, u)
			}
		}
		if u := x.WalletURL(v); u != "" {
			t.Errorf("WalletURL(%q) = %q", v, u)
		}
	}
}

func TestHostileTemplatesAreIgnored(t *testing.T) {
	for _, tpl := range []string{
		"javascript:alert(1)//{address}",
		"https://ex.example/\x1b]8;;x\x07{address}",
		"https://ex.example/\a{address}",
		"https://ex.example/ {address}",
		"file:///etc/{address}",
		"https:///{address}",
		"https://ex.example/é/{address}",
	} {
		x := NewExplorers(map[string]string{"4663": tpl})
		if u := x.AddressURL(4663, evmAddr); u != "" {
			t.Errorf("template %q made a link %q", tpl, u)
		}
	}
}

func TestLinkedCellsKeepTheirWidth(t *testing.T) {
	x := NewExplorers(nil)
	cols := LayoutColumns([]Column{{Title: "ID", Min: 4, Max: 4, Right: true}, {Title: "TOKEN", Min: 15, Max: 15, Middle: true}}, 30)
	cells := []Cell{{Text: "7"}, {Text: evmAddr, Link: x.AddressURL(1, evmAddr)}}
	plain := []Cell{{Text: "7"}, {Text: evmAddr}}
	for _, draw := range []func([]Cell) string{
		func(c []Cell) string { return RenderRow(DefaultStyles(), cols, c, RowFlags{}, 30) },
		func(c []Cell) string { return RenderSelectedRow(DefaultStyles(), cols, c, RowFlags{}, 30) },
	} {
		linked, unlinked := draw(cells), draw(plain)
		if ansi.Strip(linked) != ansi.Strip(unlinked) || ansi.StringWidth(linked) != 30 {
			t.Fatalf("linked %q, plain %q", ansi.Strip(linked), ansi.Strip(unlinked))
		}
		// The link spans the cut text only and is closed.
		want := ansi.SetHyperlink("https://etherscan.io/address/"+evmAddr) + FitMiddle(evmAddr, 15) + ansi.ResetHyperlink()
		if !strings.Contains(linked, want) {
			t.Fatalf("no closed link around the drawn text: %q", linked)
		}
	}
}
