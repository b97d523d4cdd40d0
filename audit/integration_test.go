package audit

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/stratop/stratop/integration"
)

func id(t *testing.T, base, key string) integration.ID {
	t.Helper()
	v, err := integration.New(base, key)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// Two integrations on one host, one profile name: each entry is read back
// as its own integration's and never the other's.
func TestEntriesRecordTheirIntegration(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	a, b := id(t, "https://h.example", "key-a"), id(t, "https://h.example", "key-b")
	for _, x := range []integration.ID{a, b} {
		l, err := Open(path, "default", "h.example", ForIntegration(x))
		if err != nil {
			t.Fatal(err)
		}
		if err := l.Write(Entry{Seq: x.KeyHash, Action: "halt", StrategyIDs: []int64{298}, Outcome: OutcomeDone}); err != nil {
			t.Fatal(err)
		}
		_ = l.Close()
	}
	recs, err := Read(path, time.Time{})
	if err != nil || len(recs) != 2 {
		t.Fatalf("%v %v", recs, err)
	}
	for _, r := range recs {
		mine := a
		other := b
		if r.Seq == b.KeyHash {
			mine, other = b, a
		}
		if !r.BelongsTo(mine) || r.BelongsTo(other) {
			t.Errorf("entry %s: belongs to its own %v, to the other %v", r.Seq, r.BelongsTo(mine), r.BelongsTo(other))
		}
		if r.IntegrationLabel() != mine.Label() {
			t.Errorf("label %q, want %q", r.IntegrationLabel(), mine.Label())
		}
	}
}

// An entry from before the field is matched by host and port alone.
func TestOldEntriesMatchByHost(t *testing.T) {
	cases := []struct {
		host string
		base string
		want bool
	}{
		{"h.example", "https://h.example", true},
		{"H.example:443", "https://h.example", true},
		{"h.example", "https://h.example:8443", false},
		{"h.example:8443", "https://h.example:8443", true},
		{"other.example", "https://h.example", false},
		{"127.0.0.1:8787", "http://127.0.0.1:8787", true},
		{"[::1]:8787", "http://[::1]:8787", true},
		{"", "https://h.example", false},
	}
	for _, c := range cases {
		if got := (Entry{Host: c.host}).BelongsTo(id(t, c.base, "k")); got != c.want {
			t.Errorf("host %q vs %s: %v, want %v", c.host, c.base, got, c.want)
		}
	}
}

func TestFilterByHostOrIntegration(t *testing.T) {
	a, b := id(t, "https://h.example", "key-a"), id(t, "https://h.example", "key-b")
	loop := id(t, "http://127.0.0.1:8787", "demo")
	ea, eb, el := Entry{Integration: a.String()}, Entry{Integration: b.String()}, Entry{Integration: loop.String()}
	old := Entry{Host: "h.example"}
	cases := []struct {
		name  string
		match []Entry
		miss  []Entry
	}{
		{"h.example", []Entry{ea, eb, old}, []Entry{el}},
		{"h.example:443#" + a.KeyHash, []Entry{ea, old}, []Entry{eb, el}},
		{a.String(), []Entry{ea, old}, []Entry{eb, el}},
		{a.Label(), []Entry{ea, old}, []Entry{eb, el}},
		{"127.0.0.1:8787", []Entry{el}, []Entry{ea, old}},
		{"h.example:8443", nil, []Entry{ea, eb, old, el}},
	}
	for _, c := range cases {
		f, err := ParseFilter(c.name)
		if err != nil {
			t.Fatalf("%q: %v", c.name, err)
		}
		for _, e := range c.match {
			if !f.Match(e) {
				t.Errorf("%q misses %+v", c.name, e)
			}
		}
		for _, e := range c.miss {
			if f.Match(e) {
				t.Errorf("%q matches %+v", c.name, e)
			}
		}
	}
	if _, err := ParseFilter("h.example#zz"); err == nil {
		t.Error("a bad key hash is accepted")
	}
}
