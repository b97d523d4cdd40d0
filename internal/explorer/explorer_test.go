package explorer

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mr-tron/base58"

	"github.com/stratop/stratop/api"
)

const (
	evmAddr = "0x81c6aaefa1bca736641069fd2d877f4c3872a180"
	evmTx   = "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060"
	solAddr = "So11111111111111111111111111111111111111112" // 32 bytes
)

// solSig is a Solana signature: 64 bytes in base58.
var solSig = base58.Encode(bytes.Repeat([]byte{0x5a}, 64))

// Each known chain links its public explorer's page of an address and of
// a transaction; chain 4663 and an unknown chain have none of their own.
func TestDefaultExplorersOfTheKnownChains(t *testing.T) {
	x := New(nil)
	cases := []struct {
		chain        int64
		addr, tx     string
		wantA, wantT string
	}{
		{api.ChainEthereum, evmAddr, evmTx, "https://etherscan.io/address/" + evmAddr, "https://etherscan.io/tx/" + evmTx},
		{api.ChainBNB, evmAddr, evmTx, "https://bscscan.com/address/" + evmAddr, "https://bscscan.com/tx/" + evmTx},
		{api.ChainBase, evmAddr, evmTx, "https://basescan.org/address/" + evmAddr, "https://basescan.org/tx/" + evmTx},
		{api.ChainSolana, solAddr, solSig, "https://solscan.io/account/" + solAddr, "https://solscan.io/tx/" + solSig},
		{api.Chain4663, evmAddr, evmTx, "", ""},
		{999999, evmAddr, evmTx, "", ""},
	}
	for _, c := range cases {
		if got := x.AddressURL(c.chain, c.addr); got != c.wantA {
			t.Errorf("chain %d address: %q, want %q", c.chain, got, c.wantA)
		}
		if got := x.TxURL(c.chain, c.tx); got != c.wantT {
			t.Errorf("chain %d tx: %q, want %q", c.chain, got, c.wantT)
		}
	}
}

// A link is built only from a value that is an address or hash of the
// chain: anything else, whatever the server sent, links nothing.
func TestOnlyValidValuesAreLinked(t *testing.T) {
	x := New(nil)
	addrs := map[string]struct {
		chain int64
		value string
	}{
		"evm short":                 {api.ChainEthereum, evmAddr[:41]},
		"evm long":                  {api.ChainEthereum, evmAddr + "0"},
		"evm no 0x":                 {api.ChainEthereum, "00" + evmAddr[2:]},
		"evm not hex":               {api.ChainEthereum, evmAddr[:41] + "g"},
		"evm with a path":           {api.ChainEthereum, evmAddr[:22] + "/../" + evmAddr[26:]},
		"evm with an escape":        {api.ChainEthereum, evmAddr[:41] + "\x1b"},
		"evm tx as an address":      {api.ChainEthereum, evmTx},
		"solana address on evm":     {api.ChainEthereum, solAddr},
		"evm address on solana":     {api.ChainSolana, evmAddr},
		"solana not base58 (0)":     {api.ChainSolana, "0" + solAddr[1:]},
		"solana not base58 (l)":     {api.ChainSolana, "l" + solAddr[1:]},
		"solana signature as addr":  {api.ChainSolana, solSig},
		"solana 31 bytes":           {api.ChainSolana, base58.Encode(bytes.Repeat([]byte{7}, 31))},
		"solana too long to decode": {api.ChainSolana, strings.Repeat("z", 45)},
		"empty":                     {api.ChainEthereum, ""},
	}
	for name, c := range addrs {
		if got := x.AddressURL(c.chain, c.value); got != "" {
			t.Errorf("%s: address %q linked as %q", name, c.value, got)
		}
	}
	txs := map[string]struct {
		chain int64
		value string
	}{
		"evm address as a tx":  {api.ChainBase, evmAddr},
		"evm tx short":         {api.ChainBase, evmTx[:65]},
		"solana 63 bytes":      {api.ChainSolana, base58.Encode(bytes.Repeat([]byte{7}, 63))},
		"solana address as tx": {api.ChainSolana, solAddr},
		"evm tx on solana":     {api.ChainSolana, evmTx},
	}
	for name, c := range txs {
		if got := x.TxURL(c.chain, c.value); got != "" {
			t.Errorf("%s: tx %q linked as %q", name, c.value, got)
		}
	}
	// Upper-case hex and 0X are still an address.
	if got := x.AddressURL(api.ChainEthereum, "0X"+strings.ToUpper(evmAddr[2:])); got == "" {
		t.Error("an upper-case EVM address is not linked")
	}
}

