package api

import (
	"regexp"
	"strings"
	"sync"
)

// Rules the client and the sandbox must apply identically, so that what the
// client lets through the sandbox accepts and the other way round. They are
// written once, here, and the OpenAPI description states the same bounds
// (api/openapi.json; a test holds the three together).

// MaxRawAmount is the largest raw token amount either side accepts: 2^128-1.
// The spec shows no bound; 128 bits hold any balance of an 18-decimal token
// up to about 3.4e20 whole tokens, and the sandbox keeps amounts in 128 bits.
const MaxRawAmount = "340282366920938463463374607431768211455"

// MaxRawAmountDigits is the length of MaxRawAmount: no raw amount is longer.
const MaxRawAmountDigits = len(MaxRawAmount)

// ValidRawAmount reports whether s is a raw token amount: ASCII digits only
// (no sign, no spaces, no decimal point), 1 to MaxRawAmountDigits of them,
// and at most MaxRawAmount. Leading zeros are allowed within the length.
func ValidRawAmount(s string) bool {
	if s == "" || len(s) > MaxRawAmountDigits {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	// Equal lengths of plain digits compare like their values.
	return len(s) < MaxRawAmountDigits || s <= MaxRawAmount
}

// EmailPattern is the e-mail rule: the "valid e-mail address" of the HTML
// standard with at least one dot in the domain, so "a@localhost" is refused.
// It takes no display name, no quoting, no spaces, and is plain RE2 and
// ECMA-262, so the OpenAPI description can carry it verbatim as a pattern.
const EmailPattern = "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$"

// MaxEmailLength bounds an e-mail address (the longest path RFC 5321 allows).
const MaxEmailLength = 254

// emailRE is compiled at its first use, not at every start of the binary:
// its bounded repetitions make it one of the costliest patterns to compile.
var emailRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(EmailPattern) })

// ValidEmail reports whether s is an e-mail address by EmailPattern and at
// most MaxEmailLength bytes long.
func ValidEmail(s string) bool {
	return len(s) <= MaxEmailLength && !strings.ContainsAny(s, "\r\n") && emailRE().MatchString(s)
}
