package sandbox

import (
	"encoding/hex"
	"strings"

	"github.com/stratop/stratop/api"
)

// Real-looking chain identifiers: EVM addresses (0x + 40 hex), Solana
// base58 addresses (32 bytes, 32-44 characters), transaction hashes and
// signatures. They are derived from a hash of (salt, id), so they are
// deterministic for a seed and need no storage for seeded records.

// mix is the splitmix64 finaliser: a cheap, well-spread hash of x.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// fillBytes fills dst with bytes derived from the keys.
func fillBytes(dst []byte, keys ...uint64) {
	h := uint64(0x243f6a8885a308d3)
	for _, k := range keys {
		h = mix(h ^ k)
	}
	for i := range dst {
		if i%8 == 0 {
			h = mix(h + uint64(i))
		}
		dst[i] = byte(h >> (8 * (i % 8)))
	}
}

// evmAddress is 0x and 40 lower-case hex digits.
func evmAddress(keys ...uint64) string {
	var b [20]byte
	fillBytes(b[:], keys...)
	return "0x" + hex.EncodeToString(b[:])
}

// solanaAddress is the base58 form of 32 bytes (a public key).
func solanaAddress(keys ...uint64) string {
	var b [32]byte
	fillBytes(b[:], keys...)
	b[0] |= 0x80 // keeps the length at 43-44 characters, like most real keys
	return base58(b[:])
}

// addressFor makes an address of the chain's kind.
func addressFor(chainID int64, keys ...uint64) string {
	if chainID == api.ChainSolana {
		return solanaAddress(keys...)
	}
	return evmAddress(keys...)
}

// txHashFor is a transaction hash (EVM: 0x + 64 hex) or signature (Solana:
// base58 of 64 bytes).
func txHashFor(chainID int64, keys ...uint64) string {
	var b [64]byte
	fillBytes(b[:], keys...)
	if chainID == api.ChainSolana {
		b[0] |= 0x80
		return base58(b[:])
	}
	return "0x" + hex.EncodeToString(b[:32])
}

const base58Alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

// base58 encodes bytes with the Bitcoin alphabet used by Solana.
func base58(in []byte) string {
	zeros := 0
	for zeros < len(in) && in[zeros] == 0 {
		zeros++
	}
	digits := make([]byte, 0, len(in)*138/100+1) // base-58 digits, little-endian
	for _, b := range in[zeros:] {
		carry := int(b)
		for i := range digits {
			carry += int(digits[i]) << 8
			digits[i] = byte(carry % 58)
			carry /= 58
		}
		for carry > 0 {
			digits = append(digits, byte(carry%58))
			carry /= 58
		}
	}
	var sb strings.Builder
	sb.Grow(zeros + len(digits))
	for i := 0; i < zeros; i++ {
		sb.WriteByte('1')
	}
	for i := len(digits) - 1; i >= 0; i-- {
		sb.WriteByte(base58Alphabet[digits[i]])
	}
	return sb.String()
}

// validAddress reports whether s is an address of the chain's kind: 0x and 40
// hex digits on EVM chains, base58 decoding to 32 bytes on Solana (32-44
// characters).
func validAddress(chainID int64, s string) bool {
	if chainID == api.ChainSolana {
		return validBase58Key(s)
	}
	return validEVMAddress(s)
}

// validEVMAddress checks 0x + 40 hex digits (any case; checksums are not
// enforced).
func validEVMAddress(s string) bool {
	if len(s) != 42 || (s[:2] != "0x" && s[:2] != "0X") {
		return false
	}
	_, err := hex.DecodeString(s[2:])
	return err == nil
}

// validBase58Key checks a base58 string of 32-44 characters that decodes to
// 32 bytes.
func validBase58Key(s string) bool {
	if len(s) < 32 || len(s) > 44 {
		return false
	}
	n := 0 // decoded length in bytes, tracked with a little-endian bignum
	var num []byte
	for i := 0; i < len(s); i++ {
		d := strings.IndexByte(base58Alphabet, s[i])
		if d < 0 {
			return false
		}
		carry := d
		for j := range num {
			carry += int(num[j]) * 58
			num[j] = byte(carry)
			carry >>= 8
		}
		for carry > 0 {
			num = append(num, byte(carry))
			carry >>= 8
		}
	}
	for i := 0; i < len(s) && s[i] == '1'; i++ {
		n++
	}
	return n+len(num) == 32
}

// validWallet accepts either kind of address, for user wallets whose chain
// is not given.
func validWallet(s string) bool { return validEVMAddress(s) || validBase58Key(s) }