// The settings' templates replace the default of their kind for their
// chain and give a chain without one its links; a template that is not a
// plain http(s) URL of printable ASCII, or a chain that is not a number,
// is ignored and the default stays.
func TestSettingsTemplatesOverTheDefaults(t *testing.T) {
	x := New(map[string]string{
		"4663":       "https://scan.example/a/{address}",
		"8453":       "https://base.example/tx/{tx}",
		"1":          "javascript:alert('{address}')",
		"56":         "https://bsc.example/{address} x",
		"1399811149": "https://sol.example/\x1b]8;;{address}",
		"base":       "https://nochain.example/{address}",
		"10":         "https:///{address}",
		"137":        "https://poly.example/ä/{address}",
	})
	checks := []struct {
		what, got, want string
	}{
		{"4663 address from its template", x.AddressURL(api.Chain4663, evmAddr), "https://scan.example/a/" + evmAddr},
		{"4663 has no tx template", x.TxURL(api.Chain4663, evmTx), ""},
		{"base tx replaced", x.TxURL(api.ChainBase, evmTx), "https://base.example/tx/" + evmTx},
		{"base address kept", x.AddressURL(api.ChainBase, evmAddr), "https://basescan.org/address/" + evmAddr},
		{"a javascript: template ignored", x.AddressURL(api.ChainEthereum, evmAddr), "https://etherscan.io/address/" + evmAddr},
		{"a template with a space ignored", x.AddressURL(api.ChainBNB, evmAddr), "https://bscscan.com/address/" + evmAddr},
		{"a template with an escape ignored", x.AddressURL(api.ChainSolana, solAddr), "https://solscan.io/account/" + solAddr},
		{"a template without a host ignored", x.AddressURL(10, evmAddr), ""},
		{"a template of non-ASCII ignored", x.AddressURL(137, evmAddr), ""},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: %q, want %q", c.what, c.got, c.want)
		}
	}
}

// A user's wallet has no chain: an EVM address opens on Ethereum's
// explorer (the settings' if it has one), a Solana address on Solana's,
// anything else nowhere.
func TestWalletURL(t *testing.T) {
	x := New(nil)
	if got, want := x.WalletURL(evmAddr), "https://etherscan.io/address/"+evmAddr; got != want {
		t.Errorf("EVM wallet: %q, want %q", got, want)
	}
	if got, want := x.WalletURL(solAddr), "https://solscan.io/account/"+solAddr; got != want {
		t.Errorf("Solana wallet: %q, want %q", got, want)
	}
	if got := x.WalletURL("cust_8f3"); got != "" {
		t.Errorf("an external user id linked as %q", got)
	}
	mine := New(map[string]string{"1": "https://eth.example/{address}"})
	if got, want := mine.WalletURL(evmAddr), "https://eth.example/"+evmAddr; got != want {
		t.Errorf("EVM wallet with the settings' Ethereum explorer: %q, want %q", got, want)
	}
}

// The zero value links nothing and says so; New always links.
func TestZeroValueLinksNothing(t *testing.T) {
	var x Explorers
	if x.On() || x.AddressURL(api.ChainEthereum, evmAddr) != "" || x.TxURL(api.ChainEthereum, evmTx) != "" || x.WalletURL(evmAddr) != "" {
		t.Fatal("the zero Explorers linked something")
	}
	if !New(nil).On() {
		t.Fatal("New links nothing")
	}
}
