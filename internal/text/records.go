package text

import (
	"math/big"
	"strconv"
	"strings"
)

// Kind names a strategy's method and side: "dca buy", "volume sell".
func Kind(method, category string) string {
	switch {
	case method == "" && category == "":
		return Dash
	case method == "":
		return category
	case category == "":
		return method
	}
	return method + " " + category
}

// JoinNonEmpty joins the non-empty parts with sep.
func JoinNonEmpty(sep string, parts ...string) string {
	out := parts[:0:0]
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
}

// JobSubject names a user-wide job: "disable-all user cust_1".
func JobSubject(action, user string) string { return action + " user " + user }

// JobProgress is a job's progress: "12 of 40 paused".
func JobProgress(done, total int, next string) string {
	return strconv.Itoa(done) + " of " + strconv.Itoa(total) + " " + next
}

// SumAmount adds raw integer amounts exactly and formats the sum with the
// token's decimals; an empty amount counts as none, a broken one shows "?".
func SumAmount(raws []string, decimals int) string {
	sum := new(big.Int)
	for _, r := range raws {
		if r == "" {
			continue
		}
		v, ok := new(big.Int).SetString(r, 10)
		if !ok {
			return "?"
		}
		sum.Add(sum, v)
	}
	return Amount(sum.String(), decimals)
}
