package text

// Chain names for the chain ids the spec lists as active (section 1). The
// spec itself only says "EVM chain" for four of them and "Solana" for one;
// 1, 56 and 8453 are the well-known public ids of Ethereum, BNB Chain and
// Base. For 4663 the spec gives no name and we do not guess one: it is shown
// with a neutral label that keeps the id visible. Any other id (a chain added
// later, or a hostile value) is shown as its decimal number.
//
// The ids are the values of api.ChainEthereum, api.ChainBNB, api.ChainBase,
// api.Chain4663 and api.ChainSolana, written out so that this file does not
// need package api to compile.

import "strconv"

const (
	chainEthereum int64 = 1
	chainBNB      int64 = 56
	chainBase     int64 = 8453
	chain4663     int64 = 4663
	chainSolana   int64 = 1399811149
)

// ChainName is the label of a chain id in headers, detail panes and filters.
func ChainName(id int64) string {
	switch id {
	case chainEthereum:
		return "Ethereum"
	case chainBNB:
		return "BNB Chain"
	case chainBase:
		return "Base"
	case chain4663:
		return "EVM-4663" // unnamed by the spec: see the file comment
	case chainSolana:
		return "Solana"
	}
	return strconv.FormatInt(id, 10)
}

// ChainShort is the label of a chain id in narrow table columns (at most four
// cells for the known chains).
func ChainShort(id int64) string {
	switch id {
	case chainEthereum:
		return "ETH"
	case chainBNB:
		return "BNB"
	case chainBase:
		return "BASE"
	case chain4663:
		return "4663"
	case chainSolana:
		return "SOL"
	}
	return strconv.FormatInt(id, 10)
}
