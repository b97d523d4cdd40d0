package sandbox

import (
	"math/big"
	"math/bits"
	"strconv"
)

// u128 is an unsigned 128-bit raw token amount. Raw amounts of 18-decimal
// tokens overflow int64 quickly, and a *big.Int per strategy would cost an
// allocation each for 200k seeded strategies; a value type costs nothing.
// It holds up to about 3.4e38, far beyond any plausible balance.
type u128 struct{ hi, lo uint64 }

// u64 widens v.
func u64(v uint64) u128 { return u128{lo: v} }

// isZero reports whether a is 0.
func (a u128) isZero() bool { return a.hi == 0 && a.lo == 0 }

// cmp returns -1, 0 or +1.
func (a u128) cmp(b u128) int {
	switch {
	case a.hi < b.hi:
		return -1
	case a.hi > b.hi:
		return 1
	case a.lo < b.lo:
		return -1
	case a.lo > b.lo:
		return 1
	}
	return 0
}

// add returns a+b and whether it overflowed.
func (a u128) add(b u128) (u128, bool) {
	lo, c := bits.Add64(a.lo, b.lo, 0)
	hi, c2 := bits.Add64(a.hi, b.hi, c)
	return u128{hi, lo}, c2 != 0
}

// sub returns a-b, or 0 when b > a (balances never go negative).
func (a u128) sub(b u128) u128 {
	if a.cmp(b) <= 0 {
		return u128{}
	}
	lo, c := bits.Sub64(a.lo, b.lo, 0)
	hi, _ := bits.Sub64(a.hi, b.hi, c)
	return u128{hi, lo}
}

// min returns the smaller of a and b.
func (a u128) min(b u128) u128 {
	if a.cmp(b) <= 0 {
		return a
	}
	return b
}

// mul64 returns a*m and whether it overflowed.
func (a u128) mul64(m uint64) (u128, bool) {
	hiLo, lo := bits.Mul64(a.lo, m)
	hiHi, hiLo2 := bits.Mul64(a.hi, m)
	hi, c := bits.Add64(hiLo, hiLo2, 0)
	return u128{hi, lo}, hiHi != 0 || c != 0
}

// divmod64 returns a/d and a%d; d must not be 0.
func (a u128) divmod64(d uint64) (u128, uint64) {
	qhi := a.hi / d
	r := a.hi % d
	qlo, r := bits.Div64(r, a.lo, d)
	return u128{qhi, qlo}, r
}

// pow10 returns 10^n as a u128 (n <= 38).
func pow10(n int) u128 {
	v := u64(1)
	for i := 0; i < n; i++ {
		v, _ = v.mul64(10)
	}
	return v
}

// String writes the decimal digits, the wire form of raw amounts.
func (a u128) String() string {
	if a.hi == 0 {
		return strconv.FormatUint(a.lo, 10)
	}
	var buf [40]byte
	i := len(buf)
	for !a.isZero() {
		var r uint64
		a, r = a.divmod64(10)
		i--
		buf[i] = byte('0' + r)
	}
	return string(buf[i:])
}

// big converts a for arithmetic with prices.
func (a u128) big() *big.Int {
	b := new(big.Int).SetUint64(a.hi)
	b.Lsh(b, 64)
	return b.Or(b, new(big.Int).SetUint64(a.lo))
}

// parseU128 reads a raw amount: ASCII digits only, no sign, no spaces, at
// most 39 digits and within range.
func parseU128(s string) (u128, bool) {
	if s == "" || len(s) > 39 {
		return u128{}, false
	}
	var v u128
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return u128{}, false
		}
		var over, over2 bool
		v, over = v.mul64(10)
		v, over2 = v.add(u64(uint64(c - '0')))
		if over || over2 {
			return u128{}, false
		}
	}
	return v, true
}
