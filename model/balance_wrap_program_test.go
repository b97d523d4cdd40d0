package model

import (
	"math/big"
	"strings"
	"testing"

	"github.com/stratop/stratop/internal/text"
)

// The review before an amount is sent shows the amount and the balance
// after whole at 80x24, however long (wrapped, never cut with "…"), and
// its hint line whole.
func TestProgramBalanceReviewAt80x24ShowsALongAmountWhole(t *testing.T) {
	a := startApp(t, 80, 24)
	a.keys("2")
	a.waitReady("page 1 of")
	s := liveBuyVolume(a, 18)
	before := a.balance(s.ID)
	a.openBalance(s.ID)
	units := "12345678901234567890123456789012345.123456789012345678" // 53 digits
	raw := strings.Replace(units, ".", "", 1)
	after := new(big.Int).Add(before, mustInt(t, raw))
	a.typeText(units)
	a.keys("enter")
	a.waitText("Confirm adding to strategy " + itoa(s.ID) + "?")
	v := a.frame()
	box := dialogText(v)
	for _, want := range []string{text.Amount(raw, 18), raw, text.Amount(after.String(), 18), "y add it", "change the amount"} {
		if !strings.Contains(box, strings.ReplaceAll(want, " ", "")) {
			t.Errorf("the review lacks %q whole:\n%s", want, v)
		}
	}
	if strings.Contains(box, "…") {
		t.Errorf("the review cuts something:\n%s", v)
	}
}

// dialogText is what the frame's dialog box says, its lines joined without
// the border and the spaces wrapping put between pieces.
func dialogText(v string) string {
	var b strings.Builder
	for _, l := range strings.Split(v, "\n") {
		i, j := strings.Index(l, "│"), strings.LastIndex(l, "│")
		if i < 0 || j <= i {
			continue
		}
		b.WriteString(strings.ReplaceAll(l[i+len("│"):j], " ", ""))
	}
	return b.String()
}
