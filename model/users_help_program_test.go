package model

import (
	"strings"
	"testing"
)

// At 80x24 the Users tab's full help, built from the key map, lists o and
// O (once the list is sorted, when O acts) beside the tab's own keys.
func TestProgramUsersHelpAt80ListsSortAndReverse(t *testing.T) {
	a := startStream(t, nil, 80, 24)
	a.waitReady("12 users")
	a.keys("4")
	a.waitReady("[4 Users]", "EXTERNAL ID")
	a.keys("o", "?")
	a.waitFor("the Users help with o and O", func(v string) bool {
		v = strings.Join(strings.Fields(v), " ")
		return strings.Contains(v, "enter choose user") && strings.Contains(v, "o sort") && strings.Contains(v, "O reverse sort")
	})
}
