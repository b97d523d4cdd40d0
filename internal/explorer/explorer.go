// Package explorer builds block explorer links of addresses and
// transaction hashes: the public explorers of the chains stratop knows,
// with the settings' [explorers] templates over them. A link is built only
// from a value that validates as an address or hash of the chain (EVM: 0x
// and hex digits; Solana: base58 of 32 or 64 bytes) and a template that
// stratop or the settings file holds; never from a URL the server sent.
// The dashboard draws them as OSC 8 links and serve puts them in the
// alerts it sends, so both open the same page.
package explorer

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/mr-tron/base58"

	"github.com/stratop/stratop/api"
)

// explorer is one chain's URL templates; "" means no link of that kind.
type explorer struct {
	address string // with {address}
	tx      string // with {tx}
}

// defaultExplorers are the public explorers of the chains stratop knows;
// 4663 and any other chain get links only from the settings' [explorers].
var defaultExplorers = map[int64]explorer{
	api.ChainEthereum: {"https://etherscan.io/address/{address}", "https://etherscan.io/tx/{tx}"},
	api.ChainBNB:      {"https://bscscan.com/address/{address}", "https://bscscan.com/tx/{tx}"},
	api.ChainBase:     {"https://basescan.org/address/{address}", "https://basescan.org/tx/{tx}"},
	api.ChainSolana:   {"https://solscan.io/account/{address}", "https://solscan.io/tx/{tx}"},
}

// Explorers turns addresses and hashes into links. The zero value links
// nothing.
type Explorers struct {
	by map[int64]explorer
}

// New is the default explorers with the settings' templates
// (chain id -> template holding {address} or {tx}) over them. A template
// replaces the default of its kind for its chain; one that is not a plain
// http(s) URL of printable ASCII is ignored (the settings check names it).
func New(templates map[string]string) Explorers {
	by := make(map[int64]explorer, len(defaultExplorers)+len(templates))
	for id, e := range defaultExplorers {
		by[id] = e
	}
	for k, t := range templates {
		id, err := strconv.ParseInt(k, 10, 64)
		if err != nil || !validTemplate(t) {
			continue
		}
		e := by[id]
		if strings.Contains(t, "{address}") {
			e.address = t
		}
		if strings.Contains(t, "{tx}") {
			e.tx = t
		}
		by[id] = e
	}
	return Explorers{by: by}
}

// On reports whether links are written at all.
func (x Explorers) On() bool { return x.by != nil }

// AddressURL is the explorer page of an address on a chain, "" when the
// value is not an address of that chain or the chain has no template.
func (x Explorers) AddressURL(chain int64, addr string) string {
	t := x.by[chain].address
	if t == "" || !validAddress(chain, addr) {
		return ""
	}
	return strings.ReplaceAll(t, "{address}", addr)
}

// TxURL is the explorer page of a transaction hash (Solana: signature).
func (x Explorers) TxURL(chain int64, hash string) string {
	t := x.by[chain].tx
	if t == "" || !validTx(chain, hash) {
		return ""
	}
	return strings.ReplaceAll(t, "{tx}", hash)
}

// WalletURL links a user's wallet, which the interface sends without a
// chain: an EVM address is the same account on every EVM chain and opens on
// Ethereum's explorer, a Solana address on Solana's.
func (x Explorers) WalletURL(addr string) string {
	if u := x.AddressURL(api.ChainEthereum, addr); u != "" {
		return u
	}
	return x.AddressURL(api.ChainSolana, addr)
}

// validTemplate accepts an http(s) URL with a host, printable ASCII only
// (no space, no control that could end the OSC 8 sequence early).
func validTemplate(t string) bool {
	for i := 0; i < len(t); i++ {
		if t[i] <= ' ' || t[i] >= 0x7f {
			return false
		}
	}
	u, err := url.Parse(t)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != ""
}

// validAddress: Solana a base58 public key (32 bytes), any other chain an
// EVM address (0x and 40 hex digits).
func validAddress(chain int64, s string) bool {
	if chain == api.ChainSolana {
		return base58Bytes(s, 32, 44) == 32
	}
	return isHex0x(s, 40)
}

// validTx: Solana a base58 signature (64 bytes), any other chain an EVM
// transaction hash (0x and 64 hex digits).
func validTx(chain int64, s string) bool {
	if chain == api.ChainSolana {
		return base58Bytes(s, 64, 88) == 64
	}
	return isHex0x(s, 64)
}

func isHex0x(s string, digits int) bool {
	if len(s) != digits+2 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X') {
		return false
	}
	for i := 2; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// base58Bytes is the decoded length of s when it is base58 of at most
// maxLen characters (checked before decoding, which is quadratic), else -1.
func base58Bytes(s string, minBytes, maxLen int) int {
	if len(s) < minBytes || len(s) > maxLen {
		return -1
	}
	b, err := base58.Decode(s)
	if err != nil {
		return -1
	}
	return len(b)
}
