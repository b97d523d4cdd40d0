package model

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/stratop/stratop/internal/testkit"
)

func TestCopyAsCommandCopiesTheFilteredList(t *testing.T) {
	term := &testkit.Buffer{}
	m, _, _ := newTestModel(t, WithTerminal(term), WithProfile("ops"))
	m, _ = press(m, "2")
	st := m.strategiesTab()
	st.filter[fieldStatus], st.filter[fieldChain] = "paused", "8453"
	m.tabs[tabStrategies] = st
	m, cmd := press(m, "C")
	runCmd(cmd)
	s := term.String()
	i := strings.LastIndex(s, "\x1b]52;c;")
	if i < 0 {
		t.Fatalf("nothing copied: %q", s)
	}
	enc := s[i+len("\x1b]52;c;"):]
	enc = enc[:strings.IndexAny(enc, "\x07\x1b")]
	b, err := base64.StdEncoding.DecodeString(enc)
	if err != nil {
		t.Fatal(err)
	}
	if want := "stratop --profile ops strategies list --status paused --chain 8453 -o table"; string(b) != want {
		t.Fatalf("copied %q, want %q", b, want)
	}
}
