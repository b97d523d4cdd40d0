package model

import (
	"strings"
	"testing"
)

// TestToolboxKeysInHelpOnlyWhereTheyWork: the full help lists y, Y, ctrl+s,
// o and O on a tab where they act now, and not elsewhere.
func TestToolboxKeysInHelpOnlyWhereTheyWork(t *testing.T) {
	has := func(v string, words ...string) bool {
		v = strings.Join(strings.Fields(v), " ") // help columns pad key and text apart
		for _, w := range words {
			if !strings.Contains(v, w) {
				return false
			}
		}
		return true
	}
	a := startStream(t, nil, 160, 50)
	a.waitReady("12 users")
	a.keys("?")
	v := a.waitFor("help", func(v string) bool { return strings.Contains(v, "mouse on") })
	for _, w := range []string{"copy id", "copy JSON", "export CSV", "o sort", "reverse sort"} {
		if has(v, w) {
			t.Errorf("the Overview's help offers %q", w)
		}
	}
	a.keys("?", "2")
	a.waitReady("page 1 of 3")
	a.keys("?")
	a.waitFor("the Strategies help", func(v string) bool {
		return has(v, "y copy id", "Y copy JSON", "ctrl+s export CSV", "o sort", "O reverse sort")
	})
	a.keys("?", "4")
	a.waitReady("[4 Users]", "EXTERNAL ID")
	a.keys("?")
	v = a.waitFor("the Users help", func(v string) bool { return has(v, "y copy id", "o sort") })
	if has(v, "reverse sort") {
		t.Error("O is offered on an unsorted list")
	}
	a.keys("?", "o", "?")
	a.waitFor("O once sorted", func(v string) bool { return has(v, "O reverse sort") })

	// Without a terminal to write to, copy is not offered.
	b := startApp(t, 160, 50)
	b.keys("2")
	b.waitReady("page 1 of 3")
	b.keys("?")
	b.waitFor("the help", func(v string) bool { return has(v, "ctrl+s export CSV") })
	if strings.Contains(b.frame(), "copy id") {
		t.Error("copy offered without a terminal")
	}
}
